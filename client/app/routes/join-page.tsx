import { MailOpen } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { PRODUCT_NAME } from '@common/constants';
import { inviteTokenFromHash } from '@common/contracts/community-values';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useAuthDialog } from '../../features/auth/components/auth-dialog';
import { useCurrentUser } from '../../lib/current-user';
import { useDocumentTitle } from '../../lib/document-title';
import { currentInvite, rememberInvite } from '../../lib/invite-token';
import { dropLinkToken } from '../../lib/link-token';
import { PageSpinner } from '../layout/page-spinner';

/**
 * /join#invite=…: the page an invitation link opens (decision 54). It keeps the invitation for this tab
 * (and drops it from the address), opens the registration dialog, and once the account is made (or for a
 * member already signed in) goes home.
 */
export default function JoinPage() {
  useDocumentTitle('Join');
  const { user, isPending } = useCurrentUser();
  const { openRegister } = useAuthDialog();
  const [, navigate] = useLocation();
  const [invited, setInvited] = useState<boolean | null>(null);
  const opened = useRef(false);

  useEffect(() => {
    const token = inviteTokenFromHash(window.location.hash);
    if (token) rememberInvite(token);
    dropLinkToken();
    setInvited(Boolean(token || currentInvite()));
  }, []);

  useEffect(() => {
    if (isPending || invited === null) return;
    if (user) {
      navigate('/', { replace: true });
      return;
    }
    if (!opened.current) {
      opened.current = true;
      openRegister();
    }
  }, [user, isPending, invited, navigate, openRegister]);

  if (isPending || invited === null || user) return <PageSpinner />;
  return (
    <div className="grid min-h-[50vh] place-items-center">
      <Card className="grid w-full max-w-md gap-4 p-6 sm:p-8">
        <div className="flex items-center gap-3">
          <MailOpen aria-hidden="true" className="size-8 shrink-0 text-brand" />
          <h2 className="text-2xl font-black">
            {invited ? `You're invited to ${PRODUCT_NAME}` : `Join ${PRODUCT_NAME}`}
          </h2>
        </div>
        <p className="text-sm text-muted-foreground">
          {invited
            ? 'A coach invited you. Create your account to join the community at once.'
            : 'This link holds no invitation. Ask a coach for a new one, or create an account if joining is open.'}
        </p>
        <Button className="justify-self-start" onClick={openRegister}>
          Create my account
        </Button>
      </Card>
    </div>
  );
}
