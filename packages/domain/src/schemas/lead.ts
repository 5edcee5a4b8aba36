// Leads: a visitor pressed WhatsApp or Call on a property page (POST /api/leads), and the staff
// dashboard's summary of them (GET /api/leads/summary). A lead records the listing and the channel
// only: nothing about the visitor.
import { z } from 'zod';
import { MESSAGES } from '../messages.js';

export const LEAD_CHANNELS = ['whatsapp', 'call'] as const;
export type LeadChannel = (typeof LEAD_CHANNELS)[number];

/** The summary's default period, and the longest one it reads. */
export const LEAD_SUMMARY_DEFAULT_DAYS = 30;
export const LEAD_SUMMARY_MAX_DAYS = 365;
/** How many listings the summary ranks. */
export const LEAD_SUMMARY_TOP = 10;
/** Leads one network address may send in an hour (a shared mobile network counts as one address). */
export const LEADS_PER_ADDRESS_PER_HOUR = 30;

export const leadInputSchema = z.object({
  propertyId: z
    .string({ error: MESSAGES.leadPropertyRequired })
    .trim()
    .min(1, { error: MESSAGES.leadPropertyRequired })
    .max(64, { error: MESSAGES.propertyNotFound }),
  channel: z.enum(LEAD_CHANNELS, { error: MESSAGES.leadChannelInvalid }),
});
export type LeadInput = z.output<typeof leadInputSchema>;

export const leadSummaryQuerySchema = z.object({
  days: z.coerce
    .number({ error: MESSAGES.leadSummaryDaysInvalid })
    .int({ error: MESSAGES.leadSummaryDaysInvalid })
    .min(1, { error: MESSAGES.leadSummaryDaysInvalid })
    .max(LEAD_SUMMARY_MAX_DAYS, { error: MESSAGES.leadSummaryDaysInvalid })
    .default(LEAD_SUMMARY_DEFAULT_DAYS),
});

const count = z.number().int().min(0);
const byChannel = z.object({ whatsapp: count, call: count });

export const leadSummarySchema = z.object({
  days: z.number().int().min(1),
  /** The period's start (the platform's now minus `days`). */
  since: z.string(),
  total: count,
  byChannel,
  /** The listings with the most leads in the period, most first, with their counts per channel. */
  topListings: z.array(
    byChannel.extend({
      propertyId: z.string(),
      /** "House in Osu" while the listing exists; null once it is deleted. */
      title: z.string().nullable(),
      total: count,
    }),
  ),
});
export type LeadSummary = z.output<typeof leadSummarySchema>;
