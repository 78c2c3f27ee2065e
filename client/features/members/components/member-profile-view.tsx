import { ArrowLeft, Lock, Mail, Wallet } from 'lucide-react';
import { useCurrentUser } from '../../../lib/current-user';
import { MemberSafety } from './member-safety';
import { useLocation } from 'wouter';
import type { MemberProfile } from '@common/contracts/members';
import { AthleticProfileCard } from '../../../components/athletic-profile-card';
import { ProfileHero } from '../../../components/profile-hero';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { errorStatus } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { frameVariant } from '../../../lib/member-frame';
import { canGoBackInApp } from '../../../lib/in-app-history';
import { useMemberProfile } from '../api/get-member-profile';
import { memberProfileErrorText } from '../member-profile-error';

/**
 * Back to the page before, when it was one of this app's; home when this page was the first one opened
 * in the tab (a link opened in a new tab, say), where going back would leave the app or do nothing.
 */
function useGoBack(): () => void {
  const [, navigate] = useLocation();
  return () => {
    if (canGoBackInApp()) window.history.back();
    else navigate('/', { replace: true });
  };
}

function AccessDenied({ message }: { message: string }) {
  const goBack = useGoBack();
  return (
    <div className="grid min-h-[50vh] place-items-center">
      <Card className="w-full max-w-md p-6 text-center sm:p-8">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-destructive/15 text-destructive">
          <Lock aria-hidden="true" className="size-6" />
        </span>
        <h2 className="mt-4 text-2xl font-black uppercase tracking-wide">Access Denied</h2>
        <p className="mt-2 text-muted-foreground">{message}</p>
        <Button variant="outline" className="mt-6" onClick={goBack}>
          <ArrowLeft aria-hidden="true" />
          Go Back
        </Button>
      </Card>
    </div>
  );
}

/** E-mail and payment status, present only for the member themself and for admins. */
function AccountCard({ profile }: { profile: MemberProfile }) {
  if (profile.email === undefined && profile.paymentStatus === undefined) return null;
  return (
    <Card aria-labelledby="member-account-title">
      <CardHeader>
        <CardTitle id="member-account-title">Account</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
          {profile.email !== undefined ? (
            <div>
              <dt className="flex items-center gap-1.5 text-xs font-bold uppercase tracking-[0.15em] text-muted-foreground">
                <Mail aria-hidden="true" className="size-3.5" />
                Email
              </dt>
              <dd className="mt-1 break-all">{profile.email}</dd>
            </div>
          ) : null}
          {profile.paymentStatus !== undefined ? (
            <div>
              <dt className="flex items-center gap-1.5 text-xs font-bold uppercase tracking-[0.15em] text-muted-foreground">
                <Wallet aria-hidden="true" className="size-3.5" />
                Payment Status
              </dt>
              <dd className="mt-1 capitalize">{profile.paymentStatus}</dd>
            </div>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * Another member's page before their profile has arrived (docs/decisions.md decision 75): the cards as
 * a public profile seen by a member fills them, with placeholders of the same size for the member's
 * lines and a blank row for Report and Block (an admin's frame has none: they do not get them). The same for every member and every viewer: prerendered,
 * and sent by the server to a live session at any /member/<username>, with only the picture's slot
 * filled in for a viewer who may see it.
 */
function MemberProfileFrame({ safetyRow }: { safetyRow: boolean }) {
  return (
    <div className="grid gap-6">
      <ProfileHero profile={null} pictureSlot />
      {safetyRow ? <div aria-hidden="true" className="h-9" /> : null}
      <AthleticProfileCard profile={null} />
    </div>
  );
}

/**
 * Another member's profile as the server lets this viewer see it, or the Access Denied card. `frame`:
 * the page's frame, drawn while /api/auth/me has not answered (and while React hydrates it); the same
 * frame stays until the profile arrives, which fills it in place.
 */
export function MemberProfileView({ username, frame = false }: { username: string; frame?: boolean }) {
  const query = useMemberProfile(username);
  const viewerIsAdmin = Boolean(useCurrentUser().user?.isAdmin);
  useDocumentTitle(frame ? 'Member' : query.isError ? 'Access Denied' : (query.data?.name ?? `@${username}`));
  // The frame the server sent has the row unless it was an admin's; once /me has answered, the viewer says.
  const safetyRow = frame ? frameVariant() !== 'admin' : !viewerIsAdmin;
  if (frame || query.isPending) return <MemberProfileFrame safetyRow={safetyRow} />;
  if (query.isError) return <AccessDenied message={memberProfileErrorText(errorStatus(query.error))} />;
  const profile = query.data;
  return (
    <div className="grid gap-6">
      <ProfileHero profile={profile} streak={profile.streak} />
      <MemberSafety profile={profile} viewerIsAdmin={viewerIsAdmin} />
      <AthleticProfileCard profile={profile} />
      <AccountCard profile={profile} />
    </div>
  );
}
