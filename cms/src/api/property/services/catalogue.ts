import type { Core, Data, Modules } from '@strapi/strapi';
import {
  listingQuerySchema,
  exactPoint,
  moveInCost,
  priceForApi,
  publicPoint,
  type Currency,
  type ListingQuery,
} from '@fie/domain';
import { approvedPerCity } from '../catalogue/city-counts';
import { catalogueVersionColumn } from '../catalogue/catalogue-version';
import { getService } from '../get-service';
import { PENDING } from '../catalogue/listing-indexes';
import { availabilityAnswer } from '../catalogue/availability';

const PROPERTY_UID = 'api::property.property';

/** What a property answer needs populated (images, city, poster). */
export const PROPERTY_POPULATE = {
  images: true,
  city: { fields: ['name', 'slug'] },
  postedBy: { fields: ['documentId'] },
} satisfies Modules.Documents.Params.Populate.ObjectNotation<typeof PROPERTY_UID>;

type MediaFormat = { url: string; width?: number; height?: number };

/** An uploaded image as a property answer reads it (Strapi types media values as `any`). */
export interface MediaFile {
  url: string;
  width?: number | null;
  height?: number | null;
  alternativeText?: string | null;
  formats?: Record<string, MediaFormat> | null;
}

type PropertyFields = Omit<
  Data.ContentType<typeof PROPERTY_UID>,
  | 'id'
  | 'images'
  | 'city'
  | 'postedBy'
  | 'priceAmount'
  | 'priceGhs'
  | 'registrationFee'
  | 'agencyFeePercent'
  | 'reducedByGhs'
  | 'latitude'
  | 'longitude'
>;

/**
 * What toPublicProperty reads: a property with its images, city and poster populated, from the
 * document service or from a row of the listing query shaped like one (whose decimals PostgreSQL
 * returns as strings).
 */
export type PropertyForAnswer = PropertyFields & {
  images?: MediaFile[] | null;
  city?: { name?: string | null; slug?: string | null } | null;
  postedBy?: { documentId?: string } | null;
  priceAmount?: number | string | null;
  priceGhs?: number | string | null;
  registrationFee?: number | string | null;
  agencyFeePercent?: number | string | null;
  reducedByGhs?: number | string | null;
  latitude?: number | string | null;
  longitude?: number | string | null;
};

const numberOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * The move-in terms as answered: a Rent listing's, null when not given (and always on a Sale listing);
 * the move-in cost only where the advance is given, from the GH₵ price (a USD rent's GH₵ value).
 */
function moveInTermsOf(doc: PropertyForAnswer) {
  const rent = doc.leaseType === 'Rent';
  const advanceMonths = rent ? numberOrNull(doc.advanceMonths) : null;
  const registrationFee = rent ? numberOrNull(doc.registrationFee) : null;
  const agencyFeePercent = rent ? numberOrNull(doc.agencyFeePercent) : null;
  const monthlyRentGhs = numberOrNull(doc.priceGhs);
  return {
    advanceMonths,
    registrationFee,
    agencyFeePercent,
    moveInCost:
      advanceMonths === null || monthlyRentGhs === null
        ? null
        : moveInCost({
            monthlyRentGhs,
            advanceMonths,
            agencyFeePercent,
            registrationFeeGhs: registrationFee,
          }),
  };
}

function toMedia(file: MediaFile) {
  const formats: Record<string, MediaFormat> = {};
  for (const [name, f] of Object.entries(file?.formats ?? {})) {
    formats[name] = { url: f.url, width: f.width, height: f.height };
  }
  return {
    url: file.url as string,
    width: file.width ?? null,
    height: file.height ?? null,
    alt: file.alternativeText ?? null,
    formats,
  };
}

/** A property as the API answers it (`_id`, image URLs, symbol-prefixed price), the shape the site reads. */
export function toPublicProperty(doc: PropertyForAnswer) {
  const amount = Number(doc.priceAmount);
  return {
    _id: doc.documentId,
    images: (doc.images ?? []).map((f) => f.url),
    media: (doc.images ?? []).map(toMedia),
    propertyType: doc.propertyType,
    leaseType: doc.leaseType,
    propertyState: doc.propertyState,
    price: priceForApi(amount, doc.currency as Currency), // required by the schema
    priceAmount: amount,
    currency: doc.currency,
    priceGhs: doc.priceGhs === null || doc.priceGhs === undefined ? null : Number(doc.priceGhs),
    ...moveInTermsOf(doc),
    // The cards' "Reduced" badge: the row's reduction, kept by the price history (absent without one).
    ...(Number(doc.reducedByGhs ?? 0) > 0 && doc.reducedAt
      ? { reducedBy: Number(doc.reducedByGhs), reducedAt: new Date(doc.reducedAt).toISOString() }
      : {}),
    location: doc.location,
    city: doc.city ? { name: doc.city.name, slug: doc.city.slug } : null,
    nearestLandmark: doc.nearestLandmark,
    // Rounded for everyone here, and no Ghana Post GPS address (it names a square of about 5 m): the
    // controller puts the exact place back for those who may see it (services/map-points.ts).
    ...publicPoint(doc),
    numberOfBedrooms: doc.numberOfBedrooms,
    numberOfBathrooms: doc.numberOfBathrooms,
    numberOfWashrooms: doc.numberOfWashrooms,
    furnishStatus: doc.furnishStatus,
    amenities: Array.isArray(doc.amenities) ? doc.amenities : [],
    available: Boolean(doc.available),
    approvalStatus: doc.approvalStatus,
    description: doc.description ?? null,
    postedBy: doc.postedBy?.documentId ?? null,
    createdAt: doc.createdAt ?? null,
    updatedAt: doc.updatedAt ?? null,
    // availabilityConfirmedAt, availabilityStatus (from the clock and the stale setting) and listed.
    ...availabilityAnswer(doc),
  };
}

/** A property as every API answers it. */
export type PublicProperty = ReturnType<typeof toPublicProperty>;

/** A property as staff read it: the public answer with the exact place (map point and GPS address). */
export const toStaffProperty = (doc: PropertyForAnswer) => ({
  ...toPublicProperty(doc),
  ...exactPoint(doc),
  digitalAddress: doc.digitalAddress ?? null,
});

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** What a property answer needs populated, for others' queries that include a property. */
  answerPopulate: PROPERTY_POPULATE,
  /** A populated property as every API answers it. */
  present: toPublicProperty,
  /**
   * `, <version> as catalogue_version` for a statement that reads property ids, so their answers can be
   * taken from the listing's cache kept under that version (empty before the version table exists).
   */
  versionColumn: catalogueVersionColumn,

  /** How the approvals plugin answers a property in its queue (GET /api/products/unapproved). */
  approvalView: {
    populate: PROPERTY_POPULATE,
    present: toStaffProperty,
    // The queue's page is the listing's (newest first, the same search), read by its plain SQL: the
    // unapproved properties and those whose deletion waits.
    async pending({
      search,
      page,
      pageSize,
      pendingDeletion,
      deletionsNamed,
    }: {
      search?: string;
      page: number;
      pageSize: number;
      pendingDeletion: (documentIdColumn: string) => string;
      deletionsNamed: boolean;
    }) {
      const q = listingQuerySchema.parse({ search, page, pageSize, sort: 'newest' });
      // With no deletion waiting, `or false` folds away and the pending rows' own indexes serve the
      // queue (listing-indexes.ts). Named deletions (or none) make its SQL read the properties alone:
      // its count can be kept against their catalogue version, exactly as the public listing's.
      const queue = `(${PENDING} or ${pendingDeletion('p.document_id')})`;
      const { bodies, total } = await getService(strapi, 'listing-sql').page(q, {
        queue,
        countKept: deletionsNamed,
      });
      const items = await getService(strapi, 'map-points').exact(
        bodies.map((b: string) => JSON.parse(b) as { _id: string }),
      );
      // Staff decide with the listings that show the same photos in view.
      return { items: await getService(strapi, 'photo-hashes').attach(items), total };
    },
  },

  /**
   * One page of the public listing as a JSON array (already serialised), with the total. `visitor`
   * (the client's network) is whose turn an uncached search takes in the search gate.
   */
  async list(q: ListingQuery, approval: 'approved' | 'unapproved' | 'all' = 'approved', visitor = '') {
    const { bodies, ...rest } = await getService(strapi, 'listing-sql').page(q, approval, visitor);
    return { json: `[${bodies.join(',')}]`, ...rest };
  },

  /** The public listing's points for its map view (listing-sql.ts). */
  mapPoints(q: ListingQuery, visitor = '') {
    return getService(strapi, 'listing-sql').mapPoints(q, visitor);
  },
  /** The map's zoomed-out view: counts per cell, or the points when few (listing-sql.ts). */
  mapClusters(q: ListingQuery, visitor = '') {
    return getService(strapi, 'listing-sql').mapClusters(q, visitor);
  },

  /** Every city with its number of approved properties, in the cities' display order. */
  async cityCounts() {
    const [cities, counts] = await Promise.all([
      strapi.db
        .connection('cities')
        // One row per city: the English version (the others carry the same name, place and order).
        .where({ locale: 'en' })
        .orderBy('sort_order', 'asc')
        .select('name', 'slug', 'region', 'featured'),
      approvedPerCity(strapi),
    ]);
    return cities.map(
      (c: { name: string; slug: string; region: string | null; featured: boolean | number | null }) => ({
        name: c.name,
        slug: c.slug,
        region: c.region,
        featured: Boolean(c.featured),
        count: counts.get(c.slug) ?? 0,
      }),
    );
  },

  /** One property: approved only, unless the caller may see unapproved ones (staff). */
  async findOne(documentId: string, { includeUnapproved = false } = {}) {
    const doc = await strapi.documents(PROPERTY_UID).findFirst({
      filters: { documentId, ...(includeUnapproved ? {} : { approvalStatus: 'approved' as const }) },
      populate: PROPERTY_POPULATE,
    });
    if (!doc) return null;
    // The detail reads its reduction from the history at this moment (the row's copy, which cards
    // read, is brought up to date by the scheduled sweep), and the newest prices.
    const history = getService(strapi, 'price-history');
    const [priceHistory, reduction] = await Promise.all([
      history.historyOf(documentId),
      history.reductionOf(documentId),
    ]);
    const { reducedBy: _rowCopy, reducedAt: _rowCopyAt, ...property } = toPublicProperty(doc);
    return {
      ...property,
      priceHistory,
      ...(reduction ? { reducedBy: reduction.reducedBy, reducedAt: reduction.reducedAt.toISOString() } : {}),
    };
  },
});
