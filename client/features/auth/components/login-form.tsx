import { useState, type FormEvent } from 'react';
import { PRODUCT_NAME } from '@common/constants';
import { Button } from '../../../components/ui/button';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { useLogin } from '../api/login';
import { emailFromLoginField } from '../login-email';
import { AuthActions, AuthField, AuthSwitch } from './auth-form-parts';

/**
 * The login dialog's content: username and password, 'Forgot password?' (which carries an address
 * typed as the username over), Login and Cancel, and a switch to register.
 */
export function LoginForm({
  onSwitch,
  onForgot,
  onDone,
}: {
  onSwitch: () => void;
  onForgot: (email: string) => void;
  onDone: () => void;
}) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const loginMutation = useLogin({ onSuccess: onDone });
  const pending = loginMutation.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    loginMutation.mutate({ username, password });
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Login to {PRODUCT_NAME}</DialogTitle>
        <DialogDescription>Enter your credentials to access member features</DialogDescription>
      </DialogHeader>
      <form className="grid gap-4" onSubmit={submit}>
        <AuthField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <div className="grid gap-2">
          <AuthField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button
            variant="link"
            className="justify-self-end text-sm font-medium"
            onClick={() => onForgot(emailFromLoginField(username))}
          >
            Forgot password?
          </Button>
        </div>
        <AuthActions label="Login" pendingLabel="Logging in..." pending={pending} />
      </form>
      <AuthSwitch prompt="Not a member yet?" action="Register here" onSwitch={onSwitch} />
    </>
  );
}
