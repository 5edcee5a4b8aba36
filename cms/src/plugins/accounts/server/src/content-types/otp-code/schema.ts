// One code, e-mailed or texted. Stored hashed; never shown in the admin panel.
export default {
  kind: 'collectionType',
  collectionName: 'otp_codes',
  info: { singularName: 'otp-code', pluralName: 'otp-codes', displayName: 'OTP code' },
  options: { draftAndPublish: false },
  pluginOptions: { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } },
  attributes: {
    // The address the code went to: an e-mail, or a mobile number in E.164.
    email: { type: 'string', required: true, maxLength: 254 },
    purpose: { type: 'enumeration', enum: ['register', 'reset', 'login', 'phone'], required: true },
    codeHash: { type: 'string', required: true, private: true },
    expiresAt: { type: 'datetime', required: true },
    // Tries taken, reserved before each guess is compared; at 5 the code takes no more.
    attempts: { type: 'integer', required: true, default: 0 },
    // Set when the code is used, replaced by a newer code of its purpose, or its purpose is locked.
    closedAt: { type: 'datetime' },
    // Reset codes: when the code was verified; the password may be set within 15 minutes.
    verifiedAt: { type: 'datetime' },
    resetUsedAt: { type: 'datetime' },
  },
  indexes: [
    { name: 'otp_codes_email_created_idx', columns: ['email', 'created_at'] },
    { name: 'otp_codes_created_idx', columns: ['created_at'] },
  ],
} as const;
