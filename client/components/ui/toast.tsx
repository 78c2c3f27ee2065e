import { Toast as ToastPrimitive } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { TOAST_DURATION_MS } from '@common/constants';
import { cn } from '../../lib/utils';
import { IconButton } from './icon-button';

/** Radix's default swipe threshold, which is the spec's (docs/decisions.md decision 13). */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export function ToastProvider(props: ComponentProps<typeof ToastPrimitive.Provider>) {
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      swipeDirection="right"
      {...props}
    />
  );
}

/** Top of the screen on phones; bottom right above the fixed footer, at most 420px wide, from md up. */
export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        'fixed top-0 z-[100] flex max-h-dvh w-full flex-col-reverse gap-2 p-4 outline-none md:bottom-16 md:right-0 md:top-auto md:flex-col md:max-w-[420px]',
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-xl shadow-black/30 animate-slide-in data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[state=closed]:opacity-0 data-[state=closed]:transition-opacity',
  {
    variants: {
      variant: {
        default: 'border-l-4 border-l-primary bg-popover text-popover-foreground',
        destructive: 'border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Toast({
  className,
  variant,
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return <ToastPrimitive.Root className={cn(toastVariants({ variant }), className)} {...props} />;
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('text-sm font-bold', className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('text-sm opacity-90', className)} {...props} />;
}

export function ToastClose({ className }: { className?: string }) {
  return (
    <ToastPrimitive.Close asChild>
      <IconButton
        label="Close"
        className={cn(
          'absolute right-2 top-2 size-7 text-current opacity-70 hover:bg-black/10 hover:text-current hover:opacity-100 focus-visible:opacity-100',
          className,
        )}
      >
        <X aria-hidden="true" />
      </IconButton>
    </ToastPrimitive.Close>
  );
}
