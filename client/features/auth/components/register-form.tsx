import { useState, type FormEvent } from 'react';
import { PRODUCT_NAME } from '@common/constants';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../lib/toast';
import { useRegister } from '../api/register';
import { validateRegistration } from '../validate-registration';
import { AuthActions, AuthField, AuthSwitch } from './auth-form-parts';

/** The register dialog's content: e-mail, password twice, Register and Cancel, and a switch to login. */
export function RegisterForm({ onSwitch, onDone }: { onSwitch: () => void; onDone: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const registerMutation = useRegister({ onSuccess: onDone });
  const pending = registerMutation.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const problem = validateRegistration({ password, confirm });
    if (problem) {
      toast({ title: 'Error', description: problem, variant: 'destructive' });
      return;
    }
    registerMutation.mutate({ email, password });
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Join {PRODUCT_NAME}</DialogTitle>
        <DialogDescription>Create your member profile to access the community</DialogDescription>
      </DialogHeader>
      <form className="grid gap-4" onSubmit={submit}>
        <AuthField
          label="Email (Username)"
          name="email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <AuthField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <AuthField
          label="Re-enter Password"
          name="confirm-password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <AuthActions label="Register" pendingLabel="Creating Account..." pending={pending} />
      </form>
      <AuthSwitch prompt="Already a member?" action="Login here" onSwitch={onSwitch} />
    </>
  );
}
