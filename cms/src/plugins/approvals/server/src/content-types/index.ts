import approvalMark from './approval-mark/schema';
import auditEntry from './audit-entry/schema';
import deletionRequest from './deletion-request/schema';
import reviewNote from './review-note/schema';

// plugin::approvals.audit-entry (table audit_entries): the staff audit trail.
// plugin::approvals.review-note (table review_notes): "Changes requested" notes on items kept unapproved.
// plugin::approvals.deletion-request (table deletion_requests): admins' deletions of approved items, waiting.
// plugin::approvals.approval-mark (table approval_marks): items approved at least once.
export default {
  'audit-entry': { schema: auditEntry },
  'review-note': { schema: reviewNote },
  'deletion-request': { schema: deletionRequest },
  'approval-mark': { schema: approvalMark },
};
