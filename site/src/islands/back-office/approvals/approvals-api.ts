// The approval queues' calls: the queues are server-paged (10 a page, X-Total-Count,
// ?search=), and a decision is PUT /api/<products|deals>/approve/:id {action, note?, updatedAt}: the
// item's updatedAt as the queue showed it, so a changed item is refused (409) rather than decided unseen.
import { z } from 'zod';
import {
  changesRequestedField,
  dealApprovalResponseSchema,
  dealSchema,
  duplicatePhotosField,
  duplicatePhotosTotalFields,
  MESSAGES,
  pendingDeletionFields,
  propertyApprovalResponseSchema,
  propertySchema,
  type ApprovalAction,
} from '@fie/domain';
import { callApi } from '../../../lib/api-call';

/**
 * A property in the queue: as the staff list answers it, with the last reject note if any, whether
 * an admin asked to delete it (and who), and the other listings showing one of its photos.
 */
export const queuedPropertySchema = propertySchema.extend({
  changesRequested: changesRequestedField,
  duplicatePhotos: duplicatePhotosField,
  ...duplicatePhotosTotalFields,
  ...pendingDeletionFields,
});
export type QueuedProperty = z.output<typeof queuedPropertySchema>;
export const queuedPropertyListSchema = z.array(queuedPropertySchema);
export const queuedDealSchema = dealSchema.extend(pendingDeletionFields);
export type QueuedDeal = z.output<typeof queuedDealSchema>;
export const queuedDealListSchema = z.array(queuedDealSchema);

/** What a decision needs of a queued item: which one, the version the queue showed, and whether it is a deletion. */
export interface QueuedItem {
  _id: string;
  updatedAt?: string | null;
  pendingDeletion?: boolean;
}

/** The queues show a fixed 10 a page (the page size cannot be changed there). */
export const QUEUE_PAGE_SIZE = 10;

export type QueueKind = 'property' | 'deal';

/** What each queue says and where it lives. */
export const QUEUE = {
  property: {
    path: '/api/products',
    key: ['staff', 'unapproved', 'properties'] as const,
    /** The other lists that show these items, refreshed after a decision. */
    lists: [['staff', 'properties']] as const,
    approved: MESSAGES.propertyApproved,
    kept: MESSAGES.propertyKeptUnapproved,
    approveFailed: MESSAGES.approvePropertyFailed,
    rejectFailed: MESSAGES.updatePropertyFailed,
    loadFailed: MESSAGES.loadUnapprovedPropertiesFailed,
    /** Only the deal queue's load failure also shows a toast; the property queue's shows the banner alone. */
    loadToast: false,
  },
  deal: {
    path: '/api/deals',
    key: ['staff', 'unapproved', 'deals'] as const,
    lists: [['staff', 'deals']] as const,
    approved: MESSAGES.dealApproved,
    kept: MESSAGES.dealKeptUnapproved,
    approveFailed: MESSAGES.approveDealFailed,
    rejectFailed: MESSAGES.updateDealFailed,
    loadFailed: MESSAGES.loadUnapprovedDealsFailed,
    loadToast: true,
  },
} as const;

/** Both answers are `{ message, product | deal }`; the queue reloads after a decision, so only the message is read. */
const RESPONSE: Record<QueueKind, z.ZodType<{ message: string }>> = {
  property: propertyApprovalResponseSchema,
  deal: dealApprovalResponseSchema,
};

/**
 * Approve, or keep unapproved ("Reject") with an optional note for the submitter, on the version of
 * the item the queue showed. Answers the server's message.
 */
export async function decide(
  kind: QueueKind,
  item: QueuedItem,
  action: ApprovalAction,
  note?: string,
): Promise<string> {
  const body = {
    action,
    ...(action === 'unapprove' && note?.trim() ? { note: note.trim() } : {}),
    ...(item.updatedAt ? { updatedAt: item.updatedAt } : {}),
  };
  const res = await callApi(
    `${QUEUE[kind].path}/approve/${encodeURIComponent(item._id)}`,
    { method: 'PUT', body: JSON.stringify(body) },
    RESPONSE[kind],
    true,
  );
  return res.message;
}
