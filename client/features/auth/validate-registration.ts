import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT, PASSWORDS_DO_NOT_MATCH } from '@common/constants';
import { charLength } from '@common/text';

export { PASSWORD_TOO_SHORT, PASSWORDS_DO_NOT_MATCH };

/**
 * The register form's checks in the spec's order (SPEC §5): the two passwords must match, then the
 * password must be long enough. Returns the first failing message, or null when the form may be sent.
 */
export function validateRegistration({
  password,
  confirm,
}: {
  password: string;
  confirm: string;
}): string | null {
  if (password !== confirm) return PASSWORDS_DO_NOT_MATCH;
  if (charLength(password) < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  return null;
}
