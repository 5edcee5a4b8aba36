/**
 * How a viewing, enquiry, deal or favourite names its property ("House in Oxford Street, Osu"): kept with
 * the record, so it still says what the property was once the property is edited away or deleted.
 */
export const propertyLabel = (p: { propertyType?: string | null; location?: string | null }): string =>
  `${p.propertyType ?? ''} in ${p.location ?? ''}`;
