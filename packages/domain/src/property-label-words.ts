// A property named by its type and place in the reader's language: the type words and the pattern of
// each language, for the site's pages, the e-mails and the calendar invites.
import { type Language, type PropertyType } from './enums.js';
import { isPropertyType, splitPropertyLabel } from './property-label.js';

/**
 * A property type as a reader of each language names it (one property: "Appartement"). The stored
 * values stay English (they are the API's contract); the site's pages, the e-mails and the calendar
 * invites take their words from here.
 */
export const PROPERTY_TYPE_WORDS: Readonly<Record<Language, Readonly<Record<PropertyType, string>>>> = {
  en: {
    Apartment: 'Apartment',
    House: 'House',
    Townhouse: 'Townhouse',
    Villa: 'Villa',
    Land: 'Land',
    Commercial: 'Commercial',
  },
  fr: {
    Apartment: 'Appartement',
    House: 'Maison',
    Townhouse: 'Maison de ville',
    Villa: 'Villa',
    Land: 'Terrain',
    Commercial: 'Local commercial',
  },
  es: {
    Apartment: 'Apartamento',
    House: 'Casa',
    Townhouse: 'Casa adosada',
    Villa: 'Villa',
    Land: 'Terreno',
    Commercial: 'Local comercial',
  },
};

/** "{type} in {location}" in each language: a property named by its type and place. */
export const PROPERTY_LABEL_PATTERNS: Readonly<Record<Language, string>> = {
  en: '{type} in {location}',
  fr: '{type} à {location}',
  es: '{type} en {location}',
};

/** A property's type and place in `language` ("Appartement à Cantonments, Accra"); an unknown type as stored. */
export function propertyLabelIn(
  language: Language,
  p: { propertyType?: string | null; location?: string | null },
): string {
  const stored = p.propertyType ?? '';
  const type = isPropertyType(stored) ? PROPERTY_TYPE_WORDS[language][stored] : stored;
  return PROPERTY_LABEL_PATTERNS[language]
    .replace('{type}', () => type)
    .replace('{location}', () => p.location ?? '');
}

/** A kept label in `language` ("Apartment in Cantonments, Accra" → "Appartement à Cantonments, Accra"); other text as it is. */
export function localizePropertyLabel(language: Language, label: string): string {
  const parts = splitPropertyLabel(label);
  return parts ? propertyLabelIn(language, parts) : label;
}
