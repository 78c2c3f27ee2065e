import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import type { CurrentUser } from '@common/contracts/auth';
import { isProvisionalMember, useCurrentUser } from '../lib/current-user';
import { PageSpinner } from './layout/page-spinner';

/**
 * Shows a members-only page. Visitors go to / — but only once /api/auth/me has answered, so a member who
 * reloads the page is never bounced.
 */
export function RequireMember({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const { user, isPending } = useCurrentUser();
  if (isPending) return <PageSpinner />;
  if (!user) return <Redirect to="/" replace />;
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
  if (!user) return <Redirect to="/" replace />;
  return <>{children}</>;
}
