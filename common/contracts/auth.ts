import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  LONG_TEXT_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  PRIVACY_LEVELS,
} from '../constants';
import { charLength } from '../text';
import { fieldError, nameText, text } from './fields';

export { charLength, fieldError };

export const passwordSchema = text('password')
  .refine((p) => charLength(p) >= PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .refine((p) => charLength(p) <= PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);

/** E-mail addresses are trimmed and lower-cased before anything else (docs/decisions.md decision 7). */
export const emailSchema = text('email')
  .trim()
  .toLowerCase()
  .pipe(
    z
      .email({ error: 'email must be a valid email address' })
      .max(EMAIL_MAX_LENGTH, { error: `email must be at most ${EMAIL_MAX_LENGTH} characters` }),
  );

export const registerBody = z.object(
  {
    // The spec's client sends username = email; the account's handle is made from the e-mail.
    username: nameText('username').max(EMAIL_MAX_LENGTH).optional(),
    email: emailSchema,
    password: passwordSchema,
    /** The invitation's token from a `/join#invite=…` link (decision 54). */
    invite: text('invite').max(200, { error: 'invite is too long' }).optional(),
  },
  { error: 'Request body must be a JSON object' },
);
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object(
  {
    username: text('username')
      .trim()
      .min(1, { error: 'username is required' })
      .max(EMAIL_MAX_LENGTH, { error: 'username is too long' }),
    password: text('password')
      .min(1, { error: 'password is required' })
      .max(PASSWORD_MAX_LENGTH * 4, { error: 'password is too long' }),
  },
  { error: 'Request body must be a JSON object' },
);
export type LoginBody = z.infer<typeof loginBody>;

export const privacyLevelSchema = z.enum(PRIVACY_LEVELS);

/** The signed-in member as SPEC §3 names it; never a password or hash. */
export const currentUser = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  profilePicture: z.string().nullable(),
  age: z.number().int().nullable(),
  height: z.string().nullable(),
  weight: z.string().nullable(),
  school: z.string().nullable(),
  hometown: z.string().nullable(),
  background: z.string().nullable(),
  injuryHistory: z.string().nullable(),
  goalOne: z.string().nullable(),
  goalTwo: z.string().nullable(),
  goalThree: z.string().nullable(),
  paymentStatus: z.string(),
  privacyLevel: privacyLevelSchema,
  mustChangePassword: z.boolean(),
  /** Whether the member followed the confirmation link mailed to `email`. */
  emailConfirmed: z.boolean(),
  /** 'pending' while a coach has not approved the join request, 'declined' when refused (decision 54). */
  membership: z.enum(['active', 'pending', 'declined']),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const userResponse = z.object({ user: currentUser });
export type UserResponse = z.infer<typeof userResponse>;

export const okResponse = z.object({ ok: z.literal(true) });

export const memberCountResponse = z.object({ count: z.number().int().nonnegative() });
export type MemberCountResponse = z.infer<typeof memberCountResponse>;

/**
 * A free-text profile field: trimmed, empty becomes null, null clears it. A name (`oneLine`) refuses
 * line breaks and other control characters.
 */
function profileText(field: string, max: number, oneLine = false) {
  return (oneLine ? nameText : text)(field, 'a string or null')
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters` })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
}

/** PATCH /api/auth/profile: partial; an absent field stays, null clears it; unknown fields are dropped. */
export const profileUpdateBody = z.object(
  {
    name: profileText('name', NAME_MAX_LENGTH, true),
    age: z
      .number({ error: fieldError('age', 'a whole number or null') })
      .int({ error: 'age must be a whole number' })
      .min(0, { error: 'age must be between 0 and 130' })
      .max(130, { error: 'age must be between 0 and 130' })
      .nullable()
      .optional(),
    height: profileText('height', NAME_MAX_LENGTH),
    weight: profileText('weight', NAME_MAX_LENGTH),
    school: profileText('school', NAME_MAX_LENGTH),
    hometown: profileText('hometown', NAME_MAX_LENGTH),
    background: profileText('background', LONG_TEXT_MAX_LENGTH),
    injuryHistory: profileText('injuryHistory', LONG_TEXT_MAX_LENGTH),
    goalOne: profileText('goalOne', LONG_TEXT_MAX_LENGTH),
    goalTwo: profileText('goalTwo', LONG_TEXT_MAX_LENGTH),
    goalThree: profileText('goalThree', LONG_TEXT_MAX_LENGTH),
    profilePicture: text('profilePicture', 'a string or null').max(2048).nullable().optional(),
    privacyLevel: z
      .enum(PRIVACY_LEVELS, { error: 'privacyLevel must be one of private, selective, public' })
      .optional(),
  },
  { error: 'Request body must be a JSON object' },
);
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

/** POST /api/auth/change-password: ends the change-password step (docs/decisions.md decision 1). */
export const changePasswordBody = z.object(
  {
    currentPassword: text('currentPassword')
      .min(1, { error: 'currentPassword is required' })
      .max(PASSWORD_MAX_LENGTH * 4, { error: 'currentPassword is too long' }),
    newPassword: text('newPassword')
      .refine(
        (p) => charLength(p) >= PASSWORD_MIN_LENGTH,
        `New password must be at least ${PASSWORD_MIN_LENGTH} characters`,
      )
      .refine(
        (p) => charLength(p) <= PASSWORD_MAX_LENGTH,
        `New password must be at most ${PASSWORD_MAX_LENGTH} characters`,
      ),
  },
  { error: 'Request body must be a JSON object' },
);
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** POST /api/auth/confirm-email: the token from the mailed link's fragment. */
export const confirmEmailBody = z.object(
  { token: text('token').max(200, { error: 'token is too long' }) },
  { error: 'Request body must be a JSON object' },
);
export type ConfirmEmailBody = z.infer<typeof confirmEmailBody>;

/** POST /api/auth/forgot-password: always answered with PASSWORD_RESET_SENT (known address or not). */
export const forgotPasswordBody = z.object(
  { email: emailSchema },
  { error: 'Request body must be a JSON object' },
);
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;
export const forgotPasswordResponse = z.object({ ok: z.literal(true), message: z.string() });

/** POST /api/auth/reset-password: the mailed token and the new password (the spec's length rule). */
export const resetPasswordBody = z.object(
  { token: confirmEmailBody.shape.token, password: passwordSchema },
  { error: 'Request body must be a JSON object' },
);
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** A step that needs the member's current password again (change e-mail, delete account). */
const currentPasswordField = text('password')
  .min(1, { error: 'password is required' })
  .max(PASSWORD_MAX_LENGTH * 4, { error: 'password is too long' });

/** POST /api/auth/change-email: a link goes to the new address; the address changes when it is followed. */
export const changeEmailBody = z.object(
  { email: emailSchema, password: currentPasswordField },
  { error: 'Request body must be a JSON object' },
);
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;
export const changeEmailResponse = z.object({ ok: z.literal(true), pendingEmail: z.string() });
export type ChangeEmailResponse = z.infer<typeof changeEmailResponse>;

/** POST /api/auth/delete-account (decision 18). */
export const deleteAccountBody = z.object(
  { password: currentPasswordField },
  { error: 'Request body must be a JSON object' },
);
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;
