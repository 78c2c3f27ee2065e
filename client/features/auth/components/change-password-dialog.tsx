import { KeyRound, LogOut } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ERRORS } from '@common/contracts/errors-values';
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
import { toast } from '../../../lib/toast';
import { useAuthForm } from '../use-auth-form';
import { useChangePassword } from '../api/change-password';
import { useLogout } from '../api/logout';
import { AuthField, AuthFormError, NewPasswordFields } from './auth-form-parts';

const FIELDS = ['current-password', 'new-password', 'confirm-new-password'] as const;
const KNOWN_FIELDS = {
  [ERRORS.invalidCredentials]: 'current-password',
  'New password must differ from the current password': 'new-password',
};

const stop = (event: Event) => event.preventDefault();

/**
 * The form of both ways to change the password: held at the step after an admin reset (`forced`: the
 * temporary password, and Logout instead of Cancel), or by choice from Settings. It unmounts with its
 * dialog, which clears the fields.
 */
function ChangePasswordForm({ forced, onDone }: { forced: boolean; onDone?: () => void }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const change = useChangePassword();
  const logoutMutation = useLogout();
  const pending = change.isPending || logoutMutation.isPending;
  const { formRef, errors, formError, startSubmit, checkNewPassword, showServerError, edit } =
    useAuthForm(pending);

  function submit(event: FormEvent<HTMLFormElement>) {
    if (!startSubmit(event)) return;
    const problem = checkNewPassword(
      { password: newPassword, confirm },
      { passwordField: 'new-password', confirmField: 'confirm-new-password' },
    );
    if (problem) {
      toast({ title: 'Error', description: problem, variant: 'destructive' });
      return;
    }
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => onDone?.(),
        onError: (error) =>
          showServerError(error, {
            fields: FIELDS,
            known: KNOWN_FIELDS,
            fallback: 'Failed to change password',
          }),
      },
    );
  }

  return (
    <>
      <DialogHeader className={forced ? 'pr-0' : undefined}>
        <span className="mb-1 grid size-11 place-items-center rounded-full bg-primary/15 text-brand">
          <KeyRound aria-hidden="true" className="size-5" />
        </span>
        <DialogTitle>{forced ? 'Change your password' : 'Change password'}</DialogTitle>
        <DialogDescription>
          {forced
            ? 'An admin reset your password. Enter the temporary password you were given and choose a new one to continue.'
            : 'Enter your current password and choose a new one. You stay signed in here; every other device signed in to your account is signed out.'}
        </DialogDescription>
      </DialogHeader>
      <form ref={formRef} noValidate className="grid gap-4" onSubmit={submit}>
        <AuthField
          label={forced ? 'Temporary password' : 'Current password'}
          name="current-password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          error={errors['current-password']}
          onChange={edit('current-password', setCurrentPassword)}
        />
        <NewPasswordFields
          password={newPassword}
          confirm={confirm}
          errors={errors}
          onPasswordChange={edit('new-password', setNewPassword)}
          onConfirmChange={edit('confirm-new-password', setConfirm)}
        />
        <AuthFormError message={formError} announce={false} />
        <DialogFooter className="pt-1">
          {forced ? (
            <Button variant="outline" disabled={pending} onClick={() => logoutMutation.mutate()}>
              <LogOut aria-hidden="true" />
              Logout
            </Button>
          ) : (
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
          )}
          <Button type="submit" disabled={pending}>
            {change.isPending ? 'Changing...' : 'Change Password'}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}

/**
 * The change-password step after an admin reset (docs/decisions.md decision 1). It cannot be skipped: no close
 * button, and Escape or a click outside do nothing; the member changes the password or logs out.
 */
export function ChangePasswordDialog() {
  return (
    <Dialog open>
      <DialogContent hideClose onEscapeKeyDown={stop} onPointerDownOutside={stop} onInteractOutside={stop}>
        <ChangePasswordForm forced />
      </DialogContent>
    </Dialog>
  );
}

/**
 * Change password, from Settings: the current password and a new one, twice. On success the member's
 * other sessions end (the server's doing), this one stays, and a notice is mailed; the dialog closes.
 */
export function ChangePasswordSettingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <ChangePasswordForm forced={false} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
