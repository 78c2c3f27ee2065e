import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { LINK_EXPIRED_OR_USED } from '@common/constants';
import { buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useConfirmEmail } from '../../features/auth/api/confirm-email';
import { serverErrorMessage } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/document-title';
import { dropLinkToken, linkTokenFrom } from '../../lib/link-token';

/**
 * /confirm-email#token=…: the page a confirmation link opens; it confirms at once. A link mailed to a
 * new address (change of e-mail) opens here too and moves the account to that address.
 */
export default function ConfirmEmailPage() {
  useDocumentTitle('Confirm your e-mail address');
  const confirm = useConfirmEmail();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = linkTokenFrom(window.location.hash);
    // The token has done its work: keep it out of the history and of anything shared from here.
    dropLinkToken();
    confirm.mutate(token);
  }, [confirm]);

  const failed = confirm.isError;
  const done = confirm.isSuccess;
  return (
    <div className="grid min-h-[50vh] place-items-center">
      <Card className="w-full max-w-md p-6 sm:p-8" aria-live="polite">
        {done || failed ? (
          <>
            <div className="flex items-center gap-3">
              {done ? (
                <CircleCheck aria-hidden="true" className="size-8 shrink-0 text-primary" />
              ) : (
                <CircleAlert aria-hidden="true" className="size-8 shrink-0 text-destructive" />
              )}
              <h2 className="text-2xl font-black">{done ? 'E-mail address confirmed' : 'Link not valid'}</h2>
            </div>
            <p className="mt-4 text-sm text-muted-foreground">
              {done
                ? 'Thank you: your e-mail address is confirmed.'
                : (serverErrorMessage(confirm.error) ?? LINK_EXPIRED_OR_USED)}
            </p>
            <Link href="/" className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
              Back to the community
            </Link>
          </>
        ) : (
          <div className="flex items-center gap-3">
            <Spinner />
            <h2 className="text-xl font-bold">Confirming your e-mail address…</h2>
          </div>
        )}
      </Card>
    </div>
  );
}
