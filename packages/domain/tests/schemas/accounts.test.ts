import { describe, expect, it } from 'vitest';
import {
  addAdminSchema,
  authResponseSchema,
  changePasswordSchema,
  currentUserSchema,
  forgotPasswordSchema,
  isLanguage,
  knownLanguage,
  LANGUAGES,
  loginSchema,
  MESSAGES,
  otpPurpose,
  otpRequestSchema,
  otpVerifySchema,
  profileUpdateSchema,
  signupSchema,
  staffUserSchema,
} from '../../src/index.js';
import { messageAt, parsed, problems } from '../helpers.js';

describe('signupSchema', () => {
  it('accepts a valid e-mail and strong password, normalising the e-mail', () => {
    expect(parsed(signupSchema, { email: 'Ama@X.com', password: 'Akwaaba2024', role: 'admin' })).toEqual({
      email: 'ama@x.com',
      password: 'Akwaaba2024',
    });
  });

  it('refuses a weak password naming the rule', () => {
    expect(messageAt(signupSchema, { email: 'a@x.com', password: 'short1A' }, 'password')).toBe(
      MESSAGES.passwordTooShort,
    );
    expect(messageAt(signupSchema, { email: 'a@x.com', password: 'nouppercase1' }, 'password')).toBe(
      MESSAGES.passwordUppercase,
    );
  });

  it('refuses a bad or missing e-mail', () => {
    expect(messageAt(signupSchema, { email: 'nope', password: 'Akwaaba2024' }, 'email')).toBe(
      MESSAGES.invalidEmail,
    );
    expect(messageAt(signupSchema, { password: 'Akwaaba2024' }, 'email')).toBe(MESSAGES.emailOrPhoneRequired);
  });

  it('takes a Ghanaian mobile number in place of the e-mail, kept as E.164', () => {
    expect(parsed(signupSchema, { phone: '024 412 3456', password: 'Akwaaba2024' })).toEqual({
      phone: '+233244123456',
      password: 'Akwaaba2024',
    });
    expect(messageAt(signupSchema, { phone: '030 212 3456', password: 'Akwaaba2024' }, 'phone')).toBe(
      MESSAGES.phoneNotMobile,
    );
    expect(messageAt(signupSchema, { phone: '+44 7911 123456', password: 'Akwaaba2024' }, 'phone')).toBe(
      MESSAGES.phoneNotGhanaian,
    );
  });
});

describe('loginSchema', () => {
  it('takes a number with a password or with a texted code, and an e-mail with a password only', () => {
    expect(parsed(loginSchema, { phone: '0244123456', code: '1234' })).toEqual({
      phone: '+233244123456',
      code: '1234',
      isAdminLogin: false,
    });
    expect(parsed(loginSchema, { phone: '0244123456', password: 'x' })).toMatchObject({ password: 'x' });
    expect(messageAt(loginSchema, { email: 'a@x.com', code: '1234' }, 'password')).toBe(
      MESSAGES.passwordRequired,
    );
    expect(messageAt(loginSchema, { password: 'x' }, 'email')).toBe(MESSAGES.emailOrPhoneRequired);
  });

  it('defaults isAdminLogin to false and does not apply strength rules', () => {
    expect(parsed(loginSchema, { email: 'a@x.com', password: 'weak' })).toEqual({
      email: 'a@x.com',
      password: 'weak',
      isAdminLogin: false,
    });
    expect(parsed(loginSchema, { email: 'a@x.com', password: 'weak', isAdminLogin: true }).isAdminLogin).toBe(
      true,
    );
  });

  it('needs a password', () => {
    expect(messageAt(loginSchema, { email: 'a@x.com', password: '' }, 'password')).toBe(
      MESSAGES.passwordRequired,
    );
  });

  it('refuses a non-boolean admin toggle', () => {
    expect(
      messageAt(loginSchema, { email: 'a@x.com', password: 'x', isAdminLogin: 'yes' }, 'isAdminLogin'),
    ).toBeDefined();
  });
});

