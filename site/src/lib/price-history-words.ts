import { formatPrice, parsePrice, type PriceHistoryEntry } from '@fie/domain';
import { accraDate } from './accra-day';

/** How many of a listing's prices its page lists. */
export const PRICE_HISTORY_SHOWN = 5;

/** One line of the page's price history: GH₵ first, the price as asked when it was in dollars. */
export interface PriceLine {
  date: string;
  ghs: string;
  asked: string | null;
  direction: 'down' | 'up' | 'first' | 'same';
}

/**
 * The newest prices as the page lists them (newest first); `direction` compares each with the one
 * before it in GH₵. Nothing when the listing has only ever had one price.
 */
export function priceLines(history: readonly PriceHistoryEntry[] | undefined): PriceLine[] {
  if (!history || history.length < 2) return [];
  return history.slice(0, PRICE_HISTORY_SHOWN).map((h, i) => {
    const before = history[i + 1];
    return {
      date: accraDate(h.changedAt),
      ghs: formatPrice(h.priceGhs, 'GHS'),
      asked: h.currency === 'GHS' ? null : formatPrice(parsePrice(h.price)?.amount ?? 0, h.currency),
      direction: !before
        ? 'first'
        : h.priceGhs < before.priceGhs
          ? 'down'
          : h.priceGhs > before.priceGhs
            ? 'up'
            : 'same',
    };
  });
}

/** "Reduced by GH₵500 on 3 November 2026": the API's reducedBy and reducedAt; null without a reduction. */
export function reducedWords(p: { reducedBy?: number; reducedAt?: string }): string | null {
  if (typeof p.reducedBy !== 'number' || p.reducedBy <= 0) return null;
  const amount = `Reduced by ${formatPrice(p.reducedBy, 'GHS')}`;
  return p.reducedAt ? `${amount} on ${accraDate(p.reducedAt)}` : amount;
}
