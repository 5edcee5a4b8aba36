import { z } from 'zod';
// The staff audit trail: what staff did, kept by the cms and read by the superadmin.

/** What a staff action did. */
export const AUDIT_ACTIONS = [
  'created',
  'edited',
  'deleted',
  'approved',
  'kept-unapproved',
  'scheduled',
  'status-changed',
  'updated',
  'admin-added',
  'admin-revoked',
  'user-added',
  'user-deactivated',
  'user-reactivated',
  'settings-changed',
  'deletion-requested',
  'deletion-rejected',
  'booking-restriction-lifted',
  'availability-confirmed',
  'price-changed',
  'replied',
  'message-held',
  'message-approved',
  'message-declined',
  'assigned',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What it was done to. */
export const AUDIT_RESOURCES = [
  'property',
  'deal',
  'appointment',
  'enquiry',
  'admin',
  'user',
  'settings',
  'report',
] as const;
export type AuditResource = (typeof AUDIT_RESOURCES)[number];

/** The words the activity log shows for an action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  created: 'Created',
  edited: 'Edited',
  deleted: 'Deleted',
  approved: 'Approved',
  'kept-unapproved': 'Kept unapproved',
  scheduled: 'Scheduled',
  'status-changed': 'Changed status',
  updated: 'Updated',
  'admin-added': 'Added',
  'admin-revoked': 'Revoked',
  'user-added': 'Added',
  'user-deactivated': 'Deactivated',
  'user-reactivated': 'Reactivated',
  'settings-changed': 'Changed',
  'deletion-requested': 'Asked to delete',
  'deletion-rejected': 'Rejected deleting',
  'booking-restriction-lifted': 'Lifted booking restriction',
  'availability-confirmed': 'Confirmed still available',
  'price-changed': 'Changed price',
  replied: 'Replied',
  'message-held': 'Message held for approval',
  'message-approved': 'Approved a held message',
  'message-declined': 'Declined a held message',
  assigned: 'Assigned',
};

/** One entry as GET /api/audit answers it. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  user: z.object({ id: z.string().nullable(), email: z.string(), role: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  resource: z.object({ type: z.enum(AUDIT_RESOURCES), id: z.string().nullable(), label: z.string() }),
  /** Extra words: an appointment's "old → new" status, a reject note, what a settings change did. */
  detail: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;
export const auditEntryListSchema = z.array(auditEntrySchema);

/** What the log calls each kind of record. */
export const AUDIT_RESOURCE_LABELS: Record<AuditResource, string> = {
  property: 'Property',
  deal: 'Deal',
  appointment: 'Appointment',
  enquiry: 'Enquiry',
  admin: 'Administrator',
  user: 'User',
  settings: 'Settings',
  report: 'Report',
};
