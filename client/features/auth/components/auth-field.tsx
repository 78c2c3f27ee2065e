import { useId, type ComponentProps } from 'react';
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
