import { Suspense, lazy, useMemo } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { UNSUBSCRIBE_PATH } from '@common/notification-mail';
import { CONFIRM_EMAIL_PATH, RESET_PASSWORD_PATH } from '@common/mailed-links';
import { JOIN_PATH } from '@common/contracts/community-values';
import { useCurrentUser } from '../lib/current-user';
import {
  ATTEMPTS_REVIEW_PATH,
  MY_ATTEMPTS_PATH,
  EVENTS_PATH,
  DRILLS_PATH,
  LEADERBOARD_PATH,
  COMMUNITY_ADMIN_PATH,
  REPORTS_ADMIN_PATH,
  AUDIT_ADMIN_PATH,
  NOTIFICATIONS_PATH,
  SETTINGS_PATH,
} from '../lib/paths';
import { preloadable } from '../lib/preloadable';
import { PageSpinner } from './layout/page-spinner';
import HomePage from './routes/home-page';

// Home is the first page most people see, so it ships in the entry chunk; the rest load on demand.
export const ProfilePage = preloadable(() => import('./routes/profile-page'));
const ProfileEditPage = lazy(() => import('./routes/profile-edit-page'));
const SettingsPage = lazy(() => import('./routes/settings-page'));
const AttemptsReviewPage = lazy(() => import('./routes/attempts-review-page'));
const MyAttemptsPage = lazy(() => import('./routes/my-attempts-page'));
const EventsPage = lazy(() => import('./routes/events-page'));
const DrillsPage = lazy(() => import('./routes/drills-page'));
const LeaderboardPage = lazy(() => import('./routes/leaderboard-page'));
export const MemberPage = preloadable(() => import('./routes/member-page'));
const NotFoundPage = lazy(() => import('./routes/not-found-page'));
export const PhysiologicalPage = preloadable(() => import('./routes/physiological-page'));
export const SpiritualPage = preloadable(() => import('./routes/spiritual-page'));
export const ThinkTankAreaPage = preloadable(() => import('./routes/think-tank-area-page'));
export const ThinkTankTopicPage = preloadable(() => import('./routes/think-tank-topic-page'));
export const LessonPage = preloadable(() => import('./routes/lesson-page'));
const ConfirmEmailPage = lazy(() => import('./routes/confirm-email-page'));
const ResetPasswordPage = lazy(() => import('./routes/reset-password-page'));
const CommunityAdminPage = lazy(() => import('./routes/community-admin-page'));
const ReportsAdminPage = lazy(() => import('./routes/reports-admin-page'));
const AuditAdminPage = lazy(() => import('./routes/audit-admin-page'));
const JoinPage = lazy(() => import('./routes/join-page'));
const MembershipWaitingPage = lazy(() => import('./routes/membership-waiting-page'));
const NotificationsPage = lazy(() => import('./routes/notifications-page'));
const UnsubscribePage = lazy(() => import('./routes/unsubscribe-page'));

/** The pages a member whose join request waits (or was declined) may still open (decision 54). */
const OPEN_WHILE_PENDING = new Set<string>([
  SETTINGS_PATH,
  CONFIRM_EMAIL_PATH,
  RESET_PASSWORD_PATH,
  JOIN_PATH,
]);

/** The route table (SPEC §2). The single-page Think Tanks come before the `:area` pattern. */
export function AppRouter() {
  const { user } = useCurrentUser();
  const [location] = useLocation();
  // The same element whatever the current user (docs/decisions.md decision 65): /api/auth/me's answer
  // re-renders the router, and it must not re-render the whole page with it (a render that data causes
  // is not time-sliced: on the physiological page it was one long task). Switch follows the address
  // itself. The Suspense boundary is part of that element (decision 78): hydration leaves the page in
  // it for a later pass, and a new boundary element (its new fallback) from /me's answer made React
  // hydrate the whole page inside that answer's synchronous render.
  const routes = useMemo(
    () => (
      <Suspense fallback={<PageSpinner />}>
        <Routes />
      </Suspense>
    ),
    [],
  );
  if (user && user.membership !== 'active' && !OPEN_WHILE_PENDING.has(location)) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <MembershipWaitingPage user={user} />
      </Suspense>
    );
  }
  return routes;
}

function Routes() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route path="/profile" component={ProfilePage} />
      <Route path="/profile/edit" component={ProfileEditPage} />
      <Route path={SETTINGS_PATH} component={SettingsPage} />
      <Route path={ATTEMPTS_REVIEW_PATH} component={AttemptsReviewPage} />
      <Route path={MY_ATTEMPTS_PATH} component={MyAttemptsPage} />
      <Route path={EVENTS_PATH} component={EventsPage} />
      <Route path={DRILLS_PATH} component={DrillsPage} />
      <Route path={LEADERBOARD_PATH} component={LeaderboardPage} />
      <Route path={COMMUNITY_ADMIN_PATH} component={CommunityAdminPage} />
      <Route path={REPORTS_ADMIN_PATH} component={ReportsAdminPage} />
      <Route path={AUDIT_ADMIN_PATH} component={AuditAdminPage} />
      <Route path={NOTIFICATIONS_PATH} component={NotificationsPage} />
      <Route path={JOIN_PATH} component={JoinPage} />
      <Route path="/member/:username" component={MemberPage} />
      <Route path={CONFIRM_EMAIL_PATH} component={ConfirmEmailPage} />
      <Route path={RESET_PASSWORD_PATH} component={ResetPasswordPage} />
      <Route path={UNSUBSCRIBE_PATH} component={UnsubscribePage} />
      <Route path="/think-tanks/physiological" component={PhysiologicalPage} />
      <Route path="/think-tanks/spiritual" component={SpiritualPage} />
      <Route path="/think-tanks/:area" component={ThinkTankAreaPage} />
      <Route path="/think-tanks/:area/:topic" component={ThinkTankTopicPage} />
      <Route path="/think-tanks/:area/:topic/:lesson" component={LessonPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
