import { z } from 'zod';

// Conversations: every enquiry and every viewing has a thread of messages between its seeker and staff.

/** What a thread belongs to: `/api/enquiries/:id/messages` or `/api/appointments/:id/messages`. */
export const THREAD_KINDS = ['enquiry', 'appointment'] as const;
export type ThreadKind = (typeof THREAD_KINDS)[number];

/** The longest message, in characters. */
export const THREAD_MESSAGE_MAX = 2000;
/** Messages in one page of a thread (the newest, or those before `?before=`). */
export const THREAD_PAGE_SIZE = 50;

/** Who wrote a message, as both sides see it. */
export const THREAD_AUTHOR_ROLES = ['seeker', 'staff'] as const;
/** A message is sent; a staff message the scam guard flagged waits (held) for a colleague to send or decline. */
export const THREAD_MESSAGE_STATUSES = ['sent', 'held', 'declined'] as const;
export type ThreadMessageStatus = (typeof THREAD_MESSAGE_STATUSES)[number];

/** A piece of a message as it is shown (see message-guard's messageParts). */
const messagePartSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('link'), text: z.string(), href: z.string() }),
  z.object({ type: z.literal('outside-link'), text: z.string(), domain: z.string() }),
]);

/** A message as the API answers it. */
export const threadMessageAnswerSchema = z.object({
  _id: z.string(),
  seq: z.number().int().nullable(),
  from: z.enum(THREAD_AUTHOR_ROLES),
  author: z.string(),
  mine: z.boolean(),
  text: z.string(),
  parts: z.array(messagePartSchema),
  flagged: z.boolean(),
  warning: z.string().nullable(),
  status: z.enum(THREAD_MESSAGE_STATUSES),
  sentAt: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type ThreadMessageAnswer = z.infer<typeof threadMessageAnswerSchema>;

const personSchema = z.object({ _id: z.string(), name: z.string() });

/**
 * GET /api/enquiries/:id/messages and /api/appointments/:id/messages. `property` is the listing as
 * seekers read it, kept loose here: the thread shows its title, price and link only.
 */
export const threadAnswerSchema = z.object({
  kind: z.enum(THREAD_KINDS),
  id: z.string(),
  label: z.string().nullable(),
  property: z.looseObject({ _id: z.string(), location: z.string().nullable().optional() }).nullable(),
  assignee: personSchema.nullable(),
  seeker: personSchema.nullable().optional(),
  messages: z.array(threadMessageAnswerSchema),
  hasEarlier: z.boolean(),
  held: z.array(threadMessageAnswerSchema).optional(),
  colleagues: z.array(personSchema).optional(),
});
export type ThreadAnswer = z.infer<typeof threadAnswerSchema>;

/** One thread of GET /api/threads. */
export const threadSummarySchema = z.object({
  kind: z.enum(THREAD_KINDS),
  id: z.string(),
  label: z.string().nullable(),
  seeker: personSchema.nullable().optional(),
  assignee: personSchema.nullable(),
  lastMessage: z.object({
    text: z.string(),
    from: z.enum(THREAD_AUTHOR_ROLES).nullable(),
    at: z.string().nullable(),
  }),
  messages: z.number().int(),
  unread: z.number().int(),
});
export const threadListSchema = z.array(threadSummarySchema);
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

/** GET /api/response-times: staff's median working time to a first reply over 30 days (null: too few replies). */
export const replyTimesSchema = z.object({
  medianMinutes: z.number().int().nonnegative().nullable(),
  replies: z.number().int().nonnegative(),
});
export type ReplyTimesFigure = z.infer<typeof replyTimesSchema>;

/** GET /api/threads/response-times (staff): the overall figure and each member of staff's. */
export const staffReplyTimesSchema = z.object({
  overall: replyTimesSchema,
  staff: z.array(replyTimesSchema.extend({ _id: z.string(), name: z.string() })),
});
export type StaffReplyTimes = z.infer<typeof staffReplyTimesSchema>;
