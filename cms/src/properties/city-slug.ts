import type { Core } from '@strapi/strapi';
import { relationDocumentId } from '../documents/relation-input';

const PROPERTY_UID = 'api::property.property';
const CITY_UID = 'api::city.city';

/** Sets every property's city slug from its city relation, in one statement (after city edits, at start). */
export async function syncCitySlugs(strapi: Core.Strapi): Promise<void> {
  await strapi.db.connection.raw(
    'update properties set city_slug = (select c.slug from properties_city_lnk l join cities c on c.id = l.city_id where l.property_id = properties.id)',
  );
}

/** Keeps properties.city_slug equal to the slug of the property's city, whoever writes. */
export function registerCitySlugs(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const action = context.action as string;
    if (context.uid === PROPERTY_UID && (action === 'create' || action === 'update')) {
      const data = (context.params as { data?: Record<string, any> }).data;
      const cityRef = data ? relationDocumentId(data.city) : undefined;
      if (data && cityRef !== undefined) {
        const city = cityRef === null ? null : await strapi.db.query(CITY_UID).findOne({ where: { documentId: cityRef }, select: ['slug'] });
        data.citySlug = city?.slug ?? null;
      }
    }
    const result = await next();
    if (context.uid === CITY_UID && ['update', 'delete'].includes(action)) await syncCitySlugs(strapi);
    return result;
  });
}
