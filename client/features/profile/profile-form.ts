import { LONG_TEXT_MAX_LENGTH, NAME_MAX_LENGTH, type PrivacyLevel } from '@common/constants';
import type { CurrentUser } from '@common/contracts/auth';
import { NAME_UNSAFE_CHARACTER, controlCharacterError } from '@common/contracts/fields-values';

/** The server's limits for short fields (names) and long texts. */
export const SHORT_TEXT_MAX_LENGTH = NAME_MAX_LENGTH;
export { LONG_TEXT_MAX_LENGTH };

/** The text fields of the edit form, in the order they are shown. */
export const PROFILE_TEXT_FIELDS = [
  'name',
  'height',
  'weight',
  'school',
  'hometown',
  'injuryHistory',
  'background',
  'goalOne',
  'goalTwo',
  'goalThree',
] as const;

type ProfileTextField = (typeof PROFILE_TEXT_FIELDS)[number];

/** What the edit form holds: every field as typed, age as text, and the privacy level. */
export type ProfileFormValues = Record<ProfileTextField, string> & {
  age: string;
  privacyLevel: PrivacyLevel;
};

/** The PATCH /api/auth/profile body the form sends. */
export type ProfileUpdate = Record<ProfileTextField, string | null> & {
  age: number | null;
  privacyLevel: PrivacyLevel;
};

/** The form's starting values from the signed-in member. */
export function toProfileFormValues(user: CurrentUser): ProfileFormValues {
  return {
    name: user.name,
    age: user.age === null ? '' : String(user.age),
    height: user.height ?? '',
    weight: user.weight ?? '',
    school: user.school ?? '',
    hometown: user.hometown ?? '',
    injuryHistory: user.injuryHistory ?? '',
    background: user.background ?? '',
    goalOne: user.goalOne ?? '',
    goalTwo: user.goalTwo ?? '',
    goalThree: user.goalThree ?? '',
    privacyLevel: user.privacyLevel ?? 'public',
  };
}

/** Age text as a whole number, or null when it is empty or not a number (SPEC §5). */
export function parseAge(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const age = Number.parseInt(trimmed, 10);
  return Number.isNaN(age) ? null : age;
}

/**
 * What the server would refuse in the values that the browser's own constraints do not check: a line
 * break or other control character in the name (pasted), with the server's message, by field.
 */
export function profileValueErrors(values: ProfileFormValues): Partial<Record<ProfileTextField, string>> {
  return NAME_UNSAFE_CHARACTER.test(values.name) ? { name: controlCharacterError('name') } : {};
}

/** The update to send: text trimmed, empty text as null, age parsed to an integer or null. */
export function buildProfileUpdate(values: ProfileFormValues): ProfileUpdate {
  const text = Object.fromEntries(
    PROFILE_TEXT_FIELDS.map((field) => {
      const value = values[field].trim();
      return [field, value === '' ? null : value];
    }),
  ) as Record<ProfileTextField, string | null>;
  return { ...text, age: parseAge(values.age), privacyLevel: values.privacyLevel };
}
