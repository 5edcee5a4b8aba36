import { differenceInCalendarDays } from 'date-fns';
import { accraDate, accraDay } from './accra-day';

/** What a property answer says of its freshness (older answers may lack it). */
export interface Freshness {
  availabilityConfirmedAt?: string | null;
  availabilityStatus?: 'confirmed' | 'unconfirmed';
  listed?: boolean;
}

export const UNCONFIRMED_WORDS = 'May no longer be available — ask us first';

/** Past this many days a confirmation names its date rather than counting days. */
const COUNT_DAYS_UP_TO = 21;

/**
 * "Availability confirmed today / yesterday / 3 days ago / on 2 October 2026", or the unconfirmed
 * warning; null when the answer says nothing of it. Rendered on the server at request time, from the
 * answer the page was rendered with (pages are the same for everyone).
 */
export function availabilityWords(
  p: Freshness,
  now: Date = new Date(),
): { text: string; tone: 'confirmed' | 'unconfirmed' } | null {
  if (p.availabilityStatus === 'unconfirmed') return { text: UNCONFIRMED_WORDS, tone: 'unconfirmed' };
  if (p.availabilityStatus !== 'confirmed' || !p.availabilityConfirmedAt) return null;
  const when = confirmedWhen(p.availabilityConfirmedAt, now);
  return when ? { text: `Availability confirmed ${when}`, tone: 'confirmed' } : null;
}

/** "today", "yesterday", "3 days ago", or "on 2 October 2026" past three weeks (Accra days); null for no date. */
export function confirmedWhen(
  iso: string | null | undefined,
  now: Date = new Date(),
  countUpTo = COUNT_DAYS_UP_TO,
) {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const days = Math.max(0, differenceInCalendarDays(accraDay(now), accraDay(at)));
  if (days === 0) return 'today';
  if (days === 1) return 'yesterday';
  return days <= countUpTo ? `${days} days ago` : `on ${accraDate(at)}`;
}

/** Whether the page should say the listing is out of the public listing (approved, but unconfirmed too long). */
export const hiddenFromListing = (p: Freshness & { approvalStatus?: string }) =>
  p.listed === false && p.approvalStatus === 'approved';
