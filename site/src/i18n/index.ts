// What a page or component needs to speak its page's language: the language (set by src/middleware.ts
// from the address), its texts from a catalogue, and links that stay in that language.
import { fill, type Language } from '@fie/domain';
import { DEFAULT_LANGUAGE, LANGUAGE_TAGS, localePath } from './routes';

export { fill };
export * from './routes';

interface PageLocals {
  language?: Language;
  path?: string;
}

/** The page being rendered: its language, the path it is written for, and a link maker for it. */
export function pageLocale(locals: PageLocals, url: URL) {
  const language = locals.language ?? DEFAULT_LANGUAGE;
  return {
    language,
    /** The address without its language prefix. */
    path: locals.path ?? url.pathname,
    /** A site path in this page's language. */
    link: (path: string) => localePath(language, path),
  };
}

/** A whole number as the page's language writes it (1,200 · 1 200 · 1200). */
export function formatNumber(language: Language, value: number): string {
  return new Intl.NumberFormat(LANGUAGE_TAGS[language].html).format(value);
}

/**
 * The text for `count` things in `language`: its one-form or its other-form, by the language's plural
 * rules (French says "0 bien" and "1 bien", English "0 properties"), with {count} filled in.
 */
export function countText(language: Language, count: number, forms: { one: string; other: string }): string {
  const rule = new Intl.PluralRules(LANGUAGE_TAGS[language].html).select(count);
  return fill(rule === 'one' ? forms.one : forms.other, { count: formatNumber(language, count) });
}
