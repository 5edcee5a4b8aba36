import { describe, expect, it } from 'vitest';
import { emailSchema, isEmail, MESSAGES } from '../src/index.js';
import { messageAt, parsed } from './helpers.js';

describe('e-mail addresses', () => {
  it('trims and lower-cases so one address is one account', () => {
    expect(parsed(emailSchema, '  Ama.Owusu@Example.COM ')).toBe('ama.owusu@example.com');
  });

  it('asks for an address when it is empty', () => {
    expect(messageAt(emailSchema, '', '')).toBe('Please enter your email address');
    expect(messageAt(emailSchema, undefined, '')).toBe(MESSAGES.emailRequired);
  });

  it.each(['ama@', 'ama@example', 'ama example@x.com', '@x.com', `${'a'.repeat(250)}@x.com`])(
    'refuses %j',
    (input) => {
      expect(messageAt(emailSchema, input, '')).toBe('Please enter a valid email address');
      expect(isEmail(input)).toBe(false);
    },
  );

  it('isEmail accepts an ordinary address', () => {
    expect(isEmail('kofi@fie.com.gh')).toBe(true);
  });
});
