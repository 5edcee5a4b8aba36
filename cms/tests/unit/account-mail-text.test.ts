// The account e-mails' catalogue: every language carries English's keys with the same placeholders,
// and every key is one the e-mails use (a text no e-mail sends is a translation nobody reads).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '@fie/domain';
import { ACCOUNT_MAIL_TEXT } from '../../src/plugins/accounts/server/src/account-mail-text';

const service = readFileSync(
  path.join(__dirname, '../../src/plugins/accounts/server/src/services/account-mail.service.ts'),
  'utf8',
);

describe('the account e-mails in every language', () => {
  it('has the same keys and placeholders in English, French and Spanish', () => {
    expect(catalogueProblems(ACCOUNT_MAIL_TEXT)).toEqual([]);
  });

  it('uses every key', () => {
    const unused = Object.keys(ACCOUNT_MAIL_TEXT.en).filter(
      (key) => !service.includes(`'${key}'`) && !service.includes(`.${key}`),
    );
    expect(unused).toEqual([]);
  });

  it('translates every text (none is left as English)', () => {
    for (const language of ['fr', 'es'] as const) {
      const same = Object.entries(ACCOUNT_MAIL_TEXT.en).filter(
        ([key, text]) => ACCOUNT_MAIL_TEXT[language][key as keyof typeof ACCOUNT_MAIL_TEXT.en] === text,
      );
      expect(same, language).toEqual([]);
    }
  });
});
