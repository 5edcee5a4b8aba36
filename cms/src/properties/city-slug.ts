import type { Core } from '@strapi/strapi';

const PROPERTY_UID = 'api::property.property';
const CITY_UID = 'api::city.city';

/** Sets every property's city slug from its city relation, in one statement (after city edits, at start). */
export async function syncCitySlugs(strapi: Core.Strapi): Promise<void> {
  await strapi.db.connection.raw(
    'update properties set city_slug = (select c.slug from properties_city_lnk l join cities c on c.id = l.city_id where l.property_id = properties.id)',
  );
}

function relationDocumentId(value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value === 'string') return value;
  const v = value as any;
  if (typeof v?.documentId === 'string') return v.documentId;
  const list = v?.set ?? v?.connect;
  if (Array.isArray(list)) return list.length === 0 ? (v.set ? null : undefined) : typeof list[0] === 'string' ? list[0] : list[0]?.documentId ?? null;
  if (Array.isArray(v?.disconnect) && v.disconnect.length > 0) return null;
  return undefined;
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
