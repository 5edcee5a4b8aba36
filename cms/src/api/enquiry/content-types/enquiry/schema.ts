import {
  ENQUIRY_FURNISH_STATUSES,
  ENQUIRY_PRIORITIES,
  ENQUIRY_PROPERTY_TYPES,
  ENQUIRY_STATUSES,
} from '@fie/domain';

export default {
  kind: 'collectionType',
  collectionName: 'enquiries',
  info: {
    singularName: 'enquiry',
    pluralName: 'enquiries',
    displayName: 'Enquiry',
    description: 'A request for information from a seeker or a walk-in client',
  },
  options: { draftAndPublish: false },
  pluginOptions: {},
  attributes: {
    owner: {
      type: 'relation',
      relation: 'manyToOne',
      target: 'plugin::users-permissions.user',
    },
    name: { type: 'string', required: true, maxLength: 120 },
    // A list of Ghana phone numbers in +233 form; the first is the one shown.
    phoneNumber: { type: 'json', required: true },
    // The same numbers as text, for search (derived on every write).
    phoneText: { type: 'string', private: true, configurable: false },
    email: { type: 'email' },
    whatsAppNumber: { type: 'string', maxLength: 20 },
    location: { type: 'string', maxLength: 120 },
    propertyType: { type: 'enumeration', enum: [...ENQUIRY_PROPERTY_TYPES] },
    budget: { type: 'string', maxLength: 100 },
    furnishStatus: { type: 'enumeration', enum: [...ENQUIRY_FURNISH_STATUSES], default: 'Not specified' },
    // What the client wrote.
    message: { type: 'text', maxLength: 2000 },
    // Staff notes on the enquiry.
    comments: { type: 'text', maxLength: 2000 },
    property: {
      type: 'relation',
      relation: 'manyToOne',
      target: 'api::property.property',
      inversedBy: 'enquiries',
    },
    propertyLabel: { type: 'string', maxLength: 200 },
    status: { type: 'enumeration', enum: [...ENQUIRY_STATUSES], required: true, default: 'Pending' },
    priority: { type: 'enumeration', enum: [...ENQUIRY_PRIORITIES], required: true, default: 'Moderate' },
    enquiryDate: { type: 'datetime', required: true },
    source: {
      type: 'enumeration',
      enum: ['property', 'contact', 'dashboard', 'staff'],
      default: 'dashboard',
    },
  },
  indexes: [
    { name: 'enquiries_enquiry_date_idx', columns: ['enquiry_date'] },
    { name: 'enquiries_status_priority_idx', columns: ['status', 'priority'] },
    // The staff list filtered by status and priority, newest first.
    { name: 'enquiries_status_priority_date_idx', columns: ['status', 'priority', 'enquiry_date'] },
  ],
} as const;
