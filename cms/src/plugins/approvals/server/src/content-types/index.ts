import schema from './audit-entry/schema';

// plugin::approvals.audit-entry (table audit_entries): the staff audit trail.
export default { 'audit-entry': { schema } };
