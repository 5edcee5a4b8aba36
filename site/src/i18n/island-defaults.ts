// The words of the island parts the English-only back-office shares with the seekers' screens: form
// fields, the password checklist and form, the booking-paused notice. A seeker's screen gives its own
// words as a prop (its catalogue holds these keys in each language); a back-office page puts these
// English ones in the page itself (Base.astro's page words), so no island's code carries English.
export const FIELD_EN = { show: 'Show', hide: 'Hide', dismissError: 'Dismiss error' } as const;

export const CHECKLIST_EN = {
  passwordRules: 'Password rules',
  ruleLength: 'At least 8 characters',
  ruleUppercase: 'One uppercase letter',
  ruleLowercase: 'One lowercase letter',
  ruleDigit: 'One number',
  ruleMatch: 'Passwords match',
  ruleDone: '(done)',
  ruleNotYet: '(not yet)',
} as const;

export const PASSWORD_FORM_EN = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
  passwordChanged: 'Password changed.',
  changePasswordFailed: 'Failed to change password. Please try again.',
  changing: 'Changing…',
  changePassword: 'Change password',
  signsOutOthers: 'Changing your password signs you out on your other devices.',
} as const;

export const NOTICE_EN = {
  bookingPaused: 'Viewing bookings paused',
  stillBrowse: 'You can still browse properties and send enquiries.',
} as const;

export type FieldWords = Readonly<Record<keyof typeof FIELD_EN, string>>;
export type ChecklistWords = Readonly<Record<keyof typeof CHECKLIST_EN, string>>;
export type PasswordFormWords = Readonly<Record<keyof typeof PASSWORD_FORM_EN, string>>;
export type NoticeWords = Readonly<Record<keyof typeof NOTICE_EN, string>>;

/** All of them, for a back-office page to carry. */
export const SHARED_ISLAND_EN: Readonly<Record<string, string>> = {
  ...FIELD_EN,
  ...CHECKLIST_EN,
  ...PASSWORD_FORM_EN,
  ...NOTICE_EN,
};
