// Message catalogues: one flat object of texts per language, English first. A text names its values
// as `{placeholder}`; every language must carry the same keys and, in each text, the same placeholders,
// so a translation can reorder a sentence but never lose or invent a value.
import { LANGUAGES, type Language } from './enums.js';

// The languages again from here, for browser code that takes `@fie/domain/i18n` alone (the package's
// root brings every schema, and zod with them).
export { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from './enums.js';

export type Catalogue = Readonly<Record<string, string>>;

/** One catalogue per language, each with exactly English's keys. */
export type Catalogues<K extends string> = Readonly<Record<Language, Readonly<Record<K, string>>>>;

const PLACEHOLDER = /\{([a-zA-Z][a-zA-Z0-9]*)\}/g;

/** The placeholders a text names, sorted and each once. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))].sort();
}

/**
 * The text with its placeholders replaced by `values`. A placeholder without a value is a programming
 * error (the catalogue check keeps them in step with the callers), so it throws rather than sending
 * "{code}" to a customer.
 */
export function fill(text: string, values: Readonly<Record<string, string | number>> = {}): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in "${text}"`);
    return String(value);
  });
}

/**
 * What is wrong with a set of catalogues, as sentences (none when they are sound): a key missing from
 * or extra in a language, an empty text, or a text whose placeholders differ from English's.
 */
export function catalogueProblems(catalogues: Readonly<Record<Language, Catalogue>>): string[] {
  const problems: string[] = [];
  const english = catalogues.en;
  for (const language of LANGUAGES) {
    const catalogue = catalogues[language];
    for (const key of Object.keys(english))
      if (!(key in catalogue)) problems.push(`${language}: "${key}" is missing`);
    for (const [key, text] of Object.entries(catalogue)) {
      if (!(key in english)) {
        problems.push(`${language}: "${key}" is not in English`);
        continue;
      }
      if (!text.trim()) problems.push(`${language}: "${key}" is empty`);
      const expected = placeholdersOf(english[key]!).join(', ');
      const found = placeholdersOf(text).join(', ');
      if (found !== expected)
        problems.push(`${language}: "${key}" has placeholders {${found}} where English has {${expected}}`);
    }
  }
  return problems;
}
