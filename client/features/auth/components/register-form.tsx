import { useState, type FormEvent } from 'react';
import { PRODUCT_NAME } from '@common/constants';
import { ERRORS } from '@common/contracts/errors-values';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../lib/toast';
import { useAuthForm } from '../use-auth-form';
import { useRegister } from '../api/register';
import { AuthActions, AuthField, AuthFormError, AuthSwitch } from './auth-form-parts';

/** Field names of the form (and `username`, which the request sends as the e-mail too). */
const FIELDS = ['email', 'username', 'password', 'confirm-password'] as const;
const KNOWN_FIELDS = { [ERRORS.emailTaken]: 'email' };

/** The register dialog's content: e-mail, password twice, Register and Cancel, and a switch to login. */
export function RegisterForm({ onSwitch, onDone }: { onSwitch: () => void; onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const registerMutation = useRegister({ onSuccess: onDone });
  const pending = registerMutation.isPending;
  const { formRef, errors, formError, startSubmit, checkNewPassword, showServerError, edit } =
    useAuthForm(pending);

  function submit(event: FormEvent<HTMLFormElement>) {
    if (!startSubmit(event)) return;
    const problem = checkNewPassword(
      { password, confirm },
      { passwordField: 'password', confirmField: 'confirm-password' },
    );
    if (problem) {
      toast({ title: 'Error', description: problem, variant: 'destructive' });
      return;
    }
    registerMutation.mutate(
      { email, password },
      {
        onError: (error) =>
          showServerError(error, {
            fields: FIELDS,
            known: KNOWN_FIELDS,
            fallback: 'Could not create account',
            place: (fields) => (fields.username ? { email: fields.username } : fields),
          }),
      },
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Join {PRODUCT_NAME}</DialogTitle>
        <DialogDescription>Create your member profile to access the community</DialogDescription>
      </DialogHeader>
      <form ref={formRef} noValidate className="grid gap-4" onSubmit={submit}>
        <AuthField
          label="Email (Username)"
          name="email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          error={errors.email}
          onChange={edit('email', setEmail)}
        />
        <AuthField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          error={errors.password}
          onChange={edit('password', setPassword)}
        />
        <AuthField
          label="Re-enter Password"
          name="confirm-password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          error={errors['confirm-password']}
          onChange={edit('confirm-password', setConfirm)}
        />
        <AuthFormError message={formError} announce={false} />
        <AuthActions label="Register" pendingLabel="Creating Account..." pending={pending} />
      </form>
      <AuthSwitch prompt="Already a member?" action="Login here" onSwitch={onSwitch} />
    </>
  );
}
