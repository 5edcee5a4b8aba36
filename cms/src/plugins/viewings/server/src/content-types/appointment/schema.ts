import { APPOINTMENT_STATUSES } from '@fie/domain';

export default {
  kind: 'collectionType',
  collectionName: 'appointments',
  info: {
    singularName: 'appointment',
    pluralName: 'appointments',
    displayName: 'Viewing appointment',
    description: 'A booked property viewing (date and time in Africa/Accra)',
  },
  options: { draftAndPublish: false },
  pluginOptions: {},
  attributes: {
    user: {
      type: 'relation',
      relation: 'manyToOne',
      target: 'plugin::users-permissions.user',
    },
    property: {
      type: 'relation',
      relation: 'manyToOne',
      target: 'api::property.property',
      inversedBy: 'appointments',
    },
    // Kept so the viewing stays readable after its property is deleted.
    propertyLabel: { type: 'string', maxLength: 200 },
    // The client's e-mail, lower-cased, for the staff search (client-email.ts keeps it current).
    clientEmail: { type: 'string', private: true, configurable: false },
    date: { type: 'date', required: true },
    time: { type: 'string', required: true, regex: '^([01]\\d|2[0-3]):[0-5]\\d$' },
    // date + time in Africa/Accra (UTC+0, no daylight saving) as an instant; drives notice rules.
    startsAt: { type: 'datetime', required: true },
    status: { type: 'enumeration', enum: [...APPOINTMENT_STATUSES], required: true, default: 'Ongoing' },
    comments: { type: 'text', maxLength: 1000 },
    // Staff recorded that the client did not attend (status Unsuccessful only): the no-show rule counts these.
    clientNoShow: { type: 'boolean', default: false },
    // The SEQUENCE of the latest calendar invite e-mailed to the seeker: 0 when booked, one more for
    // each invite that moves or cancels the viewing, so their calendar applies them in order.
    inviteSequence: { type: 'integer', min: 0, default: 0, private: true, configurable: false },
    // "<property documentId>@<startsAt ISO>" while the appointment is Ongoing or Rescheduled, else null.
    // The unique index below makes the database refuse a second active booking of the same slot.
    activeSlotKey: { type: 'string', private: true, configurable: false },
    // "<user documentId>@<property documentId>" while active: one active viewing per seeker per property.
    activeSeekerKey: { type: 'string', private: true, configurable: false },
    // The start instant each reminder e-mail was sent (or skipped) for, so each goes once per start
    // and a moved viewing is reminded of its new time (../../reminder-rules.ts).
    reminder24hFor: { type: 'datetime', private: true, configurable: false },
    reminder2hFor: { type: 'datetime', private: true, configurable: false },
  },
  indexes: [
    { name: 'appointments_active_slot_uq', columns: ['active_slot_key'], type: 'unique' },
    { name: 'appointments_active_seeker_uq', columns: ['active_seeker_key'], type: 'unique' },
    { name: 'appointments_starts_at_idx', columns: ['starts_at'] },
    { name: 'appointments_status_idx', columns: ['status'] },
    // The staff list: newest first, one page at a time.
    { name: 'appointments_created_at_idx', columns: ['created_at'] },
    // ... filtered by status, and a search by date (YYYY-MM-DD).
    { name: 'appointments_status_created_idx', columns: ['status', 'created_at'] },
    { name: 'appointments_date_idx', columns: ['date'] },
  ],
} as const;