describe('OTP requests', () => {
  it('accepts an e-mail with a msg text', () => {
    expect(parsed(otpRequestSchema, { email: 'a@x.com', msg: 'Your registration code' })).toEqual({
      email: 'a@x.com',
      msg: 'Your registration code',
    });
  });

  it('refuses an overlong msg and an unknown purpose', () => {
    expect(problems(otpRequestSchema, { email: 'a@x.com', msg: 'x'.repeat(201) })).toHaveLength(1);
    expect(messageAt(otpRequestSchema, { email: 'a@x.com', purpose: 'sign-in' }, 'purpose')).toBeDefined();
  });

  it('tells reset codes from registration codes', () => {
    expect(otpPurpose({ purpose: 'reset' })).toBe('reset');
    expect(otpPurpose({ msg: 'Password RESET code' })).toBe('reset');
    expect(otpPurpose({ msg: 'Welcome! Verify your account' })).toBe('register');
    expect(otpPurpose({ msg: 'reset', purpose: 'register' })).toBe('register');
    expect(otpPurpose({})).toBe('register');
  });

  it('verifies exactly four digits', () => {
    expect(parsed(otpVerifySchema, { email: 'a@x.com', userOtp: ' 0427 ' }).userOtp).toBe('0427');
    for (const userOtp of ['123', '12345', '12a4', '', undefined]) {
      expect(messageAt(otpVerifySchema, { email: 'a@x.com', userOtp }, 'userOtp')).toBe(
        'Please enter the complete 4-digit OTP',
      );
    }
  });
});

describe('forgotPasswordSchema', () => {
  it('accepts an e-mail and a strong new password', () => {
    expect(problems(forgotPasswordSchema, { email: 'a@x.com', newPassword: 'NewPass123' })).toEqual([]);
  });

  it('asks for the e-mail and applies the password rules', () => {
    expect(messageAt(forgotPasswordSchema, { email: '', newPassword: 'NewPass123' }, 'email')).toBe(
      'Please enter your email address',
    );
    expect(
      messageAt(forgotPasswordSchema, { email: 'a@x.com', newPassword: 'newpass123' }, 'newPassword'),
    ).toBe(MESSAGES.passwordUppercase);
  });
});

describe('the language setting', () => {
  it('takes exactly en, fr or es, at sign-up and on the profile', () => {
    expect(LANGUAGES).toEqual(['en', 'fr', 'es']);
    for (const language of LANGUAGES) {
      expect(isLanguage(language)).toBe(true);
      expect(parsed(profileUpdateSchema, { language })).toEqual({ language });
      expect(parsed(signupSchema, { email: 'a@x.com', password: 'Akwaaba2024', language }).language).toBe(
        language,
      );
    }
    expect(parsed(signupSchema, { email: 'a@x.com', password: 'Akwaaba2024' })).not.toHaveProperty(
      'language',
    );
  });

  it('reads a stored language, English where none or an unknown one is kept', () => {
    expect(LANGUAGES.map(knownLanguage)).toEqual(['en', 'fr', 'es']);
    for (const stored of [null, undefined, '', 'de', 'FR']) expect(knownLanguage(stored)).toBe('en');
  });

  it('refuses any other value with one message', () => {
    for (const language of ['de', 'FR', 'en-GB', ' es', '', null, 1, ['fr']]) {
      expect(isLanguage(language)).toBe(false);
      expect(messageAt(profileUpdateSchema, { language }, 'language')).toBe(MESSAGES.invalidLanguage);
      expect(
        messageAt(signupSchema, { email: 'a@x.com', password: 'Akwaaba2024', language }, 'language'),
      ).toBe(MESSAGES.invalidLanguage);
    }
  });
});

describe('profileUpdateSchema', () => {
  it('trims the name, normalises the phone and clears blanks', () => {
    expect(
      parsed(profileUpdateSchema, { fullName: '  Ama Owusu ', phone: '024 123 4567', location: '' }),
    ).toEqual({
      fullName: 'Ama Owusu',
      phone: '+233241234567',
      location: null,
    });
    expect(parsed(profileUpdateSchema, { phone: '' })).toEqual({ phone: null });
    expect(parsed(profileUpdateSchema, {})).toEqual({});
  });

  it('refuses an empty name, a foreign phone and an overlong location', () => {
    expect(messageAt(profileUpdateSchema, { fullName: '   ' }, 'fullName')).toBe(MESSAGES.fullNameRequired);
    expect(messageAt(profileUpdateSchema, { phone: '+44 20 7946 0958' }, 'phone')).toBe(
      MESSAGES.phoneNotGhanaian,
    );
    expect(messageAt(profileUpdateSchema, { phone: '0302 123 456' }, 'phone')).toBe(MESSAGES.phoneNotMobile);
    expect(messageAt(profileUpdateSchema, { phone: '12345' }, 'phone')).toBe(MESSAGES.invalidPhone);
    expect(messageAt(profileUpdateSchema, { location: 'x'.repeat(121) }, 'location')).toBe(
      'Must be at most 120 characters',
    );
  });
});

