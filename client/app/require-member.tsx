import { useDeferredValue, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import { isProvisionalMember, useCurrentUser } from '../lib/current-user';
import { signInReturnState } from '../lib/sign-in-return';
import { PageSpinner } from './layout/page-spinner';

/**
 * Sends a visitor home (SPEC §2), in place of this page's history entry, remembering this page in the
 * home entry's state: home opens the sign-in dialog and, once signed in, comes back here
 * (client/lib/sign-in-return.ts, features/auth/components/auth-dialog.tsx).
 */
function SendHomeToSignIn() {
  const [, navigate] = useLocation();
  useEffect(() => {
    const here = window.location.pathname + window.location.search + window.location.hash;
    navigate('/', { replace: true, state: signInReturnState(here) });
  }, [navigate]);
  return null;
}

/**
 * Shows a members-only page. Visitors go to / to sign in, and come back after — but only once
 * /api/auth/me has answered, so a member who reloads the page is never bounced.
 */
export function RequireMember({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const { user, isPending } = useCurrentUser();
  if (isPending) return <PageSpinner />;
  if (!user) return <SendHomeToSignIn />;
  return <>{children(user)}</>;
}

/**
 * A members-only page that looks the same for every member (the Think Tanks' pages): like
 * RequireMember, except that a page prerendered for members (docs/decisions.md decision 33) is drawn while
 * /api/auth/me confirms the session, exactly as the server sent it.
 */
export function MembersOnly({ children }: { children: ReactNode }) {
  const { user, isPending } = useCurrentUser();
  if (isPending) return isProvisionalMember() ? <>{children}</> : <PageSpinner />;
  if (!user) return <SendHomeToSignIn />;
  return <>{children}</>;
}

const noSubscription = () => () => {};
/** True on the server and while React hydrates the server's HTML; false in every later render. */
const useHydrating = () =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );

/** What MemberFrame draws besides the member's page: the frame (`null` for the page), or the spinner. */
const FRAME = 'frame';
const SPINNER = 'spinner';

/**
 * A members-only page drawn from the member's own data (the own profile): like RequireMember, except
 * that when the server sent the page's frame to a live session (docs/decisions.md decision 68) it is
 * drawn at once with `null`, the frame every member gets, and the same components fill the member's
 * data in place once /api/auth/me has answered.
 */
export function MemberFrame({ children }: { children: (user: CurrentUser | null) => ReactNode }) {
  const { user, isPending } = useCurrentUser();
  // While React hydrates the frame it draws the frame, even when /me has answered meanwhile (it is
  // asked before the app runs): the member's data in that pass would not match the server's HTML.
  const hydrating = useHydrating();
  const wanted = hydrating || (isPending && isProvisionalMember()) ? FRAME : isPending ? SPINNER : user;
  // The frame is filled in by a deferred render (docs/decisions.md decision 72): /me's answer, and the
  // re-render that ends hydration, are synchronous renders, one task for the whole page (1.4 s at 4×
  // CPU in the trace); deferred, React renders the member's page in slices between which the browser
  // answers input, and the frame stays on screen meanwhile. One value, so that no render sees the
  // session's state half changed (a `null` user before isPending is false would send the member home).
  const shown = useDeferredValue(wanted);
  // The frame is one element from hydration on: the synchronous render that ends hydration (and /me's
  // answer, before the deferred render) then finds nothing changed in it instead of drawing it again.
  const frame = useMemo(() => <>{children(null)}</>, [children]);
  if (shown === FRAME) return frame;
  if (shown === SPINNER) return <PageSpinner />;
  if (!shown) return <SendHomeToSignIn />;
  return <>{children(shown)}</>;
}
