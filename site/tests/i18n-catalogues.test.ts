// The site's message catalogues: every language carries English's keys with the same placeholders,
// every text with words is translated, every key is used by the site, and each enumeration covers
// exactly the domain's values.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueProblems, LANGUAGES, NO_VIEWING_FEES, REPORT_TEXT, type Catalogue } from '@fie/domain';
import { COMMON } from '../src/i18n/common';
import { HOME } from '../src/i18n/home';
import { CARDS } from '../src/i18n/cards';
import { LISTING, TYPE_PLURALS } from '../src/i18n/listing';
import { ENUMERATIONS } from '../src/i18n/enumerations';
import { PROPERTY } from '../src/i18n/property';
import { AREA_MAP, ENQUIRY, VIEWING } from '../src/i18n/property-islands';
import { CONTACT } from '../src/i18n/contact';
import { ALERTS } from '../src/i18n/alerts';
import { ABOUT } from '../src/i18n/about';
import { ACCOUNT_AREA, AUTH, DASHBOARD } from '../src/i18n/account';
import { CHECKLIST_EN, FIELD_EN, NOTICE_EN, PASSWORD_FORM_EN } from '../src/i18n/island-defaults';
import {
  countText,
  formatNumber,
  hasLanguageTwin,
  isStaffPath,
  localePath,
  splitLanguage,
} from '../src/i18n';

const src = path.join(__dirname, '../src');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
/** Every source file of the site but the catalogues themselves. */
const sources = files(src)
  .filter((file) => !file.includes(`${path.sep}i18n${path.sep}`))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

// Words that are the same in the other language: a name, or a word French or Spanish borrowed.
const SAME_IN_TRANSLATION = new Set([
  'Contact',
  'Admin',
  'Pagination',
  'Page ',
  'Budget {budget}',
  'Notifications',
  // "Messages" is French too.
  'Messages',
  // The French write e-mail as the English do.
  'E-mail',
]);

const catalogues: Array<{ name: string; texts: Record<string, Catalogue> }> = [
  { name: 'common texts', texts: COMMON },
  { name: 'home page', texts: HOME },
  { name: 'property cards', texts: CARDS },
  { name: 'listing pages', texts: LISTING },
  { name: 'property page', texts: PROPERTY },
  { name: 'viewing booking', texts: VIEWING },
  { name: 'enquiry form', texts: ENQUIRY },
  { name: 'area map', texts: AREA_MAP },
  { name: 'contact page', texts: CONTACT },
  { name: 'about, services and legal pages', texts: ABOUT },
  { name: 'account screens', texts: AUTH },
  { name: 'dashboard', texts: DASHBOARD },
  { name: 'profile and settings', texts: ACCOUNT_AREA },
  { name: 'alerts unsubscribe page', texts: ALERTS },
];

describe.each(catalogues)('the $name catalogue', ({ texts }) => {
  it('has the same keys and placeholders in English, French and Spanish', () => {
    expect(catalogueProblems(texts as never)).toEqual([]);
  });

  it('has every key used by the site', () => {
    // Read as `t.key`, `words.key` or `CATALOGUE[language].key` (and `CATALOGUE.en.key`).
    const unused = Object.keys(texts.en!).filter(
      (key) => !new RegExp(`(?:\\bt|\\bwords|\\]|\\ben)\\.${key}\\b`).test(sources),
    );
    expect(unused).toEqual([]);
  });

  it('translates every text that has words', () => {
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const same = Object.entries(texts.en!).filter(
        ([key, text]) =>
          /[a-z]{2}/i.test(text.replace(/\{\w+\}/g, '')) &&
          texts[language]![key] === text &&
          !SAME_IN_TRANSLATION.has(text),
      );
      expect(same, language).toEqual([]);
    }
  });
});

describe.each(ENUMERATIONS.map((e) => ({ ...e })))('the $name', ({ values, words }) => {
  it('names every value of the domain, and nothing else, in every language', () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(words[language]).sort(), language).toEqual([...values].sort());
      for (const [value, word] of Object.entries(words[language]))
        expect(word.trim(), `${language}: ${value}`).not.toBe('');
    }
  });
});

