import type { Core } from '@strapi/strapi';
import { relationDocumentId } from '../../../shared/relation-input';

const PROPERTY_UID = 'api::property.property';
const CITY_UID = 'api::city.city';

const CITY_OF_ROW =
  '(select c.slug from properties_city_lnk l join cities c on c.id = l.city_id where l.property_id = properties.id)';

/**
 * Sets properties' city slugs from their city relation in one statement: every row after a city is
 * renamed or removed; at start only rows that have none yet (rows written before the column
 * existed), since every write keeps the slug right afterwards.
 */
export async function syncCitySlugs(strapi: Core.Strapi, { onlyMissing = false } = {}): Promise<void> {
  await strapi.db.connection.raw(
    `update properties set city_slug = ${CITY_OF_ROW}${onlyMissing ? ' where city_slug is null' : ''}`,
  );
}

/** Keeps properties.city_slug equal to the slug of the property's city, whoever writes. */
export function registerCitySlugs(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const action = context.action as string;
    if (context.uid === PROPERTY_UID && (action === 'create' || action === 'update')) {
      const data = (context.params as { data?: Record<string, unknown> }).data;
      const cityRef = data ? relationDocumentId(data.city) : undefined;
      if (data && cityRef !== undefined) {
        const city =
          cityRef === null
            ? null
            : await strapi.db.query(CITY_UID).findOne({ where: { documentId: cityRef }, select: ['slug'] });
        data.citySlug = city?.slug ?? null;
      }
    }
    const result = await next();
    if (context.uid === CITY_UID && ['update', 'delete'].includes(action)) await syncCitySlugs(strapi);
    return result;
  });
}
