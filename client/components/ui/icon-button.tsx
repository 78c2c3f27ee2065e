import type { ComponentProps } from 'react';
import { Button } from './button';
import { Tooltip } from './tooltip';

type IconButtonProps = Omit<ComponentProps<typeof Button>, 'aria-label' | 'size'> & {
  /** The accessible name, also shown as the tooltip. */
  label: string;
  tooltipSide?: ComponentProps<typeof Tooltip>['side'];
};

/** An icon-only button: always named for screen readers and always with a tooltip. */
export function IconButton({ label, tooltipSide, variant = 'ghost', ...props }: IconButtonProps) {
  return (
    <Tooltip label={label} side={tooltipSide}>
      <Button aria-label={label} size="icon" variant={variant} {...props} />
    </Tooltip>
  );
}
