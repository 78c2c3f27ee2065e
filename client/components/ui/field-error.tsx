import { CircleAlert } from 'lucide-react';

/**
 * The error of one form field, shown under it. Its id goes in the field's `aria-describedby` (see
 * `invalidField`), so a screen reader reads it with the field. `announce` makes it an alert as well,
 * for forms whose errors have no toast.
 */
export function FieldError({
  id,
  message,
  announce = false,
}: {
  id: string;
  message?: string | null;
  announce?: boolean;
}) {
  if (!message) return null;
  return (
    <p
      id={id}
      role={announce ? 'alert' : undefined}
      className="flex items-start gap-1.5 text-sm font-medium text-red-700 dark:text-red-300"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0 wrap-anywhere">{message}</span>
    </p>
  );
}

/** The attributes a field takes while `message` is its error (`errorId` is its FieldError's id). */
export function invalidField(errorId: string, message?: string | null) {
  return message ? ({ 'aria-invalid': true, 'aria-describedby': errorId } as const) : {};
}
