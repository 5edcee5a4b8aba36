// How fast staff answer: the time from a seeker's first message in a conversation to the first reply
// from staff, counting working hours only (a message sent on Friday evening and answered on Monday at
// 08:30 waited 30 minutes of the office's time). Africa/Accra keeps UTC all year, so the office's
// hours are UTC hours.

/** Which days the office answers. */
export const WORKING_DAYS = ['mon-fri', 'mon-sat', 'every-day'] as const;
export type WorkingDays = (typeof WORKING_DAYS)[number];

export interface WorkingHours {
  /** The hour the office opens (0-23) and closes (1-24), Accra time. */
  start: number;
  end: number;
  days: WorkingDays;
}

export const WORKING_HOURS_DEFAULTS: WorkingHours = { start: 8, end: 17, days: 'mon-fri' };

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

function isWorkingDay(weekday: number, days: WorkingDays): boolean {
  if (days === 'every-day') return true;
  if (weekday === 0) return false;
  return days === 'mon-sat' || weekday !== 6;
}

/** The working time between two instants, in milliseconds (0 when `to` is not after `from`). */
export function workingMillisBetween(from: Date, to: Date, hours: WorkingHours): number {
  const a = from.getTime();
  const b = to.getTime();
  if (!(b > a) || hours.end <= hours.start) return 0;
  let total = 0;
  // Day by day from the day `from` falls on; a reply waits days, not years, but the loop is bounded.
  for (let day = Math.floor(a / DAY_MS) * DAY_MS, n = 0; day < b && n < 3660; day += DAY_MS, n++) {
    if (!isWorkingDay(new Date(day).getUTCDay(), hours.days)) continue;
    const open = day + hours.start * HOUR_MS;
    const close = day + hours.end * HOUR_MS;
    total += Math.max(0, Math.min(b, close) - Math.max(a, open));
  }
  return total;
}

/** The median of some numbers (the mean of the middle two when there is an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Replies needed in the period before a median is shown to the public (a few replies say little). */
export const RESPONSE_TIME_MIN_REPLIES = 5;
/** The period the median is taken over, in days. */
export const RESPONSE_TIME_DAYS = 30;