describe('changePasswordSchema', () => {
  it('accepts a new strong password different from the current one', () => {
    expect(problems(changePasswordSchema, { currentPassword: 'old', newPassword: 'Brand1New' })).toEqual([]);
  });

  it('refuses a missing current password, a weak new one or no change', () => {
    expect(
      messageAt(changePasswordSchema, { currentPassword: '', newPassword: 'Brand1New' }, 'currentPassword'),
    ).toBe(MESSAGES.currentPasswordRequired);
    expect(
      messageAt(changePasswordSchema, { currentPassword: 'old', newPassword: 'weak' }, 'newPassword'),
    ).toBe(MESSAGES.passwordTooShort);
    expect(
      messageAt(
        changePasswordSchema,
        { currentPassword: 'Brand1New', newPassword: 'Brand1New' },
        'newPassword',
      ),
    ).toBe(MESSAGES.newPasswordSameAsCurrent);
  });
});

describe('addAdminSchema', () => {
  it('accepts staff and seekers, defaulting to the least privileged role', () => {
    expect(
      parsed(addAdminSchema, { email: 'Staff@Fie.com', password: 'longenough', role: 'superadmin' }),
    ).toEqual({
      email: 'staff@fie.com',
      password: 'longenough',
      role: 'superadmin',
    });
    expect(parsed(addAdminSchema, { email: 's@fie.com', password: 'longenough' }).role).toBe('user');
  });

  it('uses the fixed messages for e-mail and password', () => {
    expect(messageAt(addAdminSchema, { email: 'bad', password: 'longenough' }, 'email')).toBe(
      'Please enter a valid email address',
    );
    expect(messageAt(addAdminSchema, { email: '', password: 'longenough' }, 'email')).toBe(
      MESSAGES.invalidEmail,
    );
    expect(messageAt(addAdminSchema, { email: 's@fie.com', password: 'short' }, 'password')).toBe(
      'Password must be at least 8 characters long',
    );
  });

  it('refuses an unknown role', () => {
    expect(
      messageAt(addAdminSchema, { email: 's@fie.com', password: 'longenough', role: 'owner' }, 'role'),
    ).toBe('Role must be one of: user, admin, superadmin');
  });
});

describe('user response schemas', () => {
  it('read a staff list entry and refuse an unknown role', () => {
    const entry = {
      _id: 'abc123',
      email: 'a@x.com',
      fullName: null,
      role: 'admin',
      createdAt: '2025-01-01T00:00:00Z',
    };
    expect(parsed(staffUserSchema, { ...entry, extra: 1 })).toEqual(entry);
    expect(problems(staffUserSchema, { ...entry, role: 'root' })).toHaveLength(1);
  });

  it('keeps whether a listed account is active (deactivated seekers are not)', () => {
    const entry = {
      _id: 'abc123',
      email: 'a@x.com',
      fullName: null,
      role: 'user',
      createdAt: null,
      active: false,
    };
    expect(parsed(staffUserSchema, entry).active).toBe(false);
    expect(problems(staffUserSchema, { ...entry, active: 'no' })).toHaveLength(1);
  });

  it('read the login answer with a numeric or text id', () => {
    expect(
      parsed(authResponseSchema, { token: 't', id: 7, email: 'a@x.com', role: 'user', fullName: 'Ama' }).id,
    ).toBe('7');
    expect(
      problems(authResponseSchema, { id: 7, email: 'a@x.com', role: 'user' }).map((p) => p.path),
    ).toEqual(['token']);
    expect(
      parsed(currentUserSchema, { id: 'doc1', email: 'a@x.com', role: 'superadmin' }).fullName,
    ).toBeUndefined();
  });
});
