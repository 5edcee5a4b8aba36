import { createHash } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import type { ListingQuery } from '@fie/domain';
import { listingCache, listingCounts } from '../../../properties/listing-cache';
import { CATALOGUE_VERSION_SQL, catalogueVersioned } from '../../../properties/catalogue-version';

// The public listing in plain SQL: one query for the page of rows with their images, city and poster,
// and one for the count, unless the count of the same filters is already known for the current
// catalogue version (see properties/catalogue-version.ts). Strapi's document service builds far
// heavier queries for the same answer (joins for every populate, a second pass per relation), which
// at 100,000 listings made the listing several times slower.

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

const PROPERTY_UID = 'api::property.property';

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

  /**
   * The page's columns: the property row, its images (ordered, as one JSON array), its city and its
   * poster, all in the page query (correlated subqueries), plus the catalogue version when counts are
   * kept. One round trip instead of four.
   */
  function pageColumns() {
    const k = knex();
    const postgres = strapi.db.dialect.client === 'postgres';
    const images = postgres
      ? `(select coalesce(json_agg(json_build_object('url', f.url, 'width', f.width, 'height', f.height, 'alternativeText', f.alternative_text, 'formats', f.formats) order by m."order"), '[]'::json)
          from files_related_mph m join files f on f.id = m.file_id
          where m.related_id = p.id and m.related_type = ? and m.field = 'images')`
      : `(select json_group_array(json_object('url', x.url, 'width', x.width, 'height', x.height, 'alternativeText', x.alternative_text, 'formats', json(x.formats)))
          from (select f.url, f.width, f.height, f.alternative_text, f.formats from files_related_mph m join files f on f.id = m.file_id
                where m.related_id = p.id and m.related_type = ? and m.field = 'images' order by m."order") x)`;
    const city = (column: string) => `(select c.${column} from properties_city_lnk l join cities c on c.id = l.city_id where l.property_id = p.id limit 1)`;
    return [
      'p.*',
      k.raw(`${images} as fie_images`, [PROPERTY_UID]),
      k.raw(`${city('id')} as fie_city_id`),
      k.raw(`${city('name')} as fie_city_name`),
      k.raw(`${city('slug')} as fie_city_slug`),
      k.raw('(select u.document_id from properties_posted_by_lnk l join up_users u on u.id = l.user_id where l.property_id = p.id limit 1) as fie_poster'),
      ...(catalogueVersioned() ? [k.raw(`${CATALOGUE_VERSION_SQL} as fie_catalogue_version`)] : []),
    ];
  }

  /** Rows of the page query shaped like the document service's answer, with images, city and poster. */
  function shape(rows: any[]) {
    return rows.map((r) => ({
      documentId: r.document_id,
      images: (asJson(r.fie_images) ?? []).map((f: any) => ({ ...f, formats: asJson(f.formats) })),
      propertyType: r.property_type,
      leaseType: r.lease_type,
      propertyState: r.property_state,
      priceAmount: r.price_amount,
      currency: r.currency,
      priceGhs: r.price_ghs,
      location: r.location,
      city: r.fie_city_id === null || r.fie_city_id === undefined ? null : { name: r.fie_city_name, slug: r.fie_city_slug },
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
      postedBy: r.fie_poster === null || r.fie_poster === undefined ? null : { documentId: r.fie_poster },
      createdAt: asDate(r.created_at),
      updatedAt: asDate(r.updated_at),
    }));
  }

  /**
   * Runs a listing query. On PostgreSQL as a named prepared statement: a listing's SQL has only a few
   * shapes (which filters are set), and planning it again on every request cost more than running it.
   */
  async function rowsOf(query: any): Promise<any[]> {
    if (strapi.db.dialect.client !== 'postgres') return query;
    const { sql, bindings } = query.toSQL().toNative();
    const name = `fie_listing_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    const client = knex().client;
    const connection = await client.acquireConnection();
    try {
      return (await connection.query({ name, text: sql, values: bindings })).rows;
    } finally {
      await client.releaseConnection(connection);
    }
  }

  /** The exact number of matches, with the catalogue version it was read under (one snapshot). */
  async function count(q: ListingQuery, approval: Approval) {
    const query = filtered(q, approval).count({ n: '*' });
    if (catalogueVersioned()) query.select(knex().raw(`${CATALOGUE_VERSION_SQL} as fie_catalogue_version`));
    const [row]: any[] = await rowsOf(query);
    return { n: Number(row?.n ?? 0), version: row?.fie_catalogue_version === undefined ? undefined : String(row.fie_catalogue_version) };
  }

  return {
    async page(q: ListingQuery, approval: Approval) {
      const key = JSON.stringify([approval, q]);
      const cached = listingCache.get<{ docs: any[]; total: number }>(key);
      if (cached) return cached;
      // The count does not depend on sort or page: paging through a listing, or asking for it again,
      // reuses it for as long as the catalogue version it was read under is current.
      const { sort: _sort, page: _page, pageSize: _pageSize, ...filters } = q;
      const countKey = JSON.stringify([approval, filters]);
      const known = catalogueVersioned() ? listingCounts.get(countKey) : undefined;
      const order = SORT_SQL[q.sort].map(([column, order]) => ({ column, order }));
      // The page first, then its images, city and poster: the subqueries run for the page's rows
      // only, not for the rows an offset skips.
      const pageRows = filtered(q, approval).select('p.*').orderBy(order).limit(q.pageSize).offset((q.page - 1) * q.pageSize);
      const rowsQuery = knex().select(pageColumns()).from(pageRows.as('p')).orderBy(order);
      // Without a kept count, count alongside the page; with one, only when the page shows that the
      // catalogue has changed since (or is empty, so shows no version).
      const [rows, counted] = await Promise.all([rowsOf(rowsQuery), known ? undefined : count(q, approval)]);
      let total: number;
      if (known && rows.length > 0 && String(rows[0].fie_catalogue_version) === known.version) {
        total = known.n;
        listingCounts.touch(countKey);
      } else {
        const fresh = counted ?? (await count(q, approval));
        total = fresh.n;
        if (fresh.version !== undefined) listingCounts.set(countKey, { version: fresh.version, n: fresh.n });
      }
      const result = { docs: shape(rows), total };
      listingCache.set(key, result);
      return result;
    },
  };
};
