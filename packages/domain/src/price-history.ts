// A listing's price history and the "reduced" rule. Pure functions with "now" passed in, so the cms
// (on every price change and in its daily sweep) and the tests read one copy of the rule.
import { z } from 'zod';
import { CURRENCIES } from './enums.js';
import { roundMoney } from './price-format.js';
import { DAY_MS } from './constants.js';

/** How many of a listing's price changes its answer carries, newest first. */
export const PRICE_HISTORY_MAX = 20;
/** A cut counts as a reduction while the dearer price it cut from was asked within this many days. */
export const REDUCED_WINDOW_DAYS = 30;

/** One price a listing was given, as GET /api/products/:id answers it (`price` as the property's own `price`). */
export const priceHistoryEntrySchema = z.object({
  price: z.string(),
  currency: z.enum(CURRENCIES),
  priceGhs: z.number(),
  changedAt: z.string(),
});
export type PriceHistoryEntry = z.output<typeof priceHistoryEntrySchema>;

/**
 * One recorded change: the GH₵ value of the price before it (null for the listing's first price) and
 * of the new price, both as they were when it was made.
 */
export interface PriceChange {
  oldPriceGhs: number | null;
  priceGhs: number;
  changedAt: Date | string;
}

export interface PriceReduction {
  /** GH₵ from the highest price asked in the window to today's. */
  reducedBy: number;
  /** When the latest cut was made. */
  reducedAt: Date;
}

/**
 * The drop from the highest price of the last `windowDays` to today's, when there is one; null
 * otherwise. Today's price is the newest change's: GH₵ values are taken as recorded at each change, so
 * a new USD rate alone never reads as a cut (nor hides one). The price in force when the window opened
 * counts too (a cut made 10 days ago from a price asked for a year is a reduction), and a listing
 * older than its history is taken to have asked its first change's old price until then.
 */
export function priceReduction(
  changes: readonly PriceChange[],
  now: Date,
  windowDays: number = REDUCED_WINDOW_DAYS,
): PriceReduction | null {
  const ordered = changes
    .map((c, i) => ({ ...c, t: new Date(c.changedAt).getTime(), i }))
    .sort((a, b) => a.t - b.t || a.i - b.i);
  if (ordered.length === 0) return null;
  const windowStart = now.getTime() - windowDays * DAY_MS;
  let highest = -Infinity;
  let previous = ordered[0]!.oldPriceGhs;
  let reducedAt: Date | null = null;
  // In force when the window opened: the last change before it, or the price before the first one.
  const opening = ordered.filter((c) => c.t <= windowStart).at(-1);
  const inForce = opening ? opening.priceGhs : ordered[0]!.oldPriceGhs;
  if (inForce !== null) highest = inForce;
  for (const c of ordered) {
    if (c.t > windowStart) {
      highest = Math.max(highest, c.priceGhs);
      if (previous !== null && c.priceGhs < previous) reducedAt = new Date(c.t);
    }
    previous = c.priceGhs;
  }
  const today = ordered.at(-1)!.priceGhs;
  const drop = roundMoney(highest - today);
  return drop > 0 && reducedAt ? { reducedBy: drop, reducedAt } : null;
}
