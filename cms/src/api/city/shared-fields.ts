import type { Core } from '@strapi/strapi';
import { syncCitySlugs } from '../property/catalogue/city-slug';

const CITY_UID = 'api::city.city';

/** The city's fields that are the same in every language (its page's introduction is not). */
const SHARED = ['name', 'slug', 'region', 'featured', 'sortOrder'] as const;

/**
 * Keeps a city's shared fields the same in every language's version. Strapi's i18n copies them to the
 * other languages only for drafts, and cities have none, so a rename in one language would leave the
 * others on the old slug (and their pages unfound). After any write to a city, its other versions
 * take the written version's values.
 */
export function registerCitySharedFields(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const result = await next();
    const action = context.action as string;
    if (context.uid !== CITY_UID || (action !== 'update' && action !== 'create')) return result;
    const written = result as { documentId?: string; locale?: string | null } | null;
    if (!written?.documentId) return result;
    const source = await strapi.db.query(CITY_UID).findOne({
      where: { documentId: written.documentId, locale: written.locale ?? 'en' },
      select: [...SHARED],
    });
    if (!source) return result;
    const values = Object.fromEntries(SHARED.map((field) => [field, source[field]]));
    await strapi.db.query(CITY_UID).updateMany({
      where: { documentId: written.documentId, locale: { $ne: written.locale ?? 'en' } },
      data: values,
    });
    // Properties link to the English version: a slug changed through another language reaches
    // their city_slug only now.
    if ((written.locale ?? 'en') !== 'en') await syncCitySlugs(strapi);
    return result;
  });
}
