import { describe, expect, it } from 'vitest';
import { isStrongPassword, MESSAGES, passwordChecks, passwordSchema } from '../src/index.js';
import { messageAt, problems } from './helpers.js';

describe('password rules', () => {
  it('reports each rule separately for the live checklist', () => {
    expect(passwordChecks('abc')).toEqual({ length: false, uppercase: false, lowercase: true, digit: false });
    expect(passwordChecks('ABCDEFGH1')).toEqual({
      length: true,
      uppercase: true,
      lowercase: false,
      digit: true,
    });
    expect(passwordChecks('Abcdefg1')).toEqual({
      length: true,
      uppercase: true,
      lowercase: true,
      digit: true,
    });
  });

  it('calls a password strong only when all four rules hold', () => {
    expect(isStrongPassword('Abcdefg1')).toBe(true);
    expect(isStrongPassword('abcdefg1')).toBe(false);
    expect(isStrongPassword('ABCDEFG1')).toBe(false);
    expect(isStrongPassword('Abcdefgh')).toBe(false);
    expect(isStrongPassword('Abcde1')).toBe(false);
    expect(isStrongPassword(`Aa1${'x'.repeat(69)}`)).toBe(true);
    expect(isStrongPassword(`Aa1${'x'.repeat(70)}`)).toBe(false);
  });

  it('schema accepts a strong password', () => {
    expect(problems(passwordSchema, 'Akwaaba2024')).toEqual([]);
  });

  it('schema names the missing rule', () => {
    expect(messageAt(passwordSchema, 'Ab1', '')).toBe('Password must be at least 8 characters long');
    expect(messageAt(passwordSchema, 'abcdefg1', '')).toBe(MESSAGES.passwordUppercase);
    expect(messageAt(passwordSchema, 'ABCDEFG1', '')).toBe(MESSAGES.passwordLowercase);
    expect(messageAt(passwordSchema, 'Abcdefgh', '')).toBe(MESSAGES.passwordDigit);
    expect(messageAt(passwordSchema, `Aa1${'x'.repeat(70)}`, '')).toBe(MESSAGES.passwordTooLong);
    // 4 ASCII characters and 34 two-byte letters are exactly 72 bytes; one more letter is 74 bytes,
    // too many for bcrypt although the password is only 39 characters long.
    expect(messageAt(passwordSchema, `Aa12${'é'.repeat(34)}`, '')).toBeUndefined();
    expect(messageAt(passwordSchema, `Aa12${'é'.repeat(35)}`, '')).toBe(MESSAGES.passwordTooLong);
    expect(messageAt(passwordSchema, undefined, '')).toBe(MESSAGES.passwordRequired);
  });
});
