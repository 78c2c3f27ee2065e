import { LogIn, LogOut, ShieldCheck } from 'lucide-react';
import { Suspense, lazy } from 'react';
import { useSearch } from 'wouter';
import { Button } from '../../components/ui/button';
import { useLogout } from '../../features/auth/api/logout';
import { useAuthDialog } from '../../features/auth/components/auth-dialog';
import { useShownUser } from './use-shown-user';

// Members only: a visitor's first page does not load the search.
const MemberSearch = lazy(() =>
  import('../../features/members/components/member-search').then((m) => ({ default: m.MemberSearch })),
);

/** The member search's box, which the 'Skip to member search' link focuses. */
export const FOOTER_SEARCH_SELECTOR = '[data-slot="footer-search"] input[type="search"]';

/** Whether the page was opened with ?login=admin (the coaches' link, docs/decisions.md decision 11). */
function useAdminLogin(): boolean {
  const search = useSearch();
  return new URLSearchParams(search).get('login') === 'admin';
}

/**
 * The fixed bottom bar: the member search and Logout for members, 'Member Login' (or 'Admin Login') for
 * visitors.
 */
export function Footer() {
  const { user, isPending } = useShownUser();
  const { openLogin } = useAuthDialog();
  const logoutMutation = useLogout();
  const adminLogin = useAdminLogin();

  return (
    <footer
      data-app-chrome=""
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/90 backdrop-blur-md supports-[backdrop-filter]:bg-background/75"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-3 sm:px-6">
        <div className="min-w-0 flex-1" data-slot="footer-search">
          {/* A member still waiting for a coach's approval (decision 54) may not search the members. */}
          {user?.membership === 'active' ? (
            <Suspense fallback={null}>
              <MemberSearch key={user.id} />
            </Suspense>
          ) : null}
        </div>
        {isPending ? null : user ? (
          <Button
            variant="outline"
            disabled={logoutMutation.isPending}
            onClick={() => logoutMutation.mutate()}
          >
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        ) : (
          <Button variant="outline" onClick={openLogin}>
            {adminLogin ? <ShieldCheck aria-hidden="true" /> : <LogIn aria-hidden="true" />}
            {adminLogin ? 'Admin Login' : 'Member Login'}
          </Button>
        )}
      </div>
    </footer>
  );
}
