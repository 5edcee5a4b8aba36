// The property dialog's values and what they become: the form keeps what was typed as text; the
// shared domain schema checks it (the cms checks the same schema again), and the body sends the price
// as the currency symbol followed by the number ('$1200'), as the API stores and returns prices.
import {
  parsePrice,
  priceForApi,
  propertyFormSchema,
  type Currency,
  type PropertyInput,
  type StaffProperty,
} from '@fie/domain';

export interface PropertyFormValues {
  location: string;
  nearestLandmark: string;
  propertyType: string;
  leaseType: string;
  price: string;
  currency: Currency;
  numberOfBedrooms: string;
  numberOfBathrooms: string;
  numberOfWashrooms: string;
  furnishStatus: string;
  propertyState: string;
  available: boolean;
  amenities: string[];
  images: string[];
  city: string;
  digitalAddress: string;
  description: string;
  /** Rent only: months of advance, agency fee (% of the advance), registration fee (GH₵). */
  advanceMonths: string;
  agencyFeePercent: string;
  registrationFee: string;
  /** The map point in decimal degrees; both blank for none. */
  latitude: string;
  longitude: string;
}

/** A new property's defaults: available, Not furnished, USD, counts 0, state New. */
export function emptyPropertyForm(): PropertyFormValues {
  return {
    location: '',
    nearestLandmark: '',
    propertyType: '',
    leaseType: '',
    price: '',
    currency: 'USD',
    numberOfBedrooms: '0',
    numberOfBathrooms: '0',
    numberOfWashrooms: '0',
    furnishStatus: 'Not furnished',
    propertyState: 'New',
    available: true,
    amenities: [],
    images: [],
    city: '',
    digitalAddress: '',
    description: '',
    advanceMonths: '',
    agencyFeePercent: '',
    registrationFee: '',
    latitude: '',
    longitude: '',
  };
}

/** A listed property as the dialog edits it. */
export function propertyToForm(p: StaffProperty): PropertyFormValues {
  return {
    location: p.location,
    nearestLandmark: p.nearestLandmark,
    propertyType: p.propertyType,
    leaseType: p.leaseType,
    price: String(p.priceAmount),
    currency: p.currency,
    numberOfBedrooms: String(p.numberOfBedrooms),
    numberOfBathrooms: String(p.numberOfBathrooms),
    numberOfWashrooms: String(p.numberOfWashrooms),
    furnishStatus: p.furnishStatus,
    propertyState: p.propertyState,
    available: p.available,
    amenities: [...p.amenities],
    images: [...p.images],
    city: p.city?.slug ?? '',
    digitalAddress: p.digitalAddress ?? '',
    description: p.description ?? '',
    advanceMonths: textOf(p.advanceMonths),
    agencyFeePercent: textOf(p.agencyFeePercent),
    registrationFee: textOf(p.registrationFee),
    latitude: textOf(p.latitude),
    longitude: textOf(p.longitude),
  };
}

function textOf(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/**
 * A move-in term as the API takes it: blank is none (null), a plain number is sent as one, and
 * anything else as typed, so the schema reports it rather than the form guessing.
 */
function termValue(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** A coordinate as the API takes it: blank is none (null), a signed decimal is sent as a number. */
function coordinateValue(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/**
 * The price as the API takes it: the currency's symbol and the number ('$1200', 'GH₵850.5'). Text
 * that is not a price is sent as typed, so the schema reports it ("Price must be a number").
 */
export function priceText(price: string, currency: Currency): string {
  const parsed = parsePrice(price);
  if (!parsed || (parsed.currency && parsed.currency !== currency)) return price.trim();
  return priceForApi(parsed.amount, currency);
}

/** The request body of the form's values (the schema's input; the cms parses it the same way). */
export function propertyBody(v: PropertyFormValues): PropertyInput {
  return {
    location: v.location,
    nearestLandmark: v.nearestLandmark,
    propertyType: v.propertyType as PropertyInput['propertyType'],
    leaseType: v.leaseType as PropertyInput['leaseType'],
    price: priceText(v.price, v.currency),
    currency: v.currency,
    // Blank counts mean 0; '1.5', '-1' or 'two' reach the schema as they are, to be refused, not rounded.
    numberOfBedrooms: v.numberOfBedrooms.trim() === '' ? 0 : Number(v.numberOfBedrooms),
    numberOfBathrooms: v.numberOfBathrooms.trim() === '' ? 0 : Number(v.numberOfBathrooms),
    numberOfWashrooms: v.numberOfWashrooms.trim() === '' ? 0 : Number(v.numberOfWashrooms),
    furnishStatus: v.furnishStatus as PropertyInput['furnishStatus'],
    propertyState: v.propertyState as PropertyInput['propertyState'],
    available: v.available,
    amenities: v.amenities as PropertyInput['amenities'],
    images: v.images,
    city: v.city,
    digitalAddress: v.digitalAddress,
    description: v.description,
    latitude: coordinateValue(v.latitude),
    longitude: coordinateValue(v.longitude),
    // The terms belong to Rent listings; a Sale listing sends none, which also clears them when a
    // listing changes from Rent to Sale.
    ...(v.leaseType === 'Sale'
      ? { advanceMonths: null, agencyFeePercent: null, registrationFee: null }
      : {
          advanceMonths: termValue(v.advanceMonths),
          agencyFeePercent: termValue(v.agencyFeePercent),
          registrationFee: termValue(v.registrationFee),
        }),
  };
}

/**
 * Field messages of the form's values, keyed by field (empty when the property may be sent): the API's
 * rules and messages, and the form's own on top (a Rent listing states its advance).
 */
export function propertyFormErrors(v: PropertyFormValues): Partial<Record<keyof PropertyFormValues, string>> {
  const result = propertyFormSchema.safeParse(propertyBody(v));
  if (result.success) return {};
  const errors: Partial<Record<keyof PropertyFormValues, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof PropertyFormValues | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * An edit sends only what changed: an admin's edit of an approved listing goes back to the approval
 * queue unless it changes only "available", and the cms tells that from the fields sent. A changed
 * price or currency sends both, so the symbol and the currency agree.
 */
export function changedBody(
  initial: PropertyFormValues,
  current: PropertyFormValues,
): Partial<PropertyInput> {
  const before = propertyBody(initial) as Record<string, unknown>;
  const after = propertyBody(current) as Record<string, unknown>;
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = after[key];
  }
  if ('price' in changed || 'currency' in changed) {
    changed.price = after.price;
    changed.currency = after.currency;
  }
  // A point is sent whole: the API refuses one coordinate without the other.
  if ('latitude' in changed || 'longitude' in changed) {
    changed.latitude = after.latitude;
    changed.longitude = after.longitude;
  }
  return changed as Partial<PropertyInput>;
}
