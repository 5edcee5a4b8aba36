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
  ],
} as const;

export const AMENITY_VALUES = AMENITIES;
