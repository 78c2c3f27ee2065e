import { useState, type FormEvent } from 'react';
import { PRODUCT_NAME } from '@common/constants';
import { ERRORS } from '@common/contracts/errors-values';
import { Button } from '../../../components/ui/button';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { useAuthForm } from '../use-auth-form';
import { useLogin } from '../api/login';
import { emailFromLoginField } from '../login-email';
import { AuthActions, AuthField, AuthFormError, AuthSwitch } from './auth-form-parts';

/** A wrong username or password is shown at the password, the field a member retypes. */
const KNOWN_FIELDS = { [ERRORS.invalidCredentials]: 'password' };

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
  const { formRef, errors, formError, startSubmit, showServerError, edit } = useAuthForm(pending);

  function submit(event: FormEvent<HTMLFormElement>) {
    if (!startSubmit(event)) return;
    // The toast (SPEC §8) comes from useLogin; the error also stays beside its field.
    loginMutation.mutate(
      { username, password },
      {
        onError: (error) =>
          showServerError(error, {
            fields: ['username', 'password'],
            known: KNOWN_FIELDS,
            fallback: 'Invalid credentials',
          }),
      },
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Login to {PRODUCT_NAME}</DialogTitle>
        <DialogDescription>Enter your credentials to access member features</DialogDescription>
      </DialogHeader>
      <form ref={formRef} noValidate className="grid gap-4" onSubmit={submit}>
        <AuthField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          error={errors.username}
          onChange={edit('username', setUsername)}
        />
        <div className="grid gap-2">
          <AuthField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            error={errors.password}
            onChange={edit('password', setPassword)}
          />
          <Button
            variant="link"
            className="justify-self-end text-sm font-medium"
            onClick={() => onForgot(emailFromLoginField(username))}
          >
            Forgot password?
          </Button>
        </div>
        <AuthFormError message={formError} announce={false} />
        <AuthActions label="Login" pendingLabel="Logging in..." pending={pending} />
      </form>
      <AuthSwitch prompt="Not a member yet?" action="Register here" onSwitch={onSwitch} />
    </>
  );
}
