import { useState, type FormEvent } from 'react';
import { PASSWORDS_DO_NOT_MATCH, PRODUCT_NAME } from '@common/constants';
import { ERRORS } from '@common/contracts/errors';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { serverErrorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import {
  constraintErrors,
  hasFieldErrors,
  serverFieldErrors,
  useFieldErrors,
} from '../../../lib/use-field-errors';
import { useRegister } from '../api/register';
import { validateRegistration } from '../validate-registration';
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
  const { formRef, errors, show, clear } = useFieldErrors();
  const [formError, setFormError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const invalid = constraintErrors(event.currentTarget);
    show(invalid);
    if (hasFieldErrors(invalid)) return;
    const problem = validateRegistration({ password, confirm });
    if (problem) {
      toast({ title: 'Error', description: problem, variant: 'destructive' });
      show(problem === PASSWORDS_DO_NOT_MATCH ? { 'confirm-password': problem } : { password: problem });
      return;
    }
    registerMutation.mutate(
      { email, password },
      {
        onError: (error) => {
          const message = serverErrorMessage(error);
          const fields = message && serverFieldErrors(message, FIELDS, KNOWN_FIELDS);
          if (fields) show(fields.username ? { email: fields.username } : fields);
          else setFormError(message ?? 'Could not create account');
        },
      },
    );
  }

  /** Keeps a field's value and drops its error as the member edits it. */
  const edit = (name: string, set: (value: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value);
    clear(name);
  };

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
