import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { useRef, type ComponentProps } from 'react';
import { MAIN_ID, focusReturnTarget, watchFocus } from '../../lib/focus';
import { cn } from '../../lib/utils';
import { IconButton } from './icon-button';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

watchFocus();

/**
 * Gives focus back, when a dialog closes, to what had it when the dialog opened. Radix does so only for
 * its own Trigger; our dialogs are mostly opened from state (a menu item, a day of the calendar), where
 * focus would fall to <body>. With the opener gone, the page's main region takes it. A dialog's own
 * `onCloseAutoFocus` can still prevent this and choose.
 */
export function useReturnFocus(
  onOpenAutoFocus: ((event: Event) => void) | undefined,
  onCloseAutoFocus: ((event: Event) => void) | undefined,
) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = focusReturnTarget(event.currentTarget instanceof Element ? event.currentTarget : null);
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const target = opener.current;
      opener.current = null;
      event.preventDefault();
      // The opener may have gone (the day whose last recording was deleted): the page, not <body>.
      if (target?.isConnected) target.focus();
      else document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
    },
  };
}

/**
 * A centred modal panel with an overlay and a close button (named and with a tooltip). `hideClose` leaves
 * the button out, for a dialog that must not be skipped. Focus goes back to the opener on close.
 */
export function DialogContent({
  className,
  children,
  hideClose = false,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { hideClose?: boolean }) {
  const returnFocus = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus);
  // With nothing to focus but the close button, focus the dialog itself: focusing the button would
  // open its tooltip, and the first Escape would then close the tooltip instead of the dialog.
  const focusFirst = (event: Event) => {
    returnFocus.onOpenAutoFocus(event);
    if (event.defaultPrevented) return;
    const content = event.currentTarget instanceof HTMLElement ? event.currentTarget : null;
    if (!content) return;
    const focusable = content.querySelector(
      'input, textarea, select, a[href], button:not([data-dialog-close]), [tabindex]:not([tabindex="-1"])',
    );
    if (!focusable) {
      event.preventDefault();
      content.focus();
    }
  };
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 animate-fade-in bg-black/70 backdrop-blur-[2px]" />
      <DialogPrimitive.Content
        className={cn(
          // One column as wide as the panel: a long word or a row that cannot wrap inside would otherwise
          // widen the column past the panel's edge (a grid track grows to its content's minimum).
          'fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 animate-zoom-in grid-cols-[minmax(0,1fr)] gap-5 overflow-y-auto rounded-xl border bg-popover p-6 text-popover-foreground shadow-2xl shadow-black/50',
          className,
        )}
        onOpenAutoFocus={focusFirst}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        {...props}
      >
        {children}
        {hideClose ? null : (
          <DialogPrimitive.Close asChild>
            <IconButton
              label="Close"
              data-dialog-close=""
              className="absolute right-3 top-3 size-8 text-muted-foreground"
            >
              <X aria-hidden="true" />
            </IconButton>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-8', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn('text-xl font-black uppercase tracking-wide', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}
