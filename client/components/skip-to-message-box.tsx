import { cn } from '../lib/utils';

/**
 * A link before a chat's messages, shown only while it has the focus: Tab reaches the message box
 * without walking through every message's own controls (the room holds up to 100 messages, each with
 * its actions button). It shows at the top of its positioned parent (`className` moves it). It focuses
 * the box of the panel (the `section`) it is in; while a voice message is being recorded, which hides
 * the box, the composer's first control.
 */
export function SkipToMessageBox({ className }: { className?: string }) {
  return (
    <a
      href="#"
      className={cn(
        'sr-only focus:not-sr-only focus:absolute focus:left-1/2 focus:top-2 focus:z-20 focus:-translate-x-1/2 focus:whitespace-nowrap focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-primary-foreground focus:shadow-lg',
        className,
      )}
      onClick={(event) => {
        event.preventDefault();
        const panel = event.currentTarget.closest('section');
        const composer = panel?.querySelector<HTMLElement>('[data-composer]');
        const target =
          composer?.querySelector<HTMLElement>('textarea') ??
          composer?.querySelector<HTMLElement>('button:not([disabled])');
        target?.focus();
      }}
    >
      Skip to message box
    </a>
  );
}
