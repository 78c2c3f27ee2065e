import { CircleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { LINK_EXPIRED_OR_USED } from '@common/constants';
import { Button, buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useResetLink } from '../../features/auth/api/reset-password';
import { useAuthDialog } from '../../features/auth/components/auth-dialog';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { errorStatus, serverErrorMessage } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/document-title';
import { dropLinkToken, linkTokenFrom } from '../../lib/link-token';

/** A link that cannot be used (any more), with the way to a new one. */
function LinkNotValid({ message }: { message: string }) {
  const { openForgotPassword } = useAuthDialog();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <div className="flex items-center gap-3">
        <CircleAlert aria-hidden="true" className="size-8 shrink-0 text-destructive" />
        <h2 ref={heading} tabIndex={-1} className="text-2xl font-black outline-none">
          Link not valid
        </h2>
      </div>
      <p className="mt-4 text-sm text-muted-foreground">{message}</p>
      <p className="mt-2 text-sm text-muted-foreground">A password reset link works once, for an hour.</p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => openForgotPassword()}>Request a new link</Button>
        <Link href="/" className={buttonVariants({ variant: 'outline' })}>
          Back to the community
        </Link>
      </div>
    </>
  );
}

/** The check itself failed (no connection, a server fault): the link may be fine. */
function CheckFailed({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <div role="alert">
      <div className="flex items-center gap-3">
        <CircleAlert aria-hidden="true" className="size-8 shrink-0 text-destructive" />
        <h2 className="text-2xl font-black">Could not check the link</h2>
      </div>
      <p className="mt-4 text-sm text-muted-foreground">
        {message ?? 'Check your connection and try again.'}
      </p>
      <Button variant="outline" className="mt-6" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/**
 * /reset-password#token=…: the page a password reset link opens. It checks the link first, so a spent
 * one says so before the member types anything, then offers 'Choose a new password'.
 */
export default function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [, navigate] = useLocation();
  // Read during the first render; the effect below then drops it from the address bar.
  const [token] = useState(() => linkTokenFrom(window.location.hash));
  const [spent, setSpent] = useState(false);
  useEffect(() => {
    // Keep the token out of the history and of anything shared from here.
    if (window.location.hash) dropLinkToken();
  }, []);
  const check = useResetLink(token);

  // A 400 is the one answer to a bad link; anything else says nothing about the link.
  const status = check.isError ? errorStatus(check.error) : null;
  const checkFailed = check.isError && status !== 400;
  const invalid = token === '' || (check.isError && !checkFailed) || spent;
  return (
    <div className="grid min-h-[50vh] place-items-center">
      <Card className="w-full max-w-md p-6 sm:p-8">
        {checkFailed && !spent ? (
          <CheckFailed message={serverErrorMessage(check.error)} onRetry={() => void check.refetch()} />
        ) : invalid ? (
          <LinkNotValid
            message={(check.isError && serverErrorMessage(check.error)) || LINK_EXPIRED_OR_USED}
          />
        ) : check.isSuccess ? (
          <ResetPasswordForm
            token={token}
            onDone={() => navigate('/', { replace: true })}
            onLinkSpent={() => setSpent(true)}
          />
        ) : (
          <div className="flex items-center gap-3">
            <Spinner />
            <h2 className="text-xl font-bold">Checking your link…</h2>
          </div>
        )}
      </Card>
    </div>
  );
}
