import { Hourglass, LogOut, RotateCw, Settings, ShieldX } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '@common/constants';
import type { CurrentUser } from '@common/contracts/auth';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useLogout } from '../../features/auth/api/logout';
import { currentUserQueryOptions } from '../../lib/current-user';
import { useDocumentTitle } from '../../lib/document-title';
import { SETTINGS_PATH } from '../../lib/paths';

/**
 * What a member whose join request waits for a coach (or was declined) sees on every page but Settings
 * (decision 54). /api/auth/me is asked again every 15 s and on 'Check again': once a coach approves,
 * the app opens as for any member.
 */
export default function MembershipWaitingPage({ user }: { user: CurrentUser }) {
  const declined = user.membership === 'declined';
  useDocumentTitle(declined ? 'Request declined' : 'Waiting for approval');
  const queryClient = useQueryClient();
  // Asked again now and then while the request waits: an approval opens the community by itself.
  useQuery({ ...currentUserQueryOptions(), refetchInterval: declined ? false : 15_000 });
  const logout = useLogout();
  const check = () => queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey });
  const Icon = declined ? ShieldX : Hourglass;
  return (
    <div className="grid min-h-[50vh] place-items-center">
      <Card className="grid w-full max-w-lg gap-4 p-6 sm:p-8" aria-live="polite">
        <div className="flex items-center gap-3">
          <Icon
            aria-hidden="true"
            className={declined ? 'size-8 shrink-0 text-destructive' : 'size-8 shrink-0 text-brand'}
          />
          <h2 className="text-2xl font-black">
            {declined ? 'Your request was declined' : "Waiting for a coach's approval"}
          </h2>
        </div>
        {declined ? (
          <p className="text-sm text-muted-foreground">
            A coach declined your request to join {PRODUCT_NAME}. You can delete your account in Settings,
            which frees your e-mail address.
          </p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              Thanks for joining, {user.name}. A coach approves every new member of {PRODUCT_NAME}: you will
              get an e-mail at <span className="font-semibold text-foreground">{user.email}</span> as soon as
              they do, and this page opens the community by itself.
            </p>
            <p className="text-sm text-muted-foreground">
              Meanwhile you can confirm your e-mail address and change your account in Settings.
            </p>
          </>
        )}
        <div className="flex flex-wrap gap-2">
          {declined ? null : (
            <Button onClick={() => void check()}>
              <RotateCw aria-hidden="true" />
              Check again
            </Button>
          )}
          <Link href={SETTINGS_PATH} className={buttonVariants({ variant: 'outline' })}>
            <Settings aria-hidden="true" />
            Settings
          </Link>
          <Button variant="ghost" disabled={logout.isPending} onClick={() => logout.mutate()}>
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </div>
      </Card>
    </div>
  );
}
