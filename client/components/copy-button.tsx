import { Check, Copy } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useCopyToClipboard } from '../lib/use-copy-to-clipboard';
import { cn } from '../lib/utils';
import { toast } from '../lib/toast';
import { IconButton } from './ui/icon-button';

/**
 * An icon-only button that copies `text`; its copy icon becomes a tick for 2 s. `label` is its name and
 * tooltip. A refusal by the browser is said in a toast.
 */
export function CopyButton({
  text,
  label,
  className,
  variant,
}: {
  text: string;
  label: string;
  className?: string;
  variant?: ComponentProps<typeof IconButton>['variant'];
}) {
  const { copied, copy } = useCopyToClipboard();

  async function onClick() {
    if (!(await copy(text))) {
      toast({ title: 'Error', description: 'Could not copy to the clipboard', variant: 'destructive' });
    }
  }

  return (
    <IconButton
      label={label}
      variant={variant}
      className={cn('size-9', copied && 'text-emerald-600 dark:text-emerald-400', className)}
      data-copied={copied ? 'true' : undefined}
      onClick={onClick}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span className="sr-only" aria-live="polite">
        {copied ? 'Copied' : ''}
      </span>
    </IconButton>
  );
}
