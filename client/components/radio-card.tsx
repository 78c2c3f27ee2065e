import type { ReactNode } from 'react';
import { cn } from '../lib/utils';
import { Label } from './ui/label';
import { RadioGroupItem } from './ui/radio-group';

/**
 * One option of a RadioGroup drawn as a card: the radio, an optional icon, the label and a hint under it,
 * the whole card clickable and highlighted while chosen. The radio is named by the label and described by
 * the hint. `align="top"` suits hints that wrap over lines: the radio stays by the label's first line.
 */
export function RadioCard({
  id,
  value,
  label,
  hint,
  icon,
  align = 'center',
}: {
  /** Unique on the page; the label and hint take `${id}-label` and `${id}-hint`. */
  id: string;
  value: string;
  label: string;
  hint: string;
  icon?: ReactNode;
  align?: 'top' | 'center';
}) {
  const top = align === 'top';
  return (
    <Label
      htmlFor={id}
      className={cn(
        'flex cursor-pointer gap-3 rounded-lg border p-3 transition-colors hover:bg-accent has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/10',
        top ? 'items-start' : 'items-center',
      )}
    >
      <RadioGroupItem
        id={id}
        value={value}
        className={top ? 'mt-0.5' : undefined}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
      />
      {icon}
      <span className="grid gap-1">
        <span id={`${id}-label`} className="font-semibold">
          {label}
        </span>
        <span
          id={`${id}-hint`}
          className={cn('text-xs font-normal text-muted-foreground', top && 'leading-snug')}
        >
          {hint}
        </span>
      </span>
    </Label>
  );
}
