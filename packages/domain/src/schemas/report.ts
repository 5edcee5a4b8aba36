import { z } from 'zod';
import { choice, tooLong } from './fields.js';
import { MESSAGES } from '../messages.js';
import {
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_DECISIONS,
  REPORT_NOTE_MAX,
} from '../report-words.js';

// The words and limits live in a module without zod (the property page's small script imports it).
export * from '../report-words.js';

/** POST /api/products/:id/reports: why, and optionally what the visitor saw. Nothing else. */
export const reportCreateSchema = z.strictObject(
  {
    reason: choice(REPORT_REASONS, MESSAGES.fieldReason, MESSAGES.reportReasonRequired),
    details: z
      .string({ error: 'Details must be text' })
      .trim()
      .max(REPORT_DETAILS_MAX, { error: tooLong(REPORT_DETAILS_MAX, MESSAGES.fieldDetails) })
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'A report holds only a reason and details'
        : 'Send the report as an object with a reason',
  },
);
export type ReportCreateInput = z.output<typeof reportCreateSchema>;

/** PUT /api/reports/:id: staff resolve or dismiss a report, with an optional note. */
export const reportUpdateSchema = z.strictObject(
  {
    status: choice(REPORT_DECISIONS, 'Status', 'Choose resolved or dismissed'),
    note: z
      .string({ error: 'The note must be text' })
      .trim()
      .max(REPORT_NOTE_MAX, { error: `The note must be at most ${REPORT_NOTE_MAX} characters` })
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'Only status and note can be changed'
        : 'Send the change as an object with a status',
  },
);
export type ReportUpdateInput = z.output<typeof reportUpdateSchema>;

/** A report as the staff list reads it. */
export const reportSchema = z.object({
  _id: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  note: z.string().nullable(),
  /** Whether the visitor was signed in (their address, for staff to reply to). */
  reporterEmail: z.string().nullable(),
  createdAt: z.string(),
  actedAt: z.string().nullable(),
  actedByEmail: z.string().nullable(),
  /** The listing, as the screen names and links it; null fields once it is deleted. */
  property: z.object({
    _id: z.string(),
    propertyType: z.string().nullable(),
    location: z.string().nullable(),
    label: z.string().nullable(),
    /** False once the listing is unapproved or deleted. */
    listed: z.boolean(),
  }),
});
export type Report = z.output<typeof reportSchema>;
export const reportListSchema = z.array(reportSchema);
