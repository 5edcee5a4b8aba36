// Fresh listings: staff confirm that a listing is still available. Past `staleAfterDays` without a
// confirmation a listing reads as unconfirmed ("May no longer be available"); past `hideAfterDays` it
// leaves the public listing, searches, alerts and the sitemap until staff confirm it again. Enough
// open "already let" reports read as unconfirmed too. Pure functions with "now" passed in.
import { z } from 'zod';
import { boundedWholeNumber } from './bounded-number.js';
import { paginatedSchema } from './schemas/responses.js';
import { DAY_MS } from './constants.js';

/** The two numbers of the rule, as the system settings hold them. */
export interface AvailabilityRule {
  staleAfterDays: number;
  hideAfterDays: number;
}

export const AVAILABILITY_DEFAULTS: Readonly<AvailabilityRule> = Object.freeze({
  staleAfterDays: 30,
  hideAfterDays: 60,
});

/** Open "already let" reports since the last confirmation that read as unconfirmed. */
export const LET_REPORTS_UNCONFIRMED = 3;

/** What the settings accept: at least a week before a listing reads as unconfirmed, at most a year before it leaves. */
export const AVAILABILITY_BOUNDS: Readonly<
  Record<keyof AvailabilityRule, { min: number; max: number; label: string }>
> = Object.freeze({
  staleAfterDays: { min: 7, max: 180, label: 'Unconfirmed after (days)' },
  hideAfterDays: { min: 8, max: 365, label: 'Hidden from the listing after (days)' },
});

export const AVAILABILITY_ORDER_MESSAGE =
  'Hidden from the listing after (days) must be more than Unconfirmed after (days).';

/** The numbers alone (each optional in an update; the order is checked against the saved ones by the cms). */
export const availabilityRuleFields = {
  staleAfterDays: boundedWholeNumber(AVAILABILITY_BOUNDS.staleAfterDays),
  hideAfterDays: boundedWholeNumber(AVAILABILITY_BOUNDS.hideAfterDays),
};

/** Whether a rule keeps its order (a listing is unconfirmed before it is hidden). */
export const availabilityRuleInOrder = (r: AvailabilityRule): boolean => r.hideAfterDays > r.staleAfterDays;

/**
 * The order as a zod refinement, for every schema holding both days (`.refine(...availabilityOrder)`);
 * with one of them missing (an update of the other) it passes, and the cms checks the saved one.
 */
export const availabilityOrder: [
  (v: Partial<AvailabilityRule>) => boolean,
  { error: string; path: (keyof AvailabilityRule)[] },
] = [
  (v) =>
    v.staleAfterDays === undefined ||
    v.hideAfterDays === undefined ||
    availabilityRuleInOrder(v as AvailabilityRule),
  { error: AVAILABILITY_ORDER_MESSAGE, path: ['hideAfterDays'] },
];

export const AVAILABILITY_STATUSES = ['confirmed', 'unconfirmed'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

/**
 * confirmed or unconfirmed at `now`: unconfirmed when the last confirmation is more than
 * `staleAfterDays` old (or missing), or when enough "already let" reports are open.
 */
export function availabilityStatus({
  confirmedAt,
  openLetReports = 0,
  rule,
  now,
}: {
  confirmedAt: Date | string | null | undefined;
  openLetReports?: number | null;
  rule: AvailabilityRule;
  now: Date;
}): AvailabilityStatus {
  if ((openLetReports ?? 0) >= LET_REPORTS_UNCONFIRMED) return 'unconfirmed';
  if (!confirmedAt) return 'unconfirmed';
  const at = new Date(confirmedAt).getTime();
  if (!Number.isFinite(at)) return 'unconfirmed';
  return at < unconfirmedBefore(rule, now).getTime() ? 'unconfirmed' : 'confirmed';
}

/** Listings last confirmed before this instant read as unconfirmed at `now`. */
export const unconfirmedBefore = (rule: AvailabilityRule, now: Date): Date =>
  new Date(now.getTime() - rule.staleAfterDays * DAY_MS);

/** Listings last confirmed before this instant are hidden from the listing at `now` (the sweep's rule). */
export const hiddenBefore = (rule: AvailabilityRule, now: Date): Date =>
  new Date(now.getTime() - rule.hideAfterDays * DAY_MS);

/** The words of the rule, for the settings screen and the audit trail. */
export const availabilityRuleText = (r: AvailabilityRule): string =>
  `listings unconfirmed after ${r.staleAfterDays} days, hidden after ${r.hideAfterDays} days`;

/** One row of GET /api/products/needs-confirming (staff). */
export const needsConfirmingItemSchema = z.object({
  _id: z.string(),
  location: z.string(),
  propertyType: z.string(),
  leaseType: z.string(),
  price: z.string(),
  availabilityConfirmedAt: z.string().nullable(),
  availabilityStatus: z.enum(AVAILABILITY_STATUSES),
  /** false: out of the public listing until confirmed. */
  listed: z.boolean(),
  openLetReports: z.number().int().min(0),
});
export type NeedsConfirmingItem = z.output<typeof needsConfirmingItemSchema>;

/** GET /api/products/needs-confirming: oldest confirmation first, with the totals. */
export const needsConfirmingPageSchema = paginatedSchema(needsConfirmingItemSchema);
export type NeedsConfirmingPage = z.output<typeof needsConfirmingPageSchema>;
