// The staff audit trail (back-office §2): what staff did, kept by the cms and read by the superadmin.

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
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What it was done to. */
export const AUDIT_RESOURCES = ['property', 'deal', 'appointment', 'enquiry', 'admin', 'user', 'settings'] as const;
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
};

/** One entry as GET /api/audit answers it. */
export interface AuditEntry {
  _id: string;
  user: { id: string | null; email: string; role: string };
  action: AuditAction;
  resource: { type: AuditResource; id: string | null; label: string };
  /** Extra words, e.g. the new status of an appointment. */
  detail: string | null;
  createdAt: string;
}
