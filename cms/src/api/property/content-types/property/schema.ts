import {
  AMENITIES,
  APPROVAL_STATUSES,
  CURRENCIES,
  FURNISH_STATUSES,
  LEASE_TYPES,
  PROPERTY_STATES,
  PROPERTY_TYPES,
} from '@fie/domain';

// Enumerations come from @fie/domain so the cms and the site share one copy.
export default {
  kind: 'collectionType',
  collectionName: 'properties',
  info: {
    singularName: 'property',
    pluralName: 'properties',
    displayName: 'Property',
    description: 'A home, plot, office or shop offered for rent or sale',
  },
  options: { draftAndPublish: false },
  pluginOptions: {},
  attributes: {
    images: {
      type: 'media',
      multiple: true,
      required: false,
      allowedTypes: ['images'],
    },
    propertyType: { type: 'enumeration', enum: [...PROPERTY_TYPES], required: true },
    leaseType: { type: 'enumeration', enum: [...LEASE_TYPES], required: true },
    propertyState: { type: 'enumeration', enum: [...PROPERTY_STATES], required: true, default: 'New' },
    // decimal(14,2): room for the GH₵ value of any price the domain accepts (below a billion).
    priceAmount: { type: 'decimal', required: true, min: 0, columnType: { type: 'decimal', args: [14, 2] } },
    currency: { type: 'enumeration', enum: [...CURRENCIES], required: true, default: 'USD' },
    // Derived on every write from priceAmount, currency and the site's USD→GHS reference rate,
    // so price filters and sorts compare like with like in the database.
    priceGhs: { type: 'decimal', min: 0, columnType: { type: 'decimal', args: [14, 2] } },
    city: {
      type: 'relation',
      relation: 'manyToOne',
      target: 'api::city.city',
      inversedBy: 'properties',
    },
    // The city's slug, kept on the row (from the city relation, on every write) so the listing
    // filters by city with an index instead of going through the relation's link table.
    citySlug: { type: 'string', maxLength: 60, private: true, configurable: false },
    location: { type: 'string', required: true, maxLength: 200 },
    nearestLandmark: { type: 'string', required: true, maxLength: 200 },
    digitalAddress: { type: 'string', maxLength: 15, regex: '^[A-Z]{2}-\\d{1,4}-\\d{4}$' },
    // The map point in decimal degrees (both or neither, inside Ghana: the API's schema checks it).
    // Public answers round it to about 100 m; staff and a seeker with an active viewing get it exact.
    latitude: { type: 'float', min: -90, max: 90 },
    longitude: { type: 'float', min: -180, max: 180 },
    numberOfBedrooms: { type: 'integer', required: true, min: 0, default: 0 },
    numberOfBathrooms: { type: 'integer', required: true, min: 0, default: 0 },
    numberOfWashrooms: { type: 'integer', required: true, min: 0, default: 0 },
    furnishStatus: {
      type: 'enumeration',
      enum: [...FURNISH_STATUSES],
      required: true,
      default: 'Not furnished',
    },
    // A list of values from the 20 amenities; checked against the enumeration on every write.
    amenities: { type: 'json', default: [] as string[] },
    available: { type: 'boolean', required: true, default: true },
    // Freshness. Set by the server only: on create, on a staff edit that keeps the listing available,
    // and by "Confirm still available". Past the stale setting the listing reads as unconfirmed.
    availabilityConfirmedAt: { type: 'datetime', configurable: false },
    // Set by the freshness sweep: approved but unconfirmed past the hide setting, so it is out of the
    // public listing, searches, alerts and the sitemap (its own page stays reachable with a notice).
    // Kept on the row, rather than compared with the clock in every query, so the listing's indexes hold.
    availabilityHidden: { type: 'boolean', default: false, private: true, configurable: false },
    // Open "already let" reports: three or more read as unconfirmed until staff act on them.
    openLetReports: { type: 'integer', default: 0, min: 0, private: true, configurable: false },
    // The move-in cost of a Rent listing; no advance given reads "Advance: ask us".
    advanceMonths: { type: 'integer', min: 0, max: 24 },
    registrationFee: { type: 'decimal', min: 0, columnType: { type: 'decimal', args: [14, 2] } },
    agencyFeePercent: { type: 'decimal', min: 0, max: 20, columnType: { type: 'decimal', args: [5, 2] } },
    // The latest price cut and its size in GH₵ (from the highest price of the 30 days before it), kept
    // on the row for the cards' badge and sort=reduced; the price history holds the detail.
    reducedAt: { type: 'datetime', private: true, configurable: false },
    reducedByGhs: {
      type: 'decimal',
      private: true,
      configurable: false,
      columnType: { type: 'decimal', args: [14, 2] },
    },
    approvalStatus: {
      type: 'enumeration',
      enum: [...APPROVAL_STATUSES],
      required: true,
      default: 'unapproved',
    },
    postedBy: {
      type: 'relation',
      relation: 'manyToOne',
      target: 'plugin::users-permissions.user',
    },
    description: { type: 'richtext' },
    appointments: {
      type: 'relation',
      relation: 'oneToMany',
      target: 'plugin::viewings.appointment',
      mappedBy: 'property',
    },
    enquiries: {
      type: 'relation',
      relation: 'oneToMany',
      target: 'api::enquiry.enquiry',
      mappedBy: 'property',
    },
    deals: {
      type: 'relation',
      relation: 'oneToMany',
      target: 'api::deal.deal',
      mappedBy: 'property',
    },
  },
  // The public listing always filters on approval and sorts by date or GH₵ price. Its common filters
  // (city, lease, type, and city with lease) each have an index in both sort orders: prices go with
  // type and lease (villas and sales cost more), so walking the price index and skipping the rows of
  // other kinds read most of the table before finding a page (80-150 ms at 100,000 properties).
  indexes: [
    { name: 'properties_approval_created_idx', columns: ['approval_status', 'created_at'] },
    // The listing's map area (bbox): a range of latitudes, then the longitudes, of the approved ones.
    { name: 'properties_approval_point_idx', columns: ['approval_status', 'latitude', 'longitude'] },
    { name: 'properties_approval_price_idx', columns: ['approval_status', 'price_ghs'] },
    { name: 'properties_approval_type_idx', columns: ['approval_status', 'property_type', 'lease_type'] },
    { name: 'properties_approval_city_created_idx', columns: ['approval_status', 'city_slug', 'created_at'] },
    { name: 'properties_approval_city_price_idx', columns: ['approval_status', 'city_slug', 'price_ghs'] },
    {
      name: 'properties_approval_lease_created_idx',
      columns: ['approval_status', 'lease_type', 'created_at'],
    },
    { name: 'properties_approval_lease_price_idx', columns: ['approval_status', 'lease_type', 'price_ghs'] },
    {
      name: 'properties_approval_type_created_idx',
      columns: ['approval_status', 'property_type', 'created_at'],
    },
    {
      name: 'properties_approval_type_price_idx',
      columns: ['approval_status', 'property_type', 'price_ghs'],
    },
    {
      name: 'properties_approval_city_lease_created_idx',
      columns: ['approval_status', 'city_slug', 'lease_type', 'created_at'],
    },
    {
      name: 'properties_approval_city_lease_price_idx',
      columns: ['approval_status', 'city_slug', 'lease_type', 'price_ghs'],
    },
    // The staff list (approval=all) is newest first over every state; its search matches prices.
    { name: 'properties_created_idx', columns: ['created_at'] },
    { name: 'properties_price_amount_idx', columns: ['price_amount', 'currency'] },
    { name: 'properties_bedrooms_idx', columns: ['number_of_bedrooms'] },
    { name: 'properties_furnish_idx', columns: ['furnish_status'] },
    // Fresh listings: the sweep's ranges and the staff "Needs confirming" list (oldest first).
    {
      name: 'properties_availability_confirmed_idx',
      columns: ['approval_status', 'availability_confirmed_at'],
    },
    // maxAdvanceMonths in the public listing: Rent listings, a range on the advance (on PostgreSQL the
    // listing's own partial index serves it, catalogue/listing-indexes.ts).
    {
      name: 'properties_approval_advance_idx',
      columns: ['approval_status', 'lease_type', 'advance_months'],
    },
  ],
} as const;

export const AMENITY_VALUES = AMENITIES;
