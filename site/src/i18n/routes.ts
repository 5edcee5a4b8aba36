// The site's languages in its addresses: English at `/…`, French at `/fr/…`, Spanish at `/es/…`, the
// same paths behind the prefix (no translated slugs). The staff back-office is English only, so its
// paths have no prefixed twin. It ships in browser scripts (the sign-in link, saved searches), so it
// takes the languages from `@fie/domain/i18n`, not the package's root and its schemas.
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@fie/domain/i18n';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language };

/** How each language is tagged: `<html lang>`, OpenGraph's locale, and its own name for the switcher. */
export const LANGUAGE_TAGS: Readonly<Record<Language, { html: string; og: string; name: string }>> = {
  en: { html: 'en-GH', og: 'en_GH', name: 'English' },
  fr: { html: 'fr', og: 'fr_FR', name: 'Français' },
  es: { html: 'es', og: 'es_ES', name: 'Español' },
};

const PREFIX = /^\/([a-z]{2})(?=\/|$)/;

/**
 * A request path split into its language and the path the pages are written for. `/fr` and `/fr/`
 * are the French home; `/en/…` is not an address (English has no prefix) and stays as it is, so it
 * finds no page.
 */
export function splitLanguage(pathname: string): { language: Language; path: string } {
  const match = PREFIX.exec(pathname);
  const code = match?.[1];
  if (!match || !isLanguage(code) || code === DEFAULT_LANGUAGE)
    return { language: DEFAULT_LANGUAGE, path: pathname };
  return { language: code, path: pathname.slice(match[0].length) || '/' };
}

/** Paths of the back-office, which is English only: `/fr/admin/…` finds no page. */
export function isStaffPath(path: string): boolean {
  return /^\/(admin(\/|$)|admin-dashboard$|super-admin-dashboard$)/.test(path);
}

/**
 * Whether a path has French and Spanish twins: every page but the back-office's; not the API, the
 * uploads, the built files, nor a file such as /sitemap.xml or /robots.txt (one for all languages).
 */
export function hasLanguageTwin(path: string): boolean {
  return !isStaffPath(path) && !/^\/(api|uploads|_astro)(\/|$)/.test(path) && !/\.[a-z0-9]+$/i.test(path);
}

/** A site path (with its query, if any) in `language`: `/properties?x=1` → `/fr/properties?x=1`. */
export function localePath(language: Language, path: string): string {
  if (language === DEFAULT_LANGUAGE || !path.startsWith('/') || path.startsWith('//')) return path;
  if (!hasLanguageTwin(path.split(/[?#]/)[0]!)) return path;
  return path === '/'
    ? `/${language}/`
    : path.startsWith('/?')
      ? `/${language}/${path.slice(1)}`
      : `/${language}${path}`;
}
