// Money rounding and display, without zod: the site's browser scripts import this alone.
import { CURRENCY_SYMBOLS, type Currency } from './enums.js';

export function roundMoney(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

// Whole amounts show no decimals ('$1,200'); others always show two ('$1,200.50'). The symbol comes
// first in every language (GH₵ is how Ghana writes prices); `locale` groups the digits as the
// reader's language does ('GH₵26 900' in French, 'GH₵26.900' in Spanish).
export function formatPrice(amount: number, currency: Currency = 'USD', locale = 'en-US'): string {
  const rounded = roundMoney(Math.abs(amount));
  const digits = Number.isInteger(rounded) ? 0 : 2;
  const text = rounded.toLocaleString(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return `${amount < 0 ? '-' : ''}${CURRENCY_SYMBOLS[currency]}${text}`;
}
