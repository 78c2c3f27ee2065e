import { Suspense, lazy, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'wouter';
import { MAIN_ID, focusWhenReady, watchFocus } from '../../lib/focus';
import { watchInAppHistory } from '../../lib/in-app-history';
import { SETTINGS_PATH } from '../../lib/paths';
import { Footer, FOOTER_SEARCH_SELECTOR } from './footer';
import { Header } from './header';
import { useRouteFocus } from './use-route-focus';
import { useShownUser } from './use-shown-user';

// Shown only to a member whose password an admin reset (docs/decisions.md decision 1): rare, so loaded on demand.
const ChangePasswordDialog = lazy(() =>
  import('../../features/auth/components/change-password-dialog').then((m) => ({
    default: m.ChangePasswordDialog,
  })),
);

const SKIP_LINK =
  'sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[60] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2.5 focus:text-sm focus:font-semibold focus:text-primary-foreground focus:shadow-lg';

/**
 * The first stops of the Tab order, shown only when focused: past the header to the page, and (for
 * members) to the footer's member search.
 */
function SkipLinks({ mainRef, member }: { mainRef: RefObject<HTMLElement | null>; member: boolean }) {
  return (
    <div>
      <a
        href={`#${MAIN_ID}`}
        className={SKIP_LINK}
        onClick={(event) => {
          event.preventDefault();
          mainRef.current?.focus();
        }}
      >
        Skip to content
      </a>
      {member ? (
        <a
          href="#member-search"
          className={SKIP_LINK}
          onClick={(event) => {
            event.preventDefault();
            // The search may still be loading (it comes after sign-in): focus it once it is there.
            focusWhenReady(() => document.querySelector<HTMLElement>(FOOTER_SEARCH_SELECTOR), {
              from: event.currentTarget,
            });
          }}
        >
          Skip to member search
        </a>
      ) : null}
    </div>
  );
}

/**
 * Skip links, header, page and fixed footer; the page is padded so the footer never hides its end. A
 * member who must change their password gets the dialog for it on every page. After an in-app
 * navigation the new page's heading takes focus.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { user } = useShownUser();
  const [, navigate] = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  useEffect(() => {
    watchFocus();
    watchInAppHistory();
  }, []);
  useRouteFocus(mainRef);

  // The user menu's Settings opens the Settings page (theme and account), one place for both.
  const openSettings = () => navigate(SETTINGS_PATH);

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLinks mainRef={mainRef} member={user?.membership === 'active'} />
      <Header onSettings={openSettings} />
      <main
        ref={mainRef}
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 pb-28 pt-6 outline-none sm:px-6 sm:pt-10"
      >
        {children}
      </main>
      <Footer />
      {user?.mustChangePassword ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog key={user.id} />
        </Suspense>
      ) : null}
    </div>
  );
}
