import { describe, expect, it } from 'vitest';
import {
  priceHistoryEntrySchema,
  priceReduction,
  propertySchema,
  REDUCED_WINDOW_DAYS,
  type PriceChange,
} from '../src/index.js';

const DAY = 86_400_000;
const NOW = new Date('2026-11-26T12:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY);

/** A history from its first price: each step is [days ago, new GH₵ value]. */
function history(first: [number, number], ...steps: [number, number][]): PriceChange[] {
  const changes: PriceChange[] = [{ oldPriceGhs: null, priceGhs: first[1], changedAt: daysAgo(first[0]) }];
  for (const [ago, price] of steps)
    changes.push({ oldPriceGhs: changes.at(-1)!.priceGhs, priceGhs: price, changedAt: daysAgo(ago) });
  return changes;
}

describe('priceReduction', () => {
  it('a cut within the window is a reduction from the price it cut, dated by the cut', () => {
    expect(priceReduction(history([100, 4000], [3, 3500]), NOW)).toEqual({
      reducedBy: 500,
      reducedAt: daysAgo(3),
    });
  });

  it('a raise is not a reduction, and neither is a first price', () => {
    expect(priceReduction(history([100, 3500], [3, 4000]), NOW)).toBeNull();
    expect(priceReduction(history([1, 3500]), NOW)).toBeNull();
    expect(priceReduction([], NOW)).toBeNull();
  });

  it('a cut then a raise back (or above) leaves no reduction; a partial raise leaves the rest', () => {
    expect(priceReduction(history([100, 4000], [10, 3000], [2, 4000]), NOW)).toBeNull();
    expect(priceReduction(history([100, 4000], [10, 3000], [2, 4200]), NOW)).toBeNull();
    expect(priceReduction(history([100, 4000], [10, 3000], [2, 3600]), NOW)).toEqual({
      reducedBy: 400,
      reducedAt: daysAgo(10),
    });
  });

  it('measures from the highest price of the window, over several cuts, dated by the latest', () => {
    expect(priceReduction(history([100, 5000], [20, 4500], [5, 4000]), NOW)).toEqual({
      reducedBy: 1000,
      reducedAt: daysAgo(5),
    });
    // A raise inside the window, then a cut: from the raised price.
    expect(priceReduction(history([100, 3000], [20, 4000], [5, 3500]), NOW)).toEqual({
      reducedBy: 500,
      reducedAt: daysAgo(5),
    });
  });

  it('a cut ends being a reduction once the dearer price is older than the window', () => {
    const cut = history([100, 4000], [REDUCED_WINDOW_DAYS - 1, 3000]);
    expect(priceReduction(cut, NOW)?.reducedBy).toBe(1000);
    // The same history a day and a bit later: the 4000 was last asked more than 30 days ago.
    expect(priceReduction(cut, new Date(NOW.getTime() + 1.5 * DAY))).toBeNull();
    // Exactly at the window's edge it has gone.
    expect(priceReduction(history([100, 4000], [REDUCED_WINDOW_DAYS, 3000]), NOW)).toBeNull();
    // Of two cuts, only the part still inside the window counts: 4000 was in force when it opened.
    expect(priceReduction(history([100, 5000], [40, 4000], [5, 3000]), NOW)).toEqual({
      reducedBy: 1000,
      reducedAt: daysAgo(5),
    });
  });

  it('compares GH₵ values across currency changes', () => {
    // GH₵ 3,000 to US$ 200 at 12: GH₵ 2,400, a reduction of 600.
    expect(priceReduction(history([100, 3000], [4, 2400]), NOW)?.reducedBy).toBe(600);
    // GH₵ 3,000 to US$ 250 at 12 is the same price: no reduction.
    expect(priceReduction(history([100, 3000], [4, 3000]), NOW)).toBeNull();
  });

  it('a listing older than its history had the first change old price until then', () => {
    const legacy: PriceChange[] = [{ oldPriceGhs: 2800, priceGhs: 2500, changedAt: daysAgo(2) }];
    expect(priceReduction(legacy, NOW)).toEqual({ reducedBy: 300, reducedAt: daysAgo(2) });
  });

  it('rounds to the pesewa', () => {
    expect(priceReduction(history([100, 1000.1], [1, 1000]), NOW)?.reducedBy).toBe(0.1);
  });
});

describe('priceHistory in the property answer', () => {
  it('takes entries shaped like the property price, and refuses others', () => {
    const entry = { price: 'GH₵3500', currency: 'GHS', priceGhs: 3500, changedAt: NOW.toISOString() };
    expect(priceHistoryEntrySchema.parse(entry)).toEqual(entry);
    expect(priceHistoryEntrySchema.safeParse({ ...entry, currency: 'EUR' }).success).toBe(false);
    expect(propertySchema.shape.priceHistory.safeParse([entry]).success).toBe(true);
    expect(propertySchema.shape.reducedBy.safeParse(undefined).success).toBe(true);
  });
});
