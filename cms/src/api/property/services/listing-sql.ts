import type { Core } from '@strapi/strapi';
import type { ListingQuery } from '@fie/domain';
import { listingCache } from '../../../properties/listing-cache';

// The public listing in plain SQL: one query for the page of rows, one for the count, then images,
// cities and posters of just those rows. Strapi's document service builds far heavier queries for
// the same answer (joins for every populate, a second pass per relation), which at 100,000 listings
// made the listing several times slower.

type Approval = 'approved' | 'unapproved' | 'all';

const asDate = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'number') return new Date(v).toISOString();
  const s = String(v);
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(s) ? s : `${s.replace(' ', 'T')}Z`).toISOString();
};
const asJson = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
/** LIKE pattern for "contains", with the user's % and _ taken literally. */
const containsPattern = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const SORT_SQL = {
  newest: [['p.created_at', 'desc'], ['p.id', 'desc']],
  priceAsc: [['p.price_ghs', 'asc'], ['p.id', 'asc']],
  priceDesc: [['p.price_ghs', 'desc'], ['p.id', 'desc']],
} as const;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;

  function filtered(q: ListingQuery, approval: Approval) {
    const k = knex();
    const query = k('properties as p');
    if (approval !== 'all') query.where('p.approval_status', approval);
    if (q.search) {
      const pattern = containsPattern(q.search);
      query.where((b: any) => b.whereRaw("lower(p.location) like ? escape '\\'", [pattern]).orWhereRaw("lower(p.property_type) like ? escape '\\'", [pattern]));
    }
    if (q.city) query.where('p.city_slug', q.city);
    if (q.propertyType) query.where('p.property_type', q.propertyType);
    if (q.leaseType) query.where('p.lease_type', q.leaseType);
    if (q.furnishStatus) query.where('p.furnish_status', q.furnishStatus);
    if (q.location) query.whereRaw("lower(p.location) like ? escape '\\'", [containsPattern(q.location)]);
    if (q.bedrooms !== undefined) query.where('p.number_of_bedrooms', q.bedrooms);
    if (q.minPrice !== undefined) query.where('p.price_ghs', '>=', q.minPrice);
    if (q.maxPrice !== undefined) query.where('p.price_ghs', '<=', q.maxPrice);
    return query;
  }

  /** Rows of `properties` shaped like the document service's answer, with images, city and poster. */
  async function hydrate(rows: any[]) {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const k = knex();
    const [images, cities, posters] = await Promise.all([
      k('files_related_mph as m')
        .join('files as f', 'f.id', 'm.file_id')
        .whereIn('m.related_id', ids)
        .where({ 'm.related_type': 'api::property.property', 'm.field': 'images' })
        .orderBy([{ column: 'm.related_id' }, { column: 'm.order' }])
        .select('m.related_id', 'f.url', 'f.width', 'f.height', 'f.alternative_text', 'f.formats'),
      k('properties_city_lnk as l').join('cities as c', 'c.id', 'l.city_id').whereIn('l.property_id', ids).select('l.property_id', 'c.name', 'c.slug'),
      k('properties_posted_by_lnk as l').join('up_users as u', 'u.id', 'l.user_id').whereIn('l.property_id', ids).select('l.property_id', 'u.document_id'),
    ]);
    const imagesOf = new Map<number, any[]>();
    for (const f of images) {
      const list = imagesOf.get(f.related_id) ?? [];
      list.push({ url: f.url, width: f.width, height: f.height, alternativeText: f.alternative_text, formats: asJson(f.formats) });
      imagesOf.set(f.related_id, list);
    }
    const cityOf = new Map(cities.map((c: any) => [c.property_id, { name: c.name, slug: c.slug }]));
    const posterOf = new Map(posters.map((u: any) => [u.property_id, { documentId: u.document_id }]));
    return rows.map((r) => ({
      documentId: r.document_id,
      images: imagesOf.get(r.id) ?? [],
      propertyType: r.property_type,
      leaseType: r.lease_type,
      propertyState: r.property_state,
      priceAmount: r.price_amount,
      currency: r.currency,
      priceGhs: r.price_ghs,
      location: r.location,
      city: cityOf.get(r.id) ?? null,
      nearestLandmark: r.nearest_landmark,
      digitalAddress: r.digital_address,
      numberOfBedrooms: r.number_of_bedrooms,
      numberOfBathrooms: r.number_of_bathrooms,
      numberOfWashrooms: r.number_of_washrooms,
      furnishStatus: r.furnish_status,
      amenities: asJson(r.amenities) ?? [],
      available: Boolean(r.available),
      approvalStatus: r.approval_status,
      description: r.description,
      postedBy: posterOf.get(r.id) ?? null,
      createdAt: asDate(r.created_at),
      updatedAt: asDate(r.updated_at),
    }));
  }

  return {
    async page(q: ListingQuery, approval: Approval) {
      const key = JSON.stringify([approval, q]);
      const cached = listingCache.get<{ docs: any[]; total: number }>(key);
      if (cached) return cached;
      const base = filtered(q, approval);
      const [rows, counted] = await Promise.all([
        base
          .clone()
          .select('p.*')
          .orderBy(SORT_SQL[q.sort].map(([column, order]) => ({ column, order })))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        base.clone().count({ n: '*' }),
      ]);
      const result = { docs: await hydrate(rows), total: Number(counted[0]?.n ?? 0) };
      listingCache.set(key, result);
      return result;
    },
  };
};
