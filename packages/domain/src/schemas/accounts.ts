import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.js';
import { emailField, emailSchema } from '../email.js';
import { LANGUAGES, OTP_PURPOSES, ROLES, type OtpPurpose } from '../enums.js';
import { MESSAGES } from '../messages.js';
import { fitsPasswordHash, passwordSchema } from '../password.js';
import { ghanaMobileSchema, optionalGhanaMobileSchema } from '../phone.js';
import { choice, optionalText, tooLong } from './fields.js';

// A language code the site speaks: exactly `en`, `fr` or `es`.
export const languageSchema = z.enum(LANGUAGES, { error: MESSAGES.invalidLanguage });

// Seekers are known by an e-mail address, a Ghanaian mobile number, or both: every route that takes
// `email` takes `phone` in its place. An answer about one says nothing about the other.
const identity = {
  email: emailSchema.optional(),
  phone: ghanaMobileSchema.optional(),
};
type Identified = { email?: string | undefined; phone?: string | undefined };
const needsIdentity = (value: Identified) => Boolean(value.email || value.phone);
const identityIssue = { error: MESSAGES.emailOrPhoneRequired, path: ['email'] };

/** The address a request names: its e-mail when it has one, else its number (E.164). */
export function identityOf(value: Identified): string {
  return (value.email ?? value.phone) as string;
}

export const signupSchema = z
  .object({
    ...identity,
    password: passwordSchema,
    // The language of the page the seeker signed up on: the code message and the account follow it.
    language: languageSchema.optional(),
  })
  .refine(needsIdentity, identityIssue);
export type SignupInput = z.input<typeof signupSchema>;
export type Signup = z.output<typeof signupSchema>;

// Login checks presence only: strength rules apply when a password is set, not when it is tried.
// With a number, a code sent by text may stand in for the password (`{phone, code}`).
export const loginSchema = z
  .object({
    ...identity,
    password: z
      .string({ error: MESSAGES.passwordRequired })
      .min(1, { error: MESSAGES.passwordRequired })
      .max(1024, { error: MESSAGES.invalidCredentials })
      .optional(),
    code: z
      .string({ error: MESSAGES.incompleteOtp })
      .trim()
      .regex(/^\d{4}$/, { error: MESSAGES.incompleteOtp })
      .optional(),
    isAdminLogin: z.boolean().default(false),
  })
  .refine(needsIdentity, identityIssue)
  .refine((v) => v.password !== undefined || (v.code !== undefined && v.phone !== undefined), {
    error: MESSAGES.passwordRequired,
    path: ['password'],
  });
export type LoginInput = z.input<typeof loginSchema>;
export type Login = z.output<typeof loginSchema>;

export const otpRequestSchema = z
  .object({
    ...identity,
    msg: z.string().max(200).optional(),
    purpose: z.enum(OTP_PURPOSES).optional(),
  })
  .refine(needsIdentity, identityIssue);
export type OtpRequestInput = z.input<typeof otpRequestSchema>;
export type OtpRequest = z.output<typeof otpRequestSchema>;

// A client may tell the two code e-mails apart only by the free text in `msg` ("reset" in it means a
// reset code); `purpose` says it explicitly and wins.
export function otpPurpose(body: { msg?: string | null; purpose?: OtpPurpose | null }): OtpPurpose {
  if (body.purpose) return body.purpose;
  return typeof body.msg === 'string' && /reset/i.test(body.msg) ? 'reset' : 'register';
}

export const otpVerifySchema = z
  .object({
    ...identity,
    userOtp: z
      .string({ error: MESSAGES.incompleteOtp })
      .trim()
      .regex(/^\d{4}$/, { error: MESSAGES.incompleteOtp }),
    purpose: z.enum(OTP_PURPOSES).optional(),
  })
  .refine(needsIdentity, identityIssue);
export type OtpVerifyInput = z.input<typeof otpVerifySchema>;
export type OtpVerify = z.output<typeof otpVerifySchema>;

export const forgotPasswordSchema = z
  .object({
    ...identity,
    newPassword: passwordSchema,
  })
  .refine(needsIdentity, identityIssue);

