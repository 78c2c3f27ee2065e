import { Suspense, lazy } from 'react';
import { Route, Switch } from 'wouter';
import { PageSpinner } from './layout/page-spinner';
import HomePage from './routes/home-page';

// Home is the first page most people see, so it ships in the entry chunk; the rest load on demand.
const ProfilePage = lazy(() => import('./routes/profile-page'));
const ProfileEditPage = lazy(() => import('./routes/profile-edit-page'));
const MemberPage = lazy(() => import('./routes/member-page'));
const NotFoundPage = lazy(() => import('./routes/not-found-page'));

/** The route table (SPEC §2). Think Tank routes arrive with their issue. */
export function AppRouter() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/profile" component={ProfilePage} />
        <Route path="/profile/edit" component={ProfileEditPage} />
        <Route path="/member/:username" component={MemberPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
