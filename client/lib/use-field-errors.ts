import { useCallback, useEffect, useRef, useState } from 'react';

/** Error messages by field name; a field without one is valid. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * The browser's own message for each field of the form that breaks its constraints (required,
 * type=email, min, max, maxlength…), by the field's name. The forms set `noValidate` so that these show
 * under their fields rather than in the browser's bubble, which a screen reader may not read.
 */
export function constraintErrors(form: HTMLFormElement): FieldErrors {
  const errors: FieldErrors = {};
  for (const element of Array.from(form.elements)) {
    if (
      !(element instanceof HTMLInputElement) &&
      !(element instanceof HTMLTextAreaElement) &&
      !(element instanceof HTMLSelectElement)
    )
      continue;
    if (!element.name || element.validity.valid) continue;
    errors[element.name] ??= element.validationMessage;
  }
  return errors;
}

/** Whether any field has an error. */
export function hasFieldErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/**
 * A form's field errors. `show` puts them under their fields and then moves focus to the first invalid
 * field in the form (the fields carry `aria-invalid`); `clear` drops one field's error as the member
 * edits it. Give `formRef` to the form.
 */
export function useFieldErrors() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [shown, setShown] = useState(0);

  useEffect(() => {
    if (shown === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [shown]);

  const show = useCallback((next: FieldErrors) => {
    setErrors(next);
    setShown((n) => n + 1);
  }, []);
  const clear = useCallback(
    (name: string) =>
      setErrors((current) => {
        if (!current[name]) return current;
        const { [name]: _dropped, ...rest } = current;
        return rest;
      }),
    [],
  );
  const reset = useCallback(() => setErrors({}), []);
  return { formRef, errors, show, clear, reset };
}

/**
 * The field a server error is about, when its text starts with the field's name ('age must be between
 * 0 and 130', 'New password must differ…', 'newPassword: …'), or null.
 */
export function fieldOfServerError(message: string, fields: readonly string[]): string | null {
  const squashed = message.toLowerCase().replace(/[\s-]+/g, '');
  return fields.find((field) => squashed.startsWith(field.toLowerCase().replace(/-/g, ''))) ?? null;
}

/**
 * A server error as the field error it is: `known` names the field of messages that do not start with
 * one ('Invalid credentials' → the password); else `fieldOfServerError`. Null for an error about no one
 * field (too many attempts, a network failure).
 */
export function serverFieldErrors(
  message: string,
  fields: readonly string[],
  known: Readonly<Record<string, string>> = {},
): FieldErrors | null {
  const field = known[message] ?? fieldOfServerError(message, fields);
  return field ? { [field]: message } : null;
}
