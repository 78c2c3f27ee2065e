import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { focusIsLost } from '../../../lib/focus';
import { useAuthForm } from '../use-auth-form';
import { useForgotPassword } from '../api/forgot-password';
import { AuthActions, AuthField, AuthFormError, AuthSwitch } from './auth-form-parts';

/**
 * The login dialog's 'Reset your password' view: the account's e-mail address and Send link. The
 * server's one answer (known address or not) shows in a status line; the member may send again or go
 * back to the login form.
 */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const request = useForgotPassword();
  const pending = request.isPending;
  const { formRef, errors, formError, startSubmit, showServerError, edit } = useAuthForm(pending);
  const sentRef = useRef<HTMLParagraphElement>(null);

  // Send link is disabled while the request is out, which drops focus to the page: once the answer is
  // there, focus goes to it (read out as it is focused), unless the member has moved focus meanwhile.
  const sent = request.isSuccess ? request.data : null;
  useEffect(() => {
    if (!sent) return;
    const active = document.activeElement;
    const onSend = active instanceof HTMLButtonElement && active.type === 'submit';
    if (focusIsLost() || onSend) sentRef.current?.focus();
  }, [sent]);

  function submit(event: FormEvent<HTMLFormElement>) {
    if (!startSubmit(event)) return;
    request.mutate(
      { email },
      {
        onError: (error) =>
          showServerError(error, {
            fields: ['email'],
            fallback: 'Could not send the link. Please try again.',
          }),
      },
    );
  }
  return (
    <>
      <DialogHeader>
        <DialogTitle>Reset your password</DialogTitle>
        <DialogDescription>
          Enter the e-mail address of your account and we will send you a link to choose a new password.
        </DialogDescription>
      </DialogHeader>
      <form ref={formRef} noValidate className="grid gap-4" onSubmit={submit}>
        <div>
          <AuthField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            value={email}
            error={errors.email}
            announceError
            onChange={edit('email', setEmail)}
          />
          {/* Always in the page, so that screen readers announce the answer when it arrives. */}
          <div role="status">
            {request.isSuccess ? (
              <p
                ref={sentRef}
                tabIndex={-1}
                className="mt-4 flex items-start gap-2 rounded-md border border-primary/40 bg-primary/10 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
                <span className="min-w-0 wrap-anywhere">{request.data.message}</span>
              </p>
            ) : null}
          </div>
        </div>
        <AuthFormError message={formError} />
        <AuthActions label="Send link" pendingLabel="Sending..." pending={pending} />
      </form>
      <AuthSwitch prompt="Remembered it?" action="Back to login" onSwitch={onBack} />
    </>
  );
}
