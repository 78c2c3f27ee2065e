import { useState, type FormEvent } from 'react';
import { PASSWORDS_DO_NOT_MATCH } from '@common/constants';
import { serverErrorMessage } from '../../lib/api-error';
import {
  constraintErrors,
  hasFieldErrors,
  serverFieldErrors,
  useFieldErrors,
  type FieldErrors,
} from '../../lib/use-field-errors';
import { validateRegistration } from './validate-registration';

/**
 * What every account form does with its answers: field errors under their fields (useFieldErrors) and
 * an error about no one field (`formError`, for AuthFormError). `pending` while its request runs.
 */
export function useAuthForm(pending: boolean) {
  const { formRef, errors, show, clear } = useFieldErrors();
  const [formError, setFormError] = useState<string | null>(null);

  /**
   * The start of a submit: keeps the page, ignores a second one while the request runs, clears the last
   * form error and shows the browser's own field errors. True when the form may be sent.
   */
  function startSubmit(event: FormEvent<HTMLFormElement>): boolean {
    event.preventDefault();
    if (pending) return false;
    setFormError(null);
    const invalid = constraintErrors(event.currentTarget);
    show(invalid);
    return !hasFieldErrors(invalid);
  }

  /**
   * A new password and its confirmation checked as at registration: the problem is shown under the
   * confirmation when they differ, else under the password, and returned (null when they are fine).
   */
  function checkNewPassword(
    { password, confirm }: { password: string; confirm: string },
    { passwordField, confirmField }: { passwordField: string; confirmField: string },
  ): string | null {
    const problem = validateRegistration({ password, confirm });
    if (problem)
      show(problem === PASSWORDS_DO_NOT_MATCH ? { [confirmField]: problem } : { [passwordField]: problem });
    return problem;
  }

  /**
   * A failed request: the server's message under the field it is about (serverFieldErrors over `fields`
   * and `known`, then `place` to rename), else as the form's error, or `fallback` when the server gave
   * none. Returns the server's message.
   */
  function showServerError(
    error: unknown,
    {
      fields,
      known,
      fallback,
      place = (found) => found,
    }: {
      fields: readonly string[];
      known?: Readonly<Record<string, string>>;
      fallback: string;
      place?: (found: FieldErrors) => FieldErrors;
    },
  ): string | null {
    const message = serverErrorMessage(error);
    const found = message && serverFieldErrors(message, fields, known);
    if (found) show(place(found));
    else setFormError(message ?? fallback);
    return message;
  }

  /** An input's onChange: keeps the field's value and drops its error as the member edits it. */
  const edit = (name: string, set: (value: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value);
    clear(name);
  };

  return { formRef, errors, formError, startSubmit, checkNewPassword, showServerError, edit };
}
