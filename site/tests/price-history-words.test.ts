import { describe, expect, it } from 'vitest';
import type { PriceHistoryEntry } from '@fie/domain';
import { priceLines, PRICE_HISTORY_SHOWN, reducedWords } from '../src/lib/price-history-words';

const entry = (
  price: string,
  currency: 'GHS' | 'USD',
  priceGhs: number,
  changedAt: string,
): PriceHistoryEntry => ({
  price,
  currency,
  priceGhs,
  changedAt,
});
// Newest first, as the API answers it.
const history = [
  entry('$200', 'USD', 2400, '2026-11-20T23:30:00Z'),
  entry('GH₵3500', 'GHS', 3500, '2026-11-02T09:00:00Z'),
  entry('GH₵3000', 'GHS', 3000, '2026-10-01T09:00:00Z'),
];

describe('priceLines', () => {
  it('lists GH₵ first, the dollar price beside it, Accra dates and the direction of each change', () => {
    expect(priceLines(history)).toEqual([
      { date: '20 November 2026', ghs: 'GH₵2,400', asked: '$200', direction: 'down' },
      { date: '2 November 2026', ghs: 'GH₵3,500', asked: null, direction: 'up' },
      { date: '1 October 2026', ghs: 'GH₵3,000', asked: null, direction: 'first' },
    ]);
  });

  it('says nothing of a listing that only ever had one price, and keeps the list short', () => {
    expect(priceLines([history[2]!])).toEqual([]);
    expect(priceLines(undefined)).toEqual([]);
    const long = Array.from({ length: 9 }, (_, i) =>
      entry(`GH₵${1000 + i}`, 'GHS', 1000 + i, `2026-11-0${9 - i}T12:00:00Z`),
    );
    expect(priceLines(long)).toHaveLength(PRICE_HISTORY_SHOWN);
  });
});

describe('reducedWords', () => {
  it("dates the reduction by the API's reducedAt, in Accra (23:30 UTC is still that day there)", () => {
    expect(reducedWords({ reducedBy: 1100, reducedAt: '2026-11-20T23:30:00Z' })).toBe(
      'Reduced by GH₵1,100 on 20 November 2026',
    );
    expect(reducedWords({ reducedBy: 1100 })).toBe('Reduced by GH₵1,100');
  });
  it('is null without a reduction', () => {
    expect(reducedWords({ reducedAt: '2026-11-20T23:30:00Z' })).toBeNull();
    expect(reducedWords({ reducedBy: 0, reducedAt: '2026-11-20T23:30:00Z' })).toBeNull();
  });
});
