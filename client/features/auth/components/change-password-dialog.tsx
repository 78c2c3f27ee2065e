import { KeyRound, LogOut } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { toast } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';
import { useLogout } from '../api/logout';
import { validateRegistration } from '../validate-registration';
import { AuthField } from './auth-form-parts';

const stop = (event: Event) => event.preventDefault();

/**
 * The change-password step after an admin reset (DESIGN.md decision 1). It cannot be skipped: no close
 * button, and Escape or a click outside do nothing; the member changes the password or logs out.
 */
export function ChangePasswordDialog() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const change = useChangePassword();
  const logoutMutation = useLogout();
  const pending = change.isPending || logoutMutation.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const problem = validateRegistration({ password: newPassword, confirm });
    if (problem) {
      toast({ title: 'Error', description: problem, variant: 'destructive' });
      return;
    }
    change.mutate({ currentPassword, newPassword });
  }

  return (
    <Dialog open>
      <DialogContent hideClose onEscapeKeyDown={stop} onPointerDownOutside={stop} onInteractOutside={stop}>
        <DialogHeader className="pr-0">
          <span className="mb-1 grid size-11 place-items-center rounded-full bg-primary/15 text-brand">
            <KeyRound aria-hidden="true" className="size-5" />
          </span>
          <DialogTitle>Change your password</DialogTitle>
          <DialogDescription>
            An admin reset your password. Enter the temporary password you were given and choose a new one to
            continue.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit}>
          <AuthField
            label="Temporary password"
            name="current-password"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
          />
          <AuthField
            label="New password"
            name="new-password"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
          <AuthField
            label="Re-enter new password"
            name="confirm-new-password"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <DialogFooter className="pt-1">
            <Button variant="outline" disabled={pending} onClick={() => logoutMutation.mutate()}>
              <LogOut aria-hidden="true" />
              Logout
            </Button>
            <Button type="submit" disabled={pending}>
              {change.isPending ? 'Changing...' : 'Change Password'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
