import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from '../../components/ui/toast';
import { dismissToast, useToasts } from '../../lib/toast';

/**
 * Renders the toast store with Radix Toast: one at a time, 5 s, F8 focuses the region; announced
 * politely, errors assertively.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, variant, open }) => (
        <Toast
          key={id}
          variant={variant}
          // Errors interrupt (assertive); everything else waits for a pause in speech (polite).
          type={variant === 'destructive' ? 'foreground' : 'background'}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
        >
          <div className="grid gap-1">
            <ToastTitle>{title}</ToastTitle>
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
