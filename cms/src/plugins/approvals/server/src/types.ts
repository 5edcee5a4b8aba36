import type { WriteVersion } from '../../../../shared/write-version';

/** The two states of the governed field (the enumeration in each governed schema). */
export const APPROVED = 'approved';
export const UNAPPROVED = 'unapproved';
export type ApprovalState = typeof APPROVED | typeof UNAPPROVED;

/**
 * How one governed content type takes part in the workflow. The app sets one of these per type in
 * config/plugins.ts; README ("Plugins" → approvals) has the table of the current values.
 */
export interface GovernedType {
  /** The enumeration attribute that holds 'approved' | 'unapproved'. */
  field: string;
  /**
   * The roles that approve. Their own creates are approved at once, they alone may write the state
   * field (approve or reject), and only they may use the type's queue routes. Anyone else's create
   * waits in the queue, and anyone else writing `approved` is refused.
   */
  approvers: string[];
  /** The roles whose edit of an item sends it back to the queue (unapproved). */
  requeueEditsBy: string[];
  /** Fields such an edit may change without sending the item back (an edit of only these keeps its state). */
  requeueIgnores: string[];
  /** Where the queue is, under /api: GET <path>/unapproved and PUT <path>/approve/:id. */
  path: string;
  /** The queue (GET <path>/unapproved): order, paging and search, all as the type's clients read it. */
  queue: {
    sort: Record<string, 'asc' | 'desc'>[];
    /** `?page=&pageSize=` with an X-Total-Count header; null answers one list (up to `limit`). */
    paging: { pageSize: number; maxPageSize: number } | null;
    /** `?search=` matches any of these fields (case-insensitive, contains); empty ignores `?search=`. */
    searchFields: string[];
    /** The most items one answer holds when the queue is not paged. */
    limit: number;
  };
  /**
   * The answer of PUT <path>/approve/:id: `{ message, [key]: item }`, and the 404 message; `deleted`
   * and `deletionRejected` answer a decision on an admin's request to delete the item.
   */
  answer: {
    key: string;
    approved: string;
    kept: string;
    notFound: string;
    deleted: string;
    deletionRejected: string;
  };
  /**
   * The service (owned by the type's API) that says how an item is answered: it exposes
   * `approvalView: { populate, present(doc) }`, the same shape its own routes answer with.
   */
  view: string;
  /**
   * Reject notes: who gets the e-mail (`submitter`, a relation to the account that submitted the
   * item), the field that names the item in it (`label`) and what it is called (`noun`). Without it,
   * notes are kept and shown but not e-mailed.
   */
  review?: { submitter: string; label: string; noun: string };
}

/** How one content type's staff writes appear in the audit trail (config `approvals.config.audit`). */
export interface AuditedType {
  /** What the log calls it: property, deal, appointment, enquiry. */
  resource: string;
  /** The field that names a record in the log (a location, a tenant). */
  label: string;
  /** The action of a create; 'created' unless set (an appointment is 'scheduled'). */
  createdAs?: 'created' | 'scheduled';
  /** The action of an update; 'edited' unless set (an enquiry is 'updated'). */
  updatedAs?: 'edited' | 'updated';
  /** An update that changes this field is logged as 'status-changed' with "old → new". */
  statusField?: string;
}

export interface ApprovalsConfig {
  contentTypes: Record<string, GovernedType>;
  audit?: Record<string, AuditedType>;
}

export interface ApprovalView {
  populate: object;
  present(doc: Record<string, unknown>): unknown;
  /**
   * Optional: the type's own page of waiting items, when it has a faster reader than the document
   * service (the property listing's SQL). Same order, search and answer shape as the queue's config.
   */
  pending?(query: {
    search?: string;
    page: number;
    pageSize: number;
    pendingDeletion: (documentIdColumn: string) => string;
    /** Whether pendingDeletion names the waiting items (reads no other table), so a count may be kept. */
    deletionsNamed: boolean;
  }): Promise<{ items: { _id: string }[]; total: number }>;
  /**
   * Optional: the columns that answer an item, read in the statement that finds the queue's page
   * (staffPageRows' `rowsFrom`), faster than the document service's populate. `alias` names the
   * type's table in `select` and `rowsFrom`; `present` turns one row into the item's answer.
   * `keptUnder`: a write version over every table the queue's search reads (its table), under which
   * a search's count may be kept (shared/staff-page.ts).
   */
  pageRows?: {
    alias: string;
    select: string;
    rowsFrom: string;
    present(row: Record<string, unknown>): { _id: string };
    keptUnder?: WriteVersion;
  };
}
