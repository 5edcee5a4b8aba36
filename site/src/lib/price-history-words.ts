import { formatPrice, parsePrice, type Language, type PriceHistoryEntry } from '@fie/domain';
import { fill, LANGUAGE_TAGS } from '../i18n';
import { accraDateIn } from '../i18n/dates';
import { PROPERTY } from '../i18n/property';

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
export function priceLines(
  history: readonly PriceHistoryEntry[] | undefined,
  language: Language = 'en',
): PriceLine[] {
  if (!history || history.length < 2) return [];
  const locale = LANGUAGE_TAGS[language].html;
  return history.slice(0, PRICE_HISTORY_SHOWN).map((h, i) => {
    const before = history[i + 1];
    return {
      date: accraDateIn(language, h.changedAt),
      ghs: formatPrice(h.priceGhs, 'GHS', locale),
      asked: h.currency === 'GHS' ? null : formatPrice(parsePrice(h.price)?.amount ?? 0, h.currency, locale),
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

/**
 * "Reduced by GH₵500 on 3 November 2026" in `language`: the API's reducedBy and reducedAt; null
 * without a reduction.
 */
export function reducedWords(
  p: { reducedBy?: number; reducedAt?: string },
  language: Language = 'en',
): string | null {
  if (typeof p.reducedBy !== 'number' || p.reducedBy <= 0) return null;
  const t = PROPERTY[language];
  const amount = formatPrice(p.reducedBy, 'GHS', LANGUAGE_TAGS[language].html);
  return p.reducedAt
    ? fill(t.reducedByOn, { amount, date: accraDateIn(language, p.reducedAt) })
    : fill(t.reducedBy, { amount });
}
