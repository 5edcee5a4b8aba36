// The no-show rule: a seeker who misses `noShowLimit` viewings within `noShowWindowDays` cannot book
// for `noShowPauseDays`, counted from the day of the missed viewing that reached the limit. Pure
// functions with "now" passed in; Africa/Accra is UTC+0 with no daylight saving (see calendar.ts), so
// an Accra calendar day is the UTC one.
import { z } from 'zod';
import { DAY_MS } from './constants.js';
import { boundedWholeNumber } from './bounded-number.js';

/** The three numbers of the rule, as the system settings hold them. */
export interface NoShowRule {
  noShowLimit: number;
  noShowWindowDays: number;
  noShowPauseDays: number;
}

export const NO_SHOW_DEFAULTS: Readonly<NoShowRule> = Object.freeze({
  noShowLimit: 2,
  noShowWindowDays: 90,
  noShowPauseDays: 30,
});

/** What the settings accept: a limit of 1 would pause on a single miss; more than a year is not a pause. */
export const NO_SHOW_BOUNDS: Readonly<Record<keyof NoShowRule, { min: number; max: number; label: string }>> =
  Object.freeze({
    noShowLimit: { min: 1, max: 10, label: 'Missed viewings before a pause' },
    noShowWindowDays: { min: 1, max: 365, label: 'Counted within (days)' },
    noShowPauseDays: { min: 1, max: 365, label: 'Booking paused for (days)' },
  });

export const noShowRuleSchema = z.object({
  noShowLimit: boundedWholeNumber(NO_SHOW_BOUNDS.noShowLimit),
  noShowWindowDays: boundedWholeNumber(NO_SHOW_BOUNDS.noShowWindowDays),
  noShowPauseDays: boundedWholeNumber(NO_SHOW_BOUNDS.noShowPauseDays),
});

/** The start (00:00 Accra) of the calendar day of `instant`. */
function dayStart(instant: Date): number {
  return Math.floor(instant.getTime() / DAY_MS) * DAY_MS;
}

/**
 * Until when the seeker may not book (the first instant they may book again, 00:00 Accra of that day),
 * or null when they may book now. `noShows` are the starts of the viewings they missed; those up to
 * `liftedAt` (staff lifted an earlier restriction) no longer count. A restriction starts with every
 * missed viewing that is the `noShowLimit`-th within `noShowWindowDays` calendar days (inclusive),
 * so a seeker who keeps missing viewings is paused again.
 */
export function bookingRestrictedUntil({
  noShows,
  rule,
  liftedAt = null,
  now,
}: {
  noShows: readonly Date[];
  rule: NoShowRule;
  liftedAt?: Date | null;
  now: Date;
}): Date | null {
  const days = noShows
    .filter((d) => !liftedAt || d.getTime() > liftedAt.getTime())
    .map(dayStart)
    .sort((a, b) => a - b);
  let until: number | null = null;
  for (let i = rule.noShowLimit - 1; i < days.length; i += 1) {
    const first = days[i - rule.noShowLimit + 1]!;
    const last = days[i]!;
    if (last - first > rule.noShowWindowDays * DAY_MS) continue;
    const end = last + rule.noShowPauseDays * DAY_MS;
    if (end > now.getTime() && (until === null || end > until)) until = end;
  }
  return until === null ? null : new Date(until);
}

/** How far back a missed viewing can still matter at `now`: the window and the pause, plus a day for rounding. */
export function noShowLookback(rule: NoShowRule, now: Date): Date {
  return new Date(dayStart(now) - (rule.noShowWindowDays + rule.noShowPauseDays + 1) * DAY_MS);
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "Monday 14 December 2026": the Accra calendar day of `instant`. */
export function accraDayLabel(instant: Date): string {
  const d = new Date(dayStart(instant));
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "2 days", "1 day". */
export const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 missed viewings within 90 days pause booking for 30 days": the rule in words (terms, settings). */
export function noShowRuleText(rule: NoShowRule): string {
  return `${countOf(rule.noShowLimit, 'missed viewing', 'missed viewings')} within ${countOf(rule.noShowWindowDays, 'day', 'days')} pause${rule.noShowLimit === 1 ? 's' : ''} booking for ${countOf(rule.noShowPauseDays, 'day', 'days')}`;
}

/** GET /api/appointments/booking-restriction: the signed-in account's own restriction. */
export const bookingRestrictionSchema = z.object({
  restricted: z.boolean(),
  /** The first instant they may book again (00:00 Accra), or null. */
  restrictedUntil: z.string().nullable(),
  /** The same day as a calendar date, yyyy-MM-dd, or null. */
  bookableFrom: z.string().nullable(),
  /** What the booking would answer, or null. */
  message: z.string().nullable(),
  rule: noShowRuleSchema,
});
export type BookingRestriction = z.output<typeof bookingRestrictionSchema>;
