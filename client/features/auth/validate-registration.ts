import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
} from '@common/constants';
import { charLength } from '@common/text';

export { PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT, PASSWORDS_DO_NOT_MATCH };

/**
 * The register form's checks in the spec's order (SPEC §5): the two passwords must match, then the
 * password must be long enough (and no longer than the server takes). Every form that sets a new
 * password uses them. Returns the first failing message, or null when the form may be sent.
 */
export function validateRegistration({
  password,
  confirm,
}: {
  password: string;
  confirm: string;
}): string | null {
  if (password !== confirm) return PASSWORDS_DO_NOT_MATCH;
  const length = charLength(password);
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  return null;
}
