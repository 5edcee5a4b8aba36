import { describe, expect, it } from 'vitest';
import {
  textBudgetShare,
  afterQuietHours,
  alertText,
  messageText,
  codeText,
  LANGUAGES,
  smsAmount,
  smsSize,
  smsWhen,
  stoppedText,
  toGsm7,
  viewingText,
  type SmsCodePurpose,
  type ViewingTextKind,
} from '../src/index.js';

describe('what a text costs', () => {
  it('counts GSM-7 septets, two for the extension table', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, parts: 1 });
    expect(smsSize('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, parts: 2 });
    expect(smsSize('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, parts: 1 });
    expect(smsSize('a'.repeat(307)).parts).toBe(3);
  });

  it('falls to UCS-2 at one character outside the alphabet: the cedi sign', () => {
    expect(smsSize(`Rent ₵4,500 ${'a'.repeat(58)}`)).toEqual({ encoding: 'UCS-2', units: 70, parts: 1 });
    expect(smsSize(`Rent ₵4,500 ${'a'.repeat(59)}`).parts).toBe(2);
  });

  it('folds what people type into GSM-7', () => {
    expect(toGsm7('₵4,500 – “East Legon” día, ça…')).toBe('GHS 4,500 - "East Legon" dia, Ça...');
    expect(toGsm7('café élan ñandú 🏠')).toBe('café élan ñandu ');
    expect(smsSize(toGsm7('Ọ̀fíìsì ní Kumasi ₵')).encoding).toBe('GSM-7');
  });

  it('spells amounts the GSM-7 way', () => {
    expect(smsAmount(4500)).toBe('GHS 4,500');
    expect(smsAmount(1250000.4)).toBe('GHS 1,250,000');
  });

  it("gives a viewing's time in Accra's time and the seeker's language", () => {
    const at = new Date('2026-12-12T10:00:00Z');
    expect(smsWhen('en', at)).toBe('Sat 12 Dec 10:00');
    expect(toGsm7(smsWhen('fr', at))).toBe('sam 12 déc 10:00');
    expect(toGsm7(smsWhen('es', at))).toBe('sab 12 dic 10:00');
  });
});

// The longest a title gets (the back-office allows 200 characters), in characters GSM-7 lacks.
const LONG_TITLE = `Spacious 4-bedroom villa at East Legon with pool, ₵ “boys’ quarters” – ${'á'.repeat(150)}`;
const LINK = 'https://fiehomes.com/v/AbC123xY';
const AT = new Date('2026-09-30T23:30:00Z'); // the longest month and weekday names of the year

describe('every text template fits one GSM-7 part in every language', () => {
  const purposes: SmsCodePurpose[] = ['register', 'login', 'reset', 'phone'];
  const kinds: ViewingTextKind[] = ['confirmed', 'changed', 'cancelled', 'reminder24h', 'reminder2h'];
  const texts: Array<[string, string]> = [];
  for (const language of LANGUAGES) {
    for (const purpose of purposes)
      texts.push([`${language} code ${purpose}`, codeText(language, purpose, '0427')]);
    texts.push([`${language} stopped`, stoppedText(language)]);
    for (const kind of kinds) {
      for (const title of [LONG_TITLE, 'Flat', ''])
        texts.push([
          `${language} viewing ${kind} "${title.slice(0, 8)}"`,
          viewingText(language, kind, { title, at: AT, link: LINK }),
        ]);
    }
    for (const title of [LONG_TITLE, 'Office'])
      texts.push([
        `${language} alert`,
        alertText(language, { title, price: 12_500_000, perMonth: language !== 'en', link: LINK }),
      ]);
    // A conversation's new messages, with the link to the conversation's page in the seeker's language.
    for (const count of [1, 12])
      texts.push([
        `${language} messages ${count}`,
        messageText(language, {
          title: LONG_TITLE,
          count,
          link: `https://www.fiehomes.com.gh/${language}/messages/appointment/x0tq3v9k2m8w7h1r5c6b4n2p`,
        }),
      ]);
    // The link the cms writes: the listing's page in the seeker's language, under a long site address.
    texts.push([
      `${language} alert, the listing's own link`,
      alertText(language, {
        title: LONG_TITLE,
        price: 12_500_000,
        perMonth: true,
        link: `https://www.fiehomes.com.gh/${language}/property/x0tq3v9k2m8w7h1r5c6b4n2p`,
      }),
    ]);
  }

  it.each(texts)('%s', (_name, text) => {
    expect(smsSize(text)).toMatchObject({ encoding: 'GSM-7', parts: 1 });
  });

  it('says how many messages wait, and where', () => {
    expect(messageText('en', { title: 'Office in Osu', count: 1, link: LINK })).toBe(
      `Fie Homes: a new message about Office in Osu. Read and reply: ${LINK}`,
    );
    expect(messageText('fr', { title: 'Bureau', count: 3, link: LINK })).toContain('3 nouveaux messages');
  });

  it('keeps the code, the link, the time and a cut title in the text', () => {
    expect(codeText('fr', 'login', '0427')).toContain('0427');
    const text = viewingText('en', 'confirmed', { title: LONG_TITLE, at: AT, link: LINK });
    expect(text).toContain(LINK);
    expect(text).toContain('Wed 30 Sept 23:30');
    expect(text).toContain('Spacious 4-bedroom villa');
    expect(text).toContain('...');
    expect(text).toContain('Pay no one before you view.');
    expect(alertText('en', { title: 'Office', price: 4500, perMonth: true, link: LINK })).toBe(
      `Fie Homes: new match for your search: Office, GHS 4,500/month. ${LINK}`,
    );
  });
});

describe("the day's text budget", () => {
  it('warns from 80 % exactly and is spent at the budget, showing the share rounded', () => {
    expect(textBudgetShare({ total: 1592, budget: 2000 })).toEqual({ percent: 80, tone: 'ok' });
    expect(textBudgetShare({ total: 1600, budget: 2000 })).toEqual({ percent: 80, tone: 'warn' });
    expect(textBudgetShare({ total: 1999, budget: 2000 })).toEqual({ percent: 100, tone: 'warn' });
    expect(textBudgetShare({ total: 2000, budget: 2000 })).toEqual({ percent: 100, tone: 'spent' });
    expect(textBudgetShare({ total: 0, budget: 0 })).toEqual({ percent: 100, tone: 'spent' });
    expect(textBudgetShare({ total: 10, budget: 100 })).toEqual({ percent: 10, tone: 'ok' });
    expect(textBudgetShare({ total: 80, budget: 100 })).toEqual({ percent: 80, tone: 'warn' });
    expect(textBudgetShare({ total: 130, budget: 100 })).toEqual({ percent: 100, tone: 'spent' });
  });
});

describe('quiet hours, 21:00 to 07:00 in Accra', () => {
  it('lets a text that can wait go at once in the day', () => {
    for (const at of ['2026-12-07T07:00:00Z', '2026-12-07T12:30:00Z', '2026-12-07T20:59:59Z'])
      expect(afterQuietHours(new Date(at)).toISOString()).toBe(new Date(at).toISOString());
  });

  it('holds it until 07:00 from the evening and from the small hours', () => {
    expect(afterQuietHours(new Date('2026-12-07T21:00:00Z')).toISOString()).toBe('2026-12-08T07:00:00.000Z');
    expect(afterQuietHours(new Date('2026-12-31T23:59:00Z')).toISOString()).toBe('2027-01-01T07:00:00.000Z');
    expect(afterQuietHours(new Date('2026-12-08T00:00:00Z')).toISOString()).toBe('2026-12-08T07:00:00.000Z');
    expect(afterQuietHours(new Date('2026-12-08T06:59:59Z')).toISOString()).toBe('2026-12-08T07:00:00.000Z');
  });
});
