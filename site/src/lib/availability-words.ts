import { differenceInCalendarDays } from 'date-fns';
import { fill, type Language } from '@fie/domain';
import { accraDate, accraDay } from './accra-day';
import { CARDS } from '../i18n/cards';
import { accraDateIn } from '../i18n/dates';

/** What a property answer says of its freshness (older answers may lack it). */
export interface Freshness {
  availabilityConfirmedAt?: string | null;
  availabilityStatus?: 'confirmed' | 'unconfirmed';
  listed?: boolean;
}

export const UNCONFIRMED_WORDS = CARDS.en.unconfirmed;

/** Past this many days a confirmation names its date rather than counting days. */
const COUNT_DAYS_UP_TO = 21;

/**
 * "Availability confirmed today / yesterday / 3 days ago / on 2 October 2026" in `language`, or the
 * unconfirmed warning; null when the answer says nothing of it. Rendered on the server at request time,
 * from the answer the page was rendered with (pages are the same for everyone).
 */
export function availabilityWords(
  p: Freshness,
  now: Date = new Date(),
  language: Language = 'en',
): { text: string; tone: 'confirmed' | 'unconfirmed' } | null {
  const t = CARDS[language];
  if (p.availabilityStatus === 'unconfirmed') return { text: t.unconfirmed, tone: 'unconfirmed' };
  if (p.availabilityStatus !== 'confirmed') return null;
  const at = instant(p.availabilityConfirmedAt);
  if (!at) return null;
  const days = daysSince(at, now);
  const text =
    days === 0
      ? t.confirmedToday
      : days === 1
        ? t.confirmedYesterday
        : days <= COUNT_DAYS_UP_TO
          ? fill(t.confirmedDaysAgo, { count: days })
          : fill(t.confirmedOn, { date: accraDateIn(language, at) });
  return { text, tone: 'confirmed' };
}

const instant = (iso: string | null | undefined) => {
  const at = iso ? new Date(iso) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
};

/** Whole Accra calendar days from `at` to `now` (never below 0). */
const daysSince = (at: Date, now: Date) => Math.max(0, differenceInCalendarDays(accraDay(now), accraDay(at)));

/**
 * The back-office's English: "today", "yesterday", "3 days ago", or "on 2 October 2026" past
 * `countUpTo` days (Accra days); null for no date.
 */
export function confirmedWhen(
  iso: string | null | undefined,
  now: Date = new Date(),
  countUpTo = COUNT_DAYS_UP_TO,
) {
  const at = instant(iso);
  if (!at) return null;
  const days = daysSince(at, now);
  if (days === 0) return 'today';
  if (days === 1) return 'yesterday';
  return days <= countUpTo ? `${days} days ago` : `on ${accraDate(at)}`;
}

/** Whether the page should say the listing is out of the public listing (approved, but unconfirmed too long). */
export const hiddenFromListing = (p: Freshness & { approvalStatus?: string }) =>
  p.listed === false && p.approvalStatus === 'approved';