describe('the property page in English', () => {
  it('says what the e-mails and the report answers say, word for word', () => {
    const t = PROPERTY.en;
    expect(`${t.noFeesSaid} ${t.noFeesAsk.replace('{reportIt}', t.reportIt)}`).toBe(NO_VIEWING_FEES);
    expect(t.reportSent).toBe(REPORT_TEXT.sent);
    expect(t.reportFailed).toBe(REPORT_TEXT.failed);
    expect(t.reportsFromNetwork).toBe(REPORT_TEXT.tooManyFromAddress);
    expect(t.reportsForListing).toBe(REPORT_TEXT.tooManyForListing);
  });
});

describe('the parts the English-only back-office shares', () => {
  it('say in English what the catalogues say', () => {
    for (const [key, text] of Object.entries({ ...FIELD_EN, ...CHECKLIST_EN }))
      expect(AUTH.en[key as keyof typeof AUTH.en], key).toBe(text);
    for (const [key, text] of Object.entries(NOTICE_EN))
      expect(DASHBOARD.en[key as keyof typeof DASHBOARD.en], key).toBe(text);
    for (const [key, text] of Object.entries(PASSWORD_FORM_EN))
      expect(ACCOUNT_AREA.en[key as keyof typeof ACCOUNT_AREA.en], key).toBe(text);
  });
});

describe("the listing heading's property types", () => {
  it('name every type in every language', () => {
    for (const language of LANGUAGES)
      expect(Object.keys(TYPE_PLURALS[language]).sort(), language).toEqual(
        Object.keys(TYPE_PLURALS.en).sort(),
      );
  });
});

describe('language addresses', () => {
  it('splits a prefix off the path the pages are written for', () => {
    expect(splitLanguage('/fr/properties/accra')).toEqual({ language: 'fr', path: '/properties/accra' });
    expect(splitLanguage('/es')).toEqual({ language: 'es', path: '/' });
    expect(splitLanguage('/fr/')).toEqual({ language: 'fr', path: '/' });
    expect(splitLanguage('/properties')).toEqual({ language: 'en', path: '/properties' });
    // English has no prefix, an unknown code is no language, and a word that starts with one is a path.
    expect(splitLanguage('/en/about-us')).toEqual({ language: 'en', path: '/en/about-us' });
    expect(splitLanguage('/de/about-us')).toEqual({ language: 'en', path: '/de/about-us' });
    expect(splitLanguage('/franchise')).toEqual({ language: 'en', path: '/franchise' });
  });

  it('writes a path in a language, leaving English, the back-office and other hosts alone', () => {
    expect(localePath('fr', '/')).toBe('/fr/');
    expect(localePath('es', '/properties?leaseType=Rent')).toBe('/es/properties?leaseType=Rent');
    expect(localePath('fr', '/?featured=Rent')).toBe('/fr/?featured=Rent');
    expect(localePath('en', '/properties')).toBe('/properties');
    expect(localePath('fr', '/admin/users')).toBe('/admin/users');
    expect(localePath('fr', '//elsewhere.example/x')).toBe('//elsewhere.example/x');
    // One file for all languages: the sitemap, robots.txt, the API and the built files have no twin.
    expect(localePath('fr', '/sitemap.xml')).toBe('/sitemap.xml');
    expect(localePath('es', '/api/products?city=accra')).toBe('/api/products?city=accra');
    expect(localePath('fr', '/uploads/x.webp')).toBe('/uploads/x.webp');
    expect(hasLanguageTwin('/properties/accra')).toBe(true);
    expect(hasLanguageTwin('/robots.txt')).toBe(false);
    expect(isStaffPath('/admin-dashboard')).toBe(true);
    expect(isStaffPath('/administrators-guide')).toBe(false);
  });
});

describe('numbers and counts', () => {
  it("follow each language's plural rules and digit grouping", () => {
    const forms = { one: '{count} bien', other: '{count} biens' };
    expect(countText('fr', 0, forms)).toBe('0 bien');
    expect(countText('fr', 1, forms)).toBe('1 bien');
    expect(countText('fr', 2, forms)).toBe('2 biens');
    expect(countText('en', 0, { one: '{count} property', other: '{count} properties' })).toBe('0 properties');
    expect(formatNumber('en', 12500)).toBe('12,500');
    expect(formatNumber('fr', 12500)).toBe('12\u202f500');
  });
});
