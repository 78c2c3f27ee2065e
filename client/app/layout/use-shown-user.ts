import { useDeferredValue } from 'react';
import { useCurrentUser, type CurrentUserState } from '../../lib/current-user';

const PENDING = 'pending';

/**
 * The current user as the app's frame (header, footer, skip links) draws it: what useCurrentUser says,
 * reached through a deferred render (docs/decisions.md decision 78). /api/auth/me's answer comes through
 * `useSyncExternalStore`, a render React does in one task; in it the frame mounted the member's menu,
 * bell and search (a few hundred ms at 4× CPU on a member page). Deferred, that render only confirms the
 * frame as it is, and the member's parts are drawn next in a render React slices. One value, so that no
 * render sees the session half changed.
 */
export function useShownUser(): CurrentUserState {
  const { user, isPending } = useCurrentUser();
  const shown = useDeferredValue(isPending ? PENDING : user);
  return shown === PENDING ? { user: null, isPending: true } : { user: shown, isPending: false };
}
