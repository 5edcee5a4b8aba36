// What "Save this search" saves from the listing on screen, worked out from the address alone (the
// listing keeps its address in step with what it shows). Plain functions, no zod, for a small script.
import {
  describeSavedSearchParams,
  savedSearchQueryFromParams,
  type SavedSearchWords,
} from '@fie/domain/saved-search-words';
import { splitLanguage } from '../../i18n/routes';

// The city pages carry their city in the path, not in the query (behind a language prefix or not).
const CITY_PAGE = /^\/(?:properties|locations)\/([^/?#]+)\/?$/;

/** The filters of the listing at `pathname` + `search`, as the saved-search API takes them. */
export function savedSearchFilters(pathname: string, search: string): Record<string, string> {
  const filters = savedSearchQueryFromParams(new URLSearchParams(search));
  const city = CITY_PAGE.exec(splitLanguage(pathname).path)?.[1];
  if (city) filters.city = safeDecode(city).toLowerCase();
  return filters;
}

/**
 * What those filters look for, in the words the dashboard and the alert e-mails use: the page's
 * language's, which the page hands over (English when it gave none).
 */
export function savedSearchLabel(filters: Record<string, string>, words?: SavedSearchWords): string {
  return describeSavedSearchParams(filters, words);
}

/** The saved-search words a page put in a data attribute, or none when they are missing or unreadable. */
export function pageWords(json: string | undefined): SavedSearchWords | undefined {
  if (!json) return undefined;
  try {
    const words = JSON.parse(json) as SavedSearchWords;
    return typeof words?.locale === 'string' && typeof words.types === 'object' ? words : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the listing is narrowed by area, a filter saved searches do not keep (the panel says so). */
export function hasAreaFilter(search: string): boolean {
  return Boolean(new URLSearchParams(search).get('location')?.trim());
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
