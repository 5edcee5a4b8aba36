// The site's server-side client of the cms: every answer is parsed with the domain schemas.
import {
  aboutPageSchema,
  cityCountListSchema,
  cityPageSchema,
  homePageSchema,
  legalPageSchema,
  listingQueryToSearchParams,
  partnerSchema,
  propertyListSchema,
  propertySchema,
  replyTimesSchema,
  type ReplyTimesFigure,
  savedSearchByTokenSchema,
  siteFiguresSchema,
  siteSettingsSchema,
  systemStatusSchema,
  strapiCollection,
  strapiSingle,
  testimonialSchema,
  type AboutPage,
  type SystemStatus,
  type CityCount,
  type CityPage,
  type HomePage,
  type LegalPage,
  type ListingQuery,
  type Partner,
  type Property,
  type SavedSearchByToken,
  type SiteFigures,
  type SiteSettings,
  type Testimonial,
  type Language,
} from '@fie/domain';
import type { z } from 'zod';
import { CMS_URL } from './config';
import { draftRead } from './preview';
import { visitorHeaders } from './visitor';

export class CmsError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * A GET of the cms's API. `draftable` marks the marketing content that has drafts: in a draft preview
 * render (lib/preview.ts) it is read as the draft, with the signed draft-read header. `language` asks
 * for the answer's words (a saved search's) in the page's language.
 */
