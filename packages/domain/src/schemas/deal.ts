import { z } from 'zod';
import { APPROVAL_ACTIONS, APPROVAL_STATUSES, NO_AGENT_INVOLVED } from '../enums.js';
import { MESSAGES } from '../messages.js';
import { dateText, requiredText } from './fields.js';
import { propertySummarySchema } from './property.js';

// Blank agent fields mean the deal closed without an outside agent, stored as the text NO_AGENT_INVOLVED.
const agentText = z
  .string()
  .trim()
  .max(100, { error: 'Must be at most 100 characters' })
  .nullable()
  .transform((v) => v || NO_AGENT_INVOLVED);

const comments = z.string().trim().max(2000, { error: 'Comments must be at most 2000 characters' });

const productId = z
  .string()
  .trim()
  .max(64)
  .transform((v) => (v === '' ? null : v))
  .nullable();

const fields = {
  closerName: requiredText(MESSAGES.closerNameRequired, 100),
  dealDate: dateText(MESSAGES.dealDateRequired),
  commission: requiredText(MESSAGES.commissionRequired, 100),
  nameOfAgentInvolved: agentText,
  commissionToAgent: agentText,
  agentContact: agentText,
  tenantName: requiredText(MESSAGES.tenantNameRequired, 100),
  tenantContact: requiredText(MESSAGES.tenantContactRequired, 100),
  tenancyStartDate: dateText(MESSAGES.tenancyStartRequired),
  tenancyEndDate: dateText(MESSAGES.tenancyEndRequired),
  comments,
  product: productId,
};

// yyyy-MM-dd strings compare correctly as text.
function tenancyInOrder(v: {
  tenancyStartDate?: string | undefined;
  tenancyEndDate?: string | undefined;
}): boolean {
  return !v.tenancyStartDate || !v.tenancyEndDate || v.tenancyEndDate >= v.tenancyStartDate;
}

function bothTenancyDatesUsable(payload: { value: unknown }): boolean {
  const v = payload.value;
  if (typeof v !== 'object' || v === null) return false;
  const { tenancyStartDate, tenancyEndDate } = v as Record<string, unknown>;
  return (
    fields.tenancyStartDate.safeParse(tenancyStartDate).success &&
    fields.tenancyEndDate.safeParse(tenancyEndDate).success
  );
}

const tenancyOrder = {
  error: MESSAGES.tenancyEndBeforeStart,
  path: ['tenancyEndDate'],
  // Report the order problem alongside other field errors whenever both dates are usable.
  when: bothTenancyDatesUsable,
};

export const dealInputSchema = z
  .object({
    ...fields,
    nameOfAgentInvolved: agentText.default(NO_AGENT_INVOLVED),
    commissionToAgent: agentText.default(NO_AGENT_INVOLVED),
    agentContact: agentText.default(NO_AGENT_INVOLVED),
    comments: comments.default(''),
    product: productId.optional(),
  })
  .refine(tenancyInOrder, tenancyOrder);
export type DealInputRaw = z.input<typeof dealInputSchema>;
export type DealInput = z.output<typeof dealInputSchema>;

export const dealUpdateSchema = z
  .object({
    closerName: fields.closerName.optional(),
    dealDate: fields.dealDate.optional(),
    commission: fields.commission.optional(),
    nameOfAgentInvolved: agentText.optional(),
    commissionToAgent: agentText.optional(),
    agentContact: agentText.optional(),
    tenantName: fields.tenantName.optional(),
    tenantContact: fields.tenantContact.optional(),
    tenancyStartDate: fields.tenancyStartDate.optional(),
    tenancyEndDate: fields.tenancyEndDate.optional(),
    comments: comments.optional(),
    product: productId.optional(),
  })
  .refine(tenancyInOrder, tenancyOrder);
export type DealUpdateInput = z.input<typeof dealUpdateSchema>;
export type DealUpdate = z.output<typeof dealUpdateSchema>;

/** The most a reject note may say (shown on the item as "Changes requested: …"). */
export const REVIEW_NOTE_MAX = 1000;
export const approvalActionSchema = z.object({
  action: z.enum(APPROVAL_ACTIONS, { error: MESSAGES.invalidApprovalAction }),
  /** With `unapprove`: what the submitter should change; e-mailed to them and shown on the item. */
  note: z
    .string({ error: 'The note must be text.' })
    .trim()
    .max(REVIEW_NOTE_MAX, { error: `The note can be at most ${REVIEW_NOTE_MAX} characters.` })
    .optional()
    .transform((v) => (v ? v : undefined)),
  /**
   * The item's `updatedAt` as the queue showed it: the decision applies only to that version (a
   * changed item answers 409). Older clients that send none decide on the item as it is.
   */
  updatedAt: z
    .string({ error: 'updatedAt must be the time the queue showed.' })
    .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'updatedAt must be the time the queue showed.' })
    .optional(),
});
export type ApprovalActionInput = z.output<typeof approvalActionSchema>;

/**
 * What the approval queues add to an item whose deletion an admin asked for: it stays public until
 * a superadmin approves the deletion (the item is deleted) or rejects it (kept as it was).
 */
export const pendingDeletionFields = {
  pendingDeletion: z.boolean().optional(),
  deletionRequestedBy: z.string().nullable().optional(),
};

/**
 * A superadmin's "Changes requested" note on an item kept unapproved (staff answers only: the
 * approval queues, the deal list, the staff property list); null once approved or when none was left.
 */
export const changesRequestedField = z.string().nullable().optional();

export const dealSchema = z.object({
  _id: z.string(),
  closerName: z.string(),
  dealDate: z.string(),
  commission: z.string(),
  nameOfAgentInvolved: z.string(),
  commissionToAgent: z.string(),
  agentContact: z.string(),
  tenantName: z.string(),
  tenantContact: z.string(),
  tenancyStartDate: z.string(),
  tenancyEndDate: z.string(),
  comments: z.string().nullable(),
  product: z.union([propertySummarySchema, z.string(), z.null()]),
  loggedBy: z.union([z.object({ _id: z.string().optional(), email: z.string() }), z.string(), z.null()]),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  changesRequested: changesRequestedField,
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable().optional(),
});
export type Deal = z.output<typeof dealSchema>;
export const dealListSchema = z.array(dealSchema);

// PUT /deals/approve/:id.
export const dealApprovalResponseSchema = z.object({
  message: z.string(),
  deal: dealSchema,
});
export type DealApprovalResponse = z.output<typeof dealApprovalResponseSchema>;
