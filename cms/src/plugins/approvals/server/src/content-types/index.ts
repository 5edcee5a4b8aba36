import auditEntry from './audit-entry/schema';
import reviewNote from './review-note/schema';

// plugin::approvals.audit-entry (table audit_entries): the staff audit trail.
// plugin::approvals.review-note (table review_notes): "Changes requested" notes on items kept unapproved.
export default { 'audit-entry': { schema: auditEntry }, 'review-note': { schema: reviewNote } };
