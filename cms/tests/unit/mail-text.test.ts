// The e-mails' catalogues: every language carries English's keys with the same placeholders, every
// text is translated (not left in English), and every key is one the e-mails use: a text no e-mail
// sends is a translation nobody reads.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES, catalogueProblems, LANGUAGES, type Catalogue } from '@fie/domain';
import { ACCOUNT_MAIL_TEXT } from '../../src/plugins/accounts/server/src/account-mail-text';
import { VIEWING_MAIL_TEXT, statusKeys } from '../../src/plugins/viewings/server/src/viewing-mail-text';
import { AT_ACCRA_TIME } from '../../src/shared/mail-language';

const source = (file: string) => readFileSync(path.join(__dirname, '../../src', file), 'utf8');

const catalogues: Array<{ name: string; texts: Record<string, Catalogue>; users: string[] }> = [
  {
    name: 'account e-mails',
    texts: ACCOUNT_MAIL_TEXT,
    users: [source('plugins/accounts/server/src/services/account-mail.service.ts')],
  },
  {
    name: 'viewing e-mails and invites',
    texts: VIEWING_MAIL_TEXT,
    users: [
      source('plugins/viewings/server/src/services/viewing-mail.service.ts'),
      source('plugins/viewings/server/src/services/reminders.service.ts'),
    ],
  },
  { name: 'moments in Accra time', texts: AT_ACCRA_TIME, users: [source('shared/mail-language.ts')] },
];

/** Keys reached through statusKeys: one word and one line for every viewing status. */
const statusKeyNames = APPOINTMENT_STATUSES.flatMap(
  (status) => Object.values(statusKeys(status)) as string[],
);

describe.each(catalogues)('the $name', ({ texts, users }) => {
  it('has the same keys and placeholders in English, French and Spanish', () => {
    expect(catalogueProblems(texts as never)).toEqual([]);
  });

  it('uses every key', () => {
    const unused = Object.keys(texts.en!).filter(
      (key) =>
        !statusKeyNames.includes(key) &&
        !users.some((text) => text.includes(`'${key}'`) || text.includes(`.${key}`)),
    );
    expect(unused).toEqual([]);
  });

  it('translates every text that has words (none is left as English)', () => {
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const same = Object.entries(texts.en!).filter(
        ([key, text]) => /[a-z]{2}/i.test(text.replace(/\{\w+\}/g, '')) && texts[language]![key] === text,
      );
      expect(same, language).toEqual([]);
    }
  });
});