// A signed-in account adding a mobile number: the number, then the code texted to it.
export const phoneAddSchema = z.object({ phone: ghanaMobileSchema });
export const phoneVerifySchema = z.object({
  phone: ghanaMobileSchema,
  code: z
    .string({ error: MESSAGES.incompleteOtp })
    .trim()
    .regex(/^\d{4}$/, { error: MESSAGES.incompleteOtp }),
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ForgotPassword = z.output<typeof forgotPasswordSchema>;

export const profileUpdateSchema = z.object({
  fullName: z
    .string({ error: MESSAGES.fullNameRequired })
    .trim()
    .min(1, { error: MESSAGES.fullNameRequired })
    .max(100, { error: tooLong(100, MESSAGES.fieldFullName) })
    .optional(),
  // '' clears the phone number (null); anything else must be a Ghanaian mobile number. A number set
  // here is not verified until the code texted to it comes back (POST /profile/phone).
  phone: optionalGhanaMobileSchema,
  location: optionalText(120),
  // Staff settings (the back-office Settings screen), both on by default: staff notices (new
  // viewings, items to approve) and system alerts (maintenance mode switched) by e-mail.
  emailNotifications: z.boolean({ error: 'E-mail notifications must be on or off.' }).optional(),
  systemAlerts: z.boolean({ error: 'System alerts must be on or off.' }).optional(),
  // A seeker's channels: for viewings, e-mail and texts; for alerts (saved searches, price drops),
  // e-mail (emailNotifications above) and texts. Texts go to the verified number; replying STOP turns
  // both kinds of text off.
  smsEnabled: z.boolean({ error: 'Texts must be on or off.' }).optional(),
  smsAlerts: z.boolean({ error: 'Alert texts must be on or off.' }).optional(),
  viewingEmails: z.boolean({ error: 'Viewing e-mails must be on or off.' }).optional(),
  // New messages from staff in the seeker's conversations, unread after two minutes: by e-mail, by text.
  messageEmails: z.boolean({ error: 'Message e-mails must be on or off.' }).optional(),
  messageTexts: z.boolean({ error: 'Message texts must be on or off.' }).optional(),
  language: languageSchema.optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: MESSAGES.currentPasswordRequired })
      .min(1, { error: MESSAGES.currentPasswordRequired }),
    newPassword: passwordSchema,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    error: MESSAGES.newPasswordSameAsCurrent,
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type ChangePassword = z.output<typeof changePasswordSchema>;

// POST /add-admin creates users and staff alike; without a role it creates the least privileged kind.
export const addAdminSchema = z.object({
  email: emailField(MESSAGES.invalidEmail),
  password: z
    .string({ error: MESSAGES.passwordTooShort })
    .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort })
    .refine(fitsPasswordHash, { error: MESSAGES.passwordTooLong }),
  role: choice(ROLES, 'Role').default('user'),
});
export type AddAdminInput = z.input<typeof addAdminSchema>;
export type AddAdmin = z.output<typeof addAdminSchema>;

const idSchema = z.union([z.string(), z.number()]).transform(String);

// A user as the staff lists (GET /users, GET /admins) return it.
export const staffUserSchema = z.object({
  _id: z.string(),
  // '' for a seeker known by their mobile number alone (then `phone` names them).
  email: z.string(),
  phone: z.string().nullable().optional(),
  fullName: z.string().nullable(),
  role: z.enum(ROLES),
  createdAt: z.string().nullable(),
  /** False once a superadmin has deactivated the account (it cannot sign in until reactivated). */
  active: z.boolean().optional(),
  /** A seeker whose booking is paused by the no-show rule: the first instant they may book again. */
  bookingRestrictedUntil: z.string().nullable().optional(),
  /** When the last code texted to the seeker's number was reported undelivered (null: it was not). */
  codeTextFailedAt: z.string().nullable().optional(),
});
export type StaffUser = z.output<typeof staffUserSchema>;
export const staffUserListSchema = z.array(staffUserSchema);

// The record the site keeps in local storage under `user`.
export const currentUserSchema = z.object({
  id: idSchema,
  // '' for an account known by its mobile number alone.
  email: z.string(),
  phone: z.string().optional(),
  role: z.enum(ROLES),
  fullName: z.string().nullable().optional(),
});
export type CurrentUser = z.output<typeof currentUserSchema>;

// POST /login; POST /signup answers the same shape, except that its token may be absent
// (signupResponseSchema).
export const authResponseSchema = currentUserSchema.extend({
  token: z.string(),
  message: z.string().optional(),
  // The account's language (sign-in and a confirmed sign-up): the site follows it.
  language: z.enum(LANGUAGES).optional(),
});
export type AuthResponse = z.output<typeof authResponseSchema>;

export const signupResponseSchema = authResponseSchema.extend({
  token: z.string().optional(),
  email: z.string().optional(),
  // True while e-mail waits for the mail server: the code is sent when it is back.
  emailDelayed: z.boolean().optional(),
});
export type SignupResponse = z.output<typeof signupResponseSchema>;

// GET /profile.
export const profileSchema = z.object({
  _id: z.string(),
  id: idSchema.optional(),
  email: z.string(),
  fullName: z.string().nullable(),
  role: z.enum(ROLES),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  createdAt: z.string().nullable().optional(),
  emailNotifications: z.boolean().optional(),
  systemAlerts: z.boolean().optional(),
  language: z.enum(LANGUAGES).optional(),
  // The number signs in and gets texts once its code came back; texts are on until turned off.
  phoneVerified: z.boolean().optional(),
  smsEnabled: z.boolean().optional(),
  smsAlerts: z.boolean().optional(),
  viewingEmails: z.boolean().optional(),
  messageEmails: z.boolean().optional(),
  messageTexts: z.boolean().optional(),
});
export type Profile = z.output<typeof profileSchema>;