async function getJson(
  path: string,
  { draftable = false, language }: { draftable?: boolean; language?: Language } = {},
): Promise<{ body: unknown; headers: Headers }> {
  const draft = draftable ? draftRead() : null;
  const url = draft ? `${path}${path.includes('?') ? '&' : '?'}${draft.query}` : path;
  let res: Response;
  try {
    res = await fetch(`${CMS_URL}${url}`, {
      headers: {
        accept: 'application/json',
        ...(language ? { 'accept-language': language } : {}),
        ...draft?.headers,
        ...visitorHeaders(),
      },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new CmsError(`cms unreachable: ${(error as Error).message}`, 502);
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    // Strapi's errors are { error: { message } }; some of ours are { message }.
    const error =
      body && typeof body === 'object' && 'error' in body ? (body as { error: unknown }).error : body;
    const message =
      error && typeof error === 'object' && 'message' in error
        ? String((error as { message: unknown }).message)
        : res.statusText;
    throw new CmsError(message, res.status);
  }
  return { body, headers: res.headers };
}

async function getParsed<T extends z.ZodType>(
  path: string,
  schema: T,
  options: { draftable?: boolean; language?: Language } = {},
): Promise<z.output<T>> {
  return schema.parse((await getJson(path, options)).body);
}

const DRAFTABLE = { draftable: true };

/** One page of approved properties, parsed against the domain schema. */
export interface PropertyPage {
  items: Property[];
  /** The number of matches, or the count's bound when `bounded` (there are more). */
  total: number;
  bounded: boolean;
  hasNext: boolean;
  hasPrevious: boolean;
}

export async function listProperties(query: Partial<ListingQuery> = {}): Promise<PropertyPage> {
  const { body, headers } = await getJson(`/api/products?${listingQueryToSearchParams(query)}`);
  const items = propertyListSchema.parse(body);
  const total = Number(headers.get('x-total-count') ?? items.length);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? items.length;
  return {
    items,
    total,
    bounded: headers.get('x-total-count-relation') === 'gte',
    hasNext: headers.has('x-has-next') ? headers.get('x-has-next') === 'true' : page * pageSize < total,
    hasPrevious: headers.has('x-has-previous') ? headers.get('x-has-previous') === 'true' : page > 1,
  };
}

/** One approved property, or null when the cms says it does not exist. */
export async function getProperty(id: string): Promise<Property | null> {
  try {
    const { body } = await getJson(`/api/products/${encodeURIComponent(id)}`);
    return propertySchema.parse(body);
  } catch (error) {
    if (error instanceof CmsError && error.status === 404) return null;
    throw error;
  }
}

/**
 * What an alert's unsubscribe link names (its label and whether its alerts are on). CmsError 400 for
 * a token the cms did not sign, 404 once the search was deleted.
 */
export async function getSavedSearchByToken(
  token: string,
  language: Language = 'en',
): Promise<SavedSearchByToken> {
  return getParsed(
    `/api/saved-searches/by-token?token=${encodeURIComponent(token)}`,
    savedSearchByTokenSchema,
    { language },
  );
}

export async function getCityCounts(): Promise<CityCount[]> {
  return getParsed('/api/city-counts', cityCountListSchema);
}

export async function getSiteFigures(): Promise<SiteFigures> {
  return getParsed('/api/site-figures', siteFiguresSchema);
}

/** Whether the back-office has put the site in maintenance (a notice on every page). */
export async function getSystemStatus(): Promise<SystemStatus> {
  return getParsed('/api/system-status', systemStatusSchema);
}

/** Marketing copy and the language it is written in (English where the page's is not written yet). */
export type InLanguage<T> = T & { writtenIn: Language };

/**
 * A marketing read in `language`, or in English where marketing has not yet written (or published)
 * that language: Strapi answers 404 for a single type's missing locale, and an empty list for a
 * collection's (`empty`).
 */
async function inLanguage<T>(
  language: Language,
  read: (locale: Language) => Promise<T>,
  empty: (value: T) => boolean = (value) => value === null,
): Promise<{ value: T; writtenIn: Language }> {
  if (language !== 'en') {
    try {
      const value = await read(language);
      if (!empty(value)) return { value, writtenIn: language };
    } catch (error) {
      if (!(error instanceof CmsError && error.status === 404)) throw error;
    }
  }
  return { value: await read('en'), writtenIn: 'en' };
}

/** The built-in settings, for when none are published or the cms cannot be reached. */
export const DEFAULT_SITE_SETTINGS: InLanguage<SiteSettings> = {
  ...siteSettingsSchema.parse({}),
  writtenIn: 'en',
};

const readSettings = async (locale: Language) =>
  (
    await getParsed(
      `/api/site-setting?populate=*&locale=${locale}`,
      strapiSingle(siteSettingsSchema),
      DRAFTABLE,
    )
  ).data;

/**
 * Site settings in `language`: its texts from that language's version, everything else (contacts,
 * links, the rate, the logo) from the English one. Strapi copies a shared field's change to the
 * other languages' drafts only, so their published versions can hold an old phone number.
 */
export async function getSiteSettings(language: Language = 'en'): Promise<InLanguage<SiteSettings>> {
  // Both read at once; a language marketing has not published answers 404 (then English's words).
  const [english, words] = await Promise.all([
    readSettings('en'),
    language === 'en'
      ? null
      : readSettings(language).catch((error: unknown) => {
          if (error instanceof CmsError && error.status === 404) return null;
          throw error;
        }),
  ]);
  if (!english) return DEFAULT_SITE_SETTINGS;
  if (!words) return { ...english, writtenIn: 'en' };
  return {
    ...english,
    tagline: words.tagline,
    officeHours: words.officeHours,
    footerAbout: words.footerAbout,
    defaultSeoDescription: words.defaultSeoDescription,
    writtenIn: language,
  };
}

export async function getHomePage(language: Language = 'en'): Promise<InLanguage<HomePage>> {
  const { value, writtenIn } = await inLanguage(language, async (locale) => {
    const { data } = await getParsed(
      `/api/home-page?populate=*&locale=${locale}`,
      strapiSingle(homePageSchema),
      DRAFTABLE,
    );
    return data;
  });
  return { ...(value ?? homePageSchema.parse({})), writtenIn };
}

export async function getAboutPage(language: Language = 'en'): Promise<InLanguage<AboutPage>> {
  const populate =
    'populate[services]=true&populate[values]=true&populate[statistics]=true&populate[team][populate]=photo';
  const { value, writtenIn } = await inLanguage(language, async (locale) => {
    const { data } = await getParsed(
      `/api/about-page?${populate}&locale=${locale}`,
      strapiSingle(aboutPageSchema),
      DRAFTABLE,
    );
    return data;
  });
  return { ...(value ?? aboutPageSchema.parse({})), writtenIn };
}

/**
 * A city page's words (its introduction) in `language`, or in English while marketing has not
 * written that language's (or left it empty). Null when the cms has no such city.
 */
export async function getCityPage(
  slug: string,
  language: Language = 'en',
): Promise<InLanguage<CityPage> | null> {
  const { value, writtenIn } = await inLanguage(
    language,
    async (locale) =>
      (
        await getParsed(
          `/api/cities?filters[slug][$eq]=${encodeURIComponent(slug)}&fields[0]=slug&fields[1]=intro&locale=${locale}`,
          strapiCollection(cityPageSchema),
        )
      ).data[0] ?? null,
    (page) => !page?.intro,
  );
  return value ? { ...value, writtenIn } : null;
}

/** The testimonials in `language`, or all in English while none is written in it. */
export async function getTestimonials(
  language: Language = 'en',
): Promise<InLanguage<{ items: Testimonial[] }>> {
  const { value, writtenIn } = await inLanguage(
    language,
    async (locale) =>
      (
        await getParsed(
          `/api/testimonials?populate=photo&sort=sortOrder:asc&pagination[pageSize]=50&locale=${locale}`,
          strapiCollection(testimonialSchema),
          DRAFTABLE,
        )
      ).data,
    (items) => items.length === 0,
  );
  return { items: value, writtenIn };
}

export async function getPartners(): Promise<Partner[]> {
  return (
    await getParsed(
      '/api/partners?populate=logo&sort=sortOrder:asc&pagination[pageSize]=50',
      strapiCollection(partnerSchema),
      DRAFTABLE,
    )
  ).data;
}

/** A legal page (terms, privacy) by slug in `language` (else English), or null when none is published. */
export async function getLegalPage(
  slug: string,
  language: Language = 'en',
): Promise<InLanguage<LegalPage> | null> {
  const { value, writtenIn } = await inLanguage(language, async (locale) => {
    const { data } = await getParsed(
      `/api/legal-pages?filters[slug][$eq]=${encodeURIComponent(slug)}&locale=${locale}`,
      strapiCollection(legalPageSchema),
      DRAFTABLE,
    );
    return data[0] ?? null;
  });
  return value ? { ...value, writtenIn } : null;
}

/** How fast staff reply (the median working minutes to a first reply), or null when unknown or too few. */
export async function getReplyTimes(): Promise<ReplyTimesFigure | null> {
  try {
    return replyTimesSchema.parse((await getJson('/api/response-times')).body);
  } catch (error) {
    console.error('reply times:', (error as Error).message);
    return null;
  }
}
