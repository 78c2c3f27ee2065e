import { useId, type ComponentProps } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogClose, DialogFooter } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

/** A labelled, required input of the login and register forms. */
export function AuthField({ label, ...props }: { label: string } & ComponentProps<typeof Input>) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} required {...props} />
    </div>
  );
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
