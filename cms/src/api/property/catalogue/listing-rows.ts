import type { MediaFile, PropertyForAnswer } from '../services/catalogue';
import { asIsoDate } from '../../../shared/raw-rows';

type Property = PropertyForAnswer;

/**
 * A row of a page read with its answer's columns (answerColumns): the `properties` columns, and the
 * images (JSON), city and poster read by its subqueries. JSON columns are text on SQLite; decimals are
 * strings on PostgreSQL.
 */
export interface ListingRow {
  id: number | string;
  document_id: string;
  property_type: Property['propertyType'];
  lease_type: Property['leaseType'];
  property_state: Property['propertyState'];
  price_amount: number | string;
  currency: Property['currency'];
  price_ghs: number | string | null;
  location: Property['location'];
  nearest_landmark: Property['nearestLandmark'];
  digital_address: Property['digitalAddress'];
  latitude: number | string | null;
  longitude: number | string | null;
  number_of_bedrooms: Property['numberOfBedrooms'];
  number_of_bathrooms: Property['numberOfBathrooms'];
  number_of_washrooms: Property['numberOfWashrooms'];
  furnish_status: Property['furnishStatus'];
  amenities: unknown;
  available: boolean | number | null;
  availability_confirmed_at: unknown;
  availability_hidden: boolean | number | null;
  open_let_reports: number | null;
  advance_months: number | null;
  registration_fee: number | string | null;
  agency_fee_percent: number | string | null;
  reduced_at: unknown;
  reduced_by_ghs: number | string | null;
  approval_status: Property['approvalStatus'];
  description: Property['description'];
  created_at: unknown;
  updated_at: unknown;
  fie_images: unknown;
  fie_city_id: number | null;
  fie_city_name: string | null;
  fie_city_slug: string | null;
  fie_poster: string | null;
  fie_catalogue_version?: unknown;
}

/** A row of ids read with the catalogue version. */
export type IdRow = { id: number | string; fie_catalogue_version?: unknown };

/** A JSON column: text on SQLite, parsed already on PostgreSQL. */
const asJson = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/** The catalogue version a listing statement's row was read under (none when versions are off or no row). */
export const versionOf = (row: { fie_catalogue_version?: unknown } | undefined): string | undefined =>
  row?.fie_catalogue_version === undefined || row?.fie_catalogue_version === null
    ? undefined
    : String(row.fie_catalogue_version);

/** A row shaped like the document service's answer, with images, city and poster. */
export function propertyOfRow(r: ListingRow): PropertyForAnswer {
  return {
    documentId: r.document_id,
    images: ((asJson(r.fie_images) ?? []) as (MediaFile & { formats: unknown })[]).map((f) => ({
      ...f,
      formats: asJson(f.formats) as MediaFile['formats'],
    })),
    propertyType: r.property_type,
    leaseType: r.lease_type,
    propertyState: r.property_state,
    priceAmount: r.price_amount,
    currency: r.currency,
    priceGhs: r.price_ghs,
    location: r.location,
    city:
      r.fie_city_id === null || r.fie_city_id === undefined
        ? null
        : { name: r.fie_city_name, slug: r.fie_city_slug },
    nearestLandmark: r.nearest_landmark,
    digitalAddress: r.digital_address,
    numberOfBedrooms: r.number_of_bedrooms,
    numberOfBathrooms: r.number_of_bathrooms,
    numberOfWashrooms: r.number_of_washrooms,
    furnishStatus: r.furnish_status,
    amenities: (asJson(r.amenities) ?? []) as PropertyForAnswer['amenities'],
    available: Boolean(r.available),
    // As the document service gives them: times as ISO text, flags as booleans, null as null.
    availabilityConfirmedAt: asIsoDate(r.availability_confirmed_at),
    availabilityHidden: r.availability_hidden === null ? null : Boolean(r.availability_hidden),
    openLetReports: r.open_let_reports ?? null,
    latitude: r.latitude ?? null,
    longitude: r.longitude ?? null,
    advanceMonths: r.advance_months ?? null,
    registrationFee: r.registration_fee ?? null,
    agencyFeePercent: r.agency_fee_percent ?? null,
    reducedAt: asIsoDate(r.reduced_at),
    reducedByGhs: r.reduced_by_ghs ?? null,
    approvalStatus: r.approval_status,
    description: r.description,
    postedBy: r.fie_poster === null || r.fie_poster === undefined ? null : { documentId: r.fie_poster },
    createdAt: asIsoDate(r.created_at),
    updatedAt: asIsoDate(r.updated_at),
  };
}
