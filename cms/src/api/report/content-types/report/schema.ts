import { REPORT_REASONS, REPORT_STATUSES } from '@fie/domain';

// A visitor's report of a listing (already let, wrong price, asked to pay to view, ...). Plain
// columns rather than relations, like favourites: a deleted listing or account leaves the report
// readable, and the per-listing count of open "already let" reports is one indexed query.
export default {
  kind: 'collectionType',
  collectionName: 'listing_reports',
  info: {
    singularName: 'report',
    pluralName: 'reports',
    displayName: 'Listing report',
    description: 'A visitor says a listing is wrong: let already, wrong price, asked to pay, wrong photos',
  },
  options: { draftAndPublish: false },
  pluginOptions: {
    'content-manager': { visible: false },
    'content-type-builder': { visible: false },
  },
  attributes: {
    propertyDocumentId: { type: 'string', required: true, maxLength: 64 },
    // What the listing was when reported ("House in Osu"), readable after it is deleted.
    propertyLabel: { type: 'string', maxLength: 300 },
    reason: { type: 'enumeration', enum: [...REPORT_REASONS], required: true },
    details: { type: 'text', maxLength: 1000 },
    status: { type: 'enumeration', enum: [...REPORT_STATUSES], required: true, default: 'open' },
    // The staff member's note when resolving or dismissing.
    note: { type: 'text', maxLength: 1000 },
    // The account that reported, when the visitor was signed in (null for signed-out reports).
    reporterId: { type: 'integer', private: true },
    reporterEmail: { type: 'string', maxLength: 254, private: true },
    // A keyed hash of the network address that sent it (reporter-hash.ts), never the address: the
    // "already let" count counts distinct reporters, so one address cannot pass for three.
    reporterHash: { type: 'string', maxLength: 64, private: true },
    // Who resolved or dismissed it, and when (a copy of the address, readable after the account goes).
    actedById: { type: 'integer', private: true },
    actedByEmail: { type: 'string', maxLength: 254 },
    actedAt: { type: 'datetime' },
    // When it was made, by the platform clock: compared with the listing's availability confirmation
    // (also set by that clock), so a confirmation counts only the reports after it.
    reportedAt: { type: 'datetime', required: true },
  },
  indexes: [
    // The staff list: by status, newest first.
    { name: 'listing_reports_status_created_idx', columns: ['status', 'reported_at', 'id'] },
    // One listing's reports, and its count of open "already let" ones since its last confirmation.
    {
      name: 'listing_reports_property_idx',
      columns: ['property_document_id', 'status', 'reason', 'reported_at'],
    },
  ],
} as const;
