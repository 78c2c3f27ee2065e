import { TriangleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { DELETED_MEMBER_NAME } from '@common/constants';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { ERRORS } from '@common/contracts/errors-values';
import { useAuthForm } from '../use-auth-form';
import { useDeleteAccount } from '../api/delete-account';
import { AuthFormError, CurrentPasswordField } from './auth-form-parts';

/** The dialog's body; it unmounts on close, which clears the password and any error. */
function DeleteAccountContent() {
  const [password, setPassword] = useState('');
  const remove = useDeleteAccount();
  const pending = remove.isPending || remove.isSuccess;
  const { formRef, errors, formError, startSubmit, showServerError, edit } = useAuthForm(pending);

  function submit(event: FormEvent<HTMLFormElement>) {
    if (!startSubmit(event)) return;
    remove.mutate(
      { password },
      {
        onError: (error) =>
          showServerError(error, {
            fields: ['password'],
            known: { [ERRORS.invalidCredentials]: 'password' },
            fallback: 'Could not delete your account. Please try again.',
          }),
      },
    );
  }
  return (
    <>
      <AlertDialogHeader>
        <span className="mb-1 grid size-11 place-items-center rounded-full bg-destructive/15 text-destructive">
          <TriangleAlert aria-hidden="true" className="size-5" />
        </span>
        <AlertDialogTitle>Delete your account?</AlertDialogTitle>
        <AlertDialogDescription>This cannot be undone.</AlertDialogDescription>
      </AlertDialogHeader>
      <ul className="grid list-disc gap-2 pl-5 text-sm marker:text-muted-foreground">
        <li>Your profile, profile picture, voiceover recordings and their files are deleted for good.</li>
        <li>Your chat and discussion messages stay, shown as &lsquo;{DELETED_MEMBER_NAME}&rsquo;.</li>
      </ul>
      <form ref={formRef} noValidate className="grid gap-4" onSubmit={submit}>
        <CurrentPasswordField
          label="Your password"
          data-autofocus=""
          value={password}
          error={errors.password}
          onChange={edit('password', setPassword)}
        />
        <AuthFormError message={formError} />
        <AlertDialogFooter className="pt-1">
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <Button type="submit" variant="destructive" disabled={pending}>
            {pending ? 'Deleting...' : 'Delete my account'}
          </Button>
        </AlertDialogFooter>
      </form>
    </>
  );
}

/**
 * Delete account: says what goes and what stays, and asks for the password again. Its confirming
 * button sends the request and keeps the dialog open until the answer, so an error (a wrong password,
 * the last admin) shows in it.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent
        onOpenAutoFocus={(event) => {
          // The password is what the member types first (the confirming button needs it), rather
          // than Cancel, where an alert dialog starts.
          const content = event.currentTarget instanceof HTMLElement ? event.currentTarget : null;
          const field = content?.querySelector<HTMLInputElement>('[data-autofocus]');
          if (!field) return;
          event.preventDefault();
          field.focus();
        }}
      >
        <DeleteAccountContent />
      </AlertDialogContent>
    </AlertDialog>
  );
}
