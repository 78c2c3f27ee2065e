import { CircleAlert } from 'lucide-react';
import { useId, type ChangeEventHandler, type ComponentProps } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogClose, DialogFooter } from '../../../components/ui/dialog';
import { FieldError, invalidField } from '../../../components/ui/field-error';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

/**
 * A labelled, required input of the account forms, with its error (if any) under it. `announceError`
 * makes the error an alert too, for forms that show no toast.
 */
export function AuthField({
  label,
  error,
  announceError = false,
  ...props
}: { label: string; error?: string | null; announceError?: boolean } & ComponentProps<typeof Input>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} required {...props} {...invalidField(errorId, error)} />
      <FieldError id={errorId} message={error} announce={announceError} />
    </div>
  );
}

/**
 * The current password, asked again before an account change (a new e-mail, deleting the account);
 * its error is announced, as these forms show no toast.
 */
export function CurrentPasswordField(
  props: Omit<ComponentProps<typeof AuthField>, 'name' | 'type' | 'autoComplete' | 'announceError'>,
) {
  return (
    <AuthField name="password" type="password" autoComplete="current-password" announceError {...props} />
  );
}

/**
 * A new password, twice ('New password', 'Re-enter new password'; the fields new-password and
 * confirm-new-password that useAuthForm's checkNewPassword and the server's errors name), as the change-
 * and reset-password forms ask for it.
 */
export function NewPasswordFields({
  password,
  confirm,
  errors,
  onPasswordChange,
  onConfirmChange,
  announceError = false,
  autoFocus = false,
}: {
  password: string;
  confirm: string;
  errors: Partial<Record<string, string | null>>;
  onPasswordChange: ChangeEventHandler<HTMLInputElement>;
  onConfirmChange: ChangeEventHandler<HTMLInputElement>;
  announceError?: boolean;
  autoFocus?: boolean;
}) {
  const fields = [
    { name: 'new-password', label: 'New password', value: password, onChange: onPasswordChange },
    {
      name: 'confirm-new-password',
      label: 'Re-enter new password',
      value: confirm,
      onChange: onConfirmChange,
    },
  ];
  return fields.map(({ name, ...field }, i) => (
    <AuthField
      key={name}
      name={name}
      type="password"
      autoComplete="new-password"
      autoFocus={autoFocus && i === 0}
      error={errors[name]}
      announceError={announceError}
      {...field}
    />
  ));
}

/** Cancel and the submit button, which reads `pendingLabel` while the request runs. */
export function AuthActions({
  label,
  pendingLabel,
  pending,
}: {
  label: string;
  pendingLabel: string;
  pending: boolean;
}) {
  return (
    <DialogFooter className="pt-1">
      <DialogClose asChild>
        <Button variant="outline">Cancel</Button>
      </DialogClose>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
    </DialogFooter>
  );
}

/** The line under a form that switches to the other dialog ('Register here', 'Login here'). */
export function AuthSwitch({
  prompt,
  action,
  onSwitch,
}: {
  prompt: string;
  action: string;
  onSwitch: () => void;
}) {
  return (
    <p className="text-center text-sm text-muted-foreground">
      {prompt}{' '}
      <Button variant="link" className="font-semibold" onClick={onSwitch}>
        {action}
      </Button>
    </p>
  );
}

/**
 * A form's error that is about no one field (too many attempts, say), inline and announced when it
 * appears; `announce={false}` where a toast already announces it.
 */
export function AuthFormError({ message, announce = true }: { message: string | null; announce?: boolean }) {
  if (!message) return null;
  return (
    <p
      role={announce ? 'alert' : undefined}
      className="flex items-start gap-2 rounded-md border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-700 dark:text-red-300"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0 wrap-anywhere">{message}</span>
    </p>
  );
}
