import { useState, type FormEvent } from 'react';
import { PRODUCT_NAME } from '@common/constants';
import { Button } from '../../../components/ui/button';
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { useLogin } from '../api/login';
import { AuthField } from './auth-field';

/** The login dialog's content: username and password, Login and Cancel, and a switch to register. */
export function LoginForm({ onSwitch, onDone }: { onSwitch: () => void; onDone: () => void }) {
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
        <AuthField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <DialogFooter className="pt-1">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={pending}>
            {pending ? 'Logging in...' : 'Login'}
          </Button>
        </DialogFooter>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        Not a member yet?{' '}
        <Button variant="link" className="font-semibold" onClick={onSwitch}>
          Register here
        </Button>
      </p>
    </>
  );
}
