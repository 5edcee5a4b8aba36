import { describe, expect, it } from 'vitest';
import { displayName, firstName, initials, POSTED_BY_ID_LENGTH, shortId, truncate } from '../src/index.js';

describe('initials', () => {
  it('takes the first letters of up to two words of the full name', () => {
    expect(initials('Kwame Mensah', 'k@x.com')).toBe('KM');
    expect(initials('kwame kofi mensah')).toBe('KK');
    expect(initials('  ama  ')).toBe('A');
  });

  it('falls back to the first letter of the e-mail', () => {
    expect(initials(undefined, 'esi@example.com')).toBe('E');
    expect(initials('   ', 'zoe@x.com')).toBe('Z');
  });

  it('is empty when nothing is known', () => {
    expect(initials(null, null)).toBe('');
  });
});

describe('displayName and firstName', () => {
  it('use the full name when there is one', () => {
    expect(displayName(' Ama Owusu ', 'ama@x.com')).toBe('Ama Owusu');
    expect(firstName('Ama Owusu', 'ama@x.com')).toBe('Ama');
  });

  it('use the part of the e-mail before the @ otherwise', () => {
    expect(displayName(null, 'ama.owusu@example.com')).toBe('ama.owusu');
    expect(displayName('', 'kofi@x.com')).toBe('kofi');
    expect(firstName(undefined, 'kofi@x.com')).toBe('kofi');
    expect(firstName(null, null)).toBe('');
  });
});

describe('shortId and truncate', () => {
  it('shows the first 8 characters of an id by default', () => {
    expect(shortId('abcdefghijklmnop')).toBe('abcdefgh');
    expect(shortId('abcdefghijklmnop', POSTED_BY_ID_LENGTH)).toBe('abcdefghijkl');
    expect(shortId(1234567890)).toBe('12345678');
    expect(shortId(null)).toBe('');
  });

  it('truncates long text with an ellipsis and leaves short text alone', () => {
    expect(truncate('East Legon, near the American House junction', 30)).toBe(
      'East Legon, near the American...',
    );
    expect(truncate('Osu', 30)).toBe('Osu');
    expect(truncate(undefined, 30)).toBe('');
  });
});
