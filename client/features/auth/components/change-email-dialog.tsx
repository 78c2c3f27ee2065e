import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { ERRORS } from '@common/contracts/errors-values';
import { useAuthForm } from '../use-auth-form';
import { useChangeEmail } from '../api/change-email';
import { AuthField, AuthFormError, CurrentPasswordField } from './auth-form-parts';

const KNOWN_FIELDS = {
  [ERRORS.invalidCredentials]: 'password',
  [ERRORS.emailTaken]: 'email',
  'That is already your e-mail address': 'email',
};

/** The dialog's body; it unmounts on close, which clears the fields and the answer. */
function ChangeEmailContent({ currentEmail }: { currentEmail: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const change = useChangeEmail();
  const pending = change.isPending;
  const { formRef, errors, formError, startSubmit, showServerError, edit } = useAuthForm(pending);

  function submit(event: FormEvent<HTMLFormElement>) {
    if (!startSubmit(event)) return;
    change.mutate(
      { email, password },
      {
        onError: (error) =>
          showServerError(error, {
            fields: ['email', 'password'],
            known: KNOWN_FIELDS,
            fallback: 'Could not send the link. Please try again.',
          }),
      },
    );
  }
  return (
    <>
      <DialogHeader>
        <DialogTitle>Change e-mail</DialogTitle>
        <DialogDescription>
          Your address is <strong className="break-all text-foreground">{currentEmail}</strong>. We send a
          link to the new one; it changes when you open that link.
        </DialogDescription>
      </DialogHeader>
      {/* Always in the dialog, so that screen readers announce the answer when it arrives. */}
      <div role="status" className={change.isSuccess ? undefined : 'sr-only'}>
        {change.isSuccess ? (
          <p className="flex items-start gap-2 rounded-md border border-primary/40 bg-primary/10 px-3 py-2 text-sm">
            <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
            <span className="min-w-0 wrap-anywhere">
              We sent a link to <strong>{change.data.pendingEmail}</strong>. Your address changes when you
              open it.
            </span>
          </p>
        ) : null}
      </div>
      {change.isSuccess ? (
        <DialogFooter>
          <DialogClose asChild>
            <Button autoFocus>Done</Button>
          </DialogClose>
        </DialogFooter>
      ) : (
        <form ref={formRef} noValidate className="grid gap-4" onSubmit={submit}>
          <AuthField
            label="New e-mail address"
            name="email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            error={errors.email}
            announceError
            onChange={edit('email', setEmail)}
          />
          <CurrentPasswordField
            label="Current password"
            value={password}
            error={errors.password}
            onChange={edit('password', setPassword)}
          />
          <AuthFormError message={formError} />
          <DialogFooter className="pt-1">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={pending}>
              {pending ? 'Sending...' : 'Send link'}
            </Button>
          </DialogFooter>
        </form>
      )}
    </>
  );
}

/**
 * Change e-mail: the new address and the current password. The server mails a link to the new address
 * (and a notice to the current one); the address changes only when that link is opened.
 */
export function ChangeEmailDialog({
  open,
  onOpenChange,
  currentEmail,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentEmail: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <ChangeEmailContent currentEmail={currentEmail} />
      </DialogContent>
    </Dialog>
  );
}
