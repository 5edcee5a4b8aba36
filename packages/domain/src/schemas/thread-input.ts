import { z } from 'zod';
import { THREAD_MESSAGE_MAX } from './thread.js';

// What the conversations API takes, and its words. Apart from the answers' schemas (thread.ts), which
// the site's islands read: the cms's English words stay out of the islands' bundles.

/** What the conversations API answers in words. */
export const THREAD_TEXT = {
  textRequired: 'Write a message',
  textTooLong: `A message may be at most ${THREAD_MESSAGE_MAX.toLocaleString('en')} characters`,
  enquiryNotFound: 'Enquiry not found',
  appointmentNotFound: 'Viewing not found',
  noSeekerAccount:
    'This was recorded for a client without an account on Fie Homes, so there is nobody to write to.',
  heldForApproval:
    'This message asks for money before a viewing, so a colleague must approve it before it is sent.',
  secondStaffMember: 'A second member of staff must approve this message: you wrote it.',
  messageNotFound: 'Message not found',
  notHeld: 'This message is not waiting for approval.',
  assigneeNotStaff: 'A thread can only be assigned to a member of staff.',
  assigneeNotFound: 'No member of staff has that id.',
} as const;

/** POST …/messages: the message's text. */
export const threadMessageSchema = z.strictObject(
  {
    text: z
      .string({ error: THREAD_TEXT.textRequired })
      .trim()
      .min(1, { error: THREAD_TEXT.textRequired })
      .max(THREAD_MESSAGE_MAX, { error: THREAD_TEXT.textTooLong }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'A message holds only its text'
        : 'Send the message as an object with its text',
  },
);
export type ThreadMessageInput = z.output<typeof threadMessageSchema>;

/** PUT /api/threads/:kind/:id: who on staff looks after the thread (a staff account's id), or null for nobody. */
export const threadAssignSchema = z.strictObject(
  {
    assignee: z
      .string({ error: 'The assignee must be an account id or null' })
      .trim()
      .min(1)
      .max(64)
      .nullable(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'Only the assignee can be changed'
        : 'Send the assignee as an object: {"assignee": "<staff account id>"} or {"assignee": null}',
  },
);

/** POST /api/threads/messages/:id/review: a second member of staff sends or declines a held message. */
export const threadReviewSchema = z.strictObject(
  {
    decision: z.enum(['send', 'decline'], { error: 'Choose send or decline' }),
  },
  { error: () => 'Send the decision as an object: {"decision": "send"} or {"decision": "decline"}' },
);
