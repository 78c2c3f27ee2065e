import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { LINK_EXPIRED_OR_USED } from '@common/constants';
import { Button } from '../../../components/ui/button';
import { useAuthForm } from '../use-auth-form';
import { useResetPassword } from '../api/reset-password';
import { AuthFormError, NewPasswordFields } from './auth-form-parts';

/**
 * 'Choose a new password', the form a reset link opens: the new password twice, checked as at
 * registration before it is sent. Success signs the member in (`onDone`); a link that was spent
 * meanwhile (another tab, say) is reported to `onLinkSpent`.
 */
export function ResetPasswordForm({
  token,
  onDone,
  onLinkSpent,
}: {
  token: string;
  onDone: () => void;
  onLinkSpent: () => void;
}) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const reset = useResetPassword({ onSuccess: onDone });
  const pending = reset.isPending || reset.isSuccess;
  const { formRef, errors, formError, startSubmit, checkNewPassword, showServerError, edit } =
    useAuthForm(pending);

  function submit(event: FormEvent<HTMLFormElement>) {
    if (!startSubmit(event)) return;
    const problem = checkNewPassword(
      { password, confirm },
      { passwordField: 'new-password', confirmField: 'confirm-new-password' },
    );
    if (problem) return;
    reset.mutate(
      { token, password },
      {
        onError: (error) => {
          const message = showServerError(error, {
            fields: ['password', 'new-password'],
            fallback: 'Could not set the new password. Please try again.',
            place: (fields) => ({ 'new-password': Object.values(fields)[0] }),
          });
          if (message === LINK_EXPIRED_OR_USED) onLinkSpent();
        },
      },
    );
  }

  return (
    <form
      ref={formRef}
      noValidate
      className="grid gap-5"
      onSubmit={submit}
      aria-labelledby="reset-password-title"
    >
      <div className="grid gap-2">
        <span className="mb-1 grid size-11 place-items-center rounded-full bg-primary/15 text-brand">
          <KeyRound aria-hidden="true" className="size-5" />
        </span>
        <h2 id="reset-password-title" className="text-2xl font-black">
          Choose a new password
        </h2>
        <p className="text-sm text-muted-foreground">
          It replaces your old password, and signs you out on every other device.
        </p>
      </div>
      <NewPasswordFields
        password={password}
        confirm={confirm}
        errors={errors}
        onPasswordChange={edit('new-password', setPassword)}
        onConfirmChange={edit('confirm-new-password', setConfirm)}
        announceError
        autoFocus
      />
      <AuthFormError message={formError} />
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving...' : 'Set New Password'}
      </Button>
    </form>
  );
}
