// The label a record keeps of its property, in the one stored form ("Apartment in Cantonments, Accra").
// Its words in each language are in property-label-words.ts, apart, so that a browser script that only
// reads a kept label does not carry every language's words.
import { PROPERTY_TYPES, type PropertyType } from './enums.js';

export const isPropertyType = (value: string): value is PropertyType =>
  (PROPERTY_TYPES as readonly string[]).includes(value);

/**
 * How a viewing, enquiry, deal or favourite names its property ("House in Oxford Street, Osu"): kept with
 * the record, in English as staff read and search it, so it still says what the property was once the
 * property is edited away or deleted. A reader sees it through localizePropertyLabel.
 */
export const propertyLabel = (p: { propertyType?: string | null; location?: string | null }): string =>
  `${p.propertyType ?? ''} in ${p.location ?? ''}`;

/**
 * The type and place of a label propertyLabel made ("Apartment in Cantonments, Accra"), or null for any
 * other text: the type is one of the stored values, so a place that itself has " in " stays whole.
 */
export function splitPropertyLabel(label: string): { propertyType: PropertyType; location: string } | null {
  const at = label.indexOf(' in ');
  if (at <= 0) return null;
  const propertyType = label.slice(0, at);
  return isPropertyType(propertyType) ? { propertyType, location: label.slice(at + 4) } : null;
}
