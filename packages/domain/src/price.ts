import { z } from 'zod';
import { CURRENCY_SYMBOLS, type Currency } from './enums.js';
import { MESSAGES } from './messages.js';
import { roundMoney } from './price-format.js';

// Below a billion in either currency: beyond any property we list, and the GH₵ equivalent of a USD
// price at any plausible rate still fits the database's decimal(14,2) price columns.
export const MAX_PRICE_AMOUNT = 999_999_999;

export interface ParsedPrice {
  amount: number;
  currency?: Currency;
}

// GH₵ is the cedi sign; GH¢ (cent sign) and GHC are what keyboards without ₵ produce.
const GHS_MARK = /^(GH₵|GH¢|GHS|GHC|₵)|(GH₵|GH¢|GHS|GHC|₵)$/i;
const USD_MARK = /^(US\$|\$|USD)|(\$|USD)$/i;
const PLAIN_AMOUNT = /^\d+(\.\d+)?$/;

export function parsePrice(input: string | number): ParsedPrice | null {
  if (typeof input === 'number') {
    return Number.isFinite(input) && input >= 0 ? { amount: input } : null;
  }
  if (typeof input !== 'string') return null;
  let rest = input.replace(/\s+/g, '');
  let currency: Currency | undefined;
  if (GHS_MARK.test(rest)) {
    currency = 'GHS';
    rest = rest.replace(GHS_MARK, '');
  }
  if (USD_MARK.test(rest)) {
    // "$GH₵100" names two currencies: refuse rather than guess.
    if (currency) return null;
    currency = 'USD';
    rest = rest.replace(USD_MARK, '');
  }
  rest = rest.replace(/,/g, '');
  if (!PLAIN_AMOUNT.test(rest)) return null;
  const amount = Number(rest);
  if (!Number.isFinite(amount)) return null;
  return currency ? { amount, currency } : { amount };
}

// Rounding and formatting live in a module without zod, for the site's small browser scripts.
export { formatPrice, roundMoney } from './price-format.js';

// The API stores and sends prices as the symbol followed by the bare number: '$1200', 'GH₵850.5'.
export function priceForApi(amount: number, currency: Currency = 'USD'): string {
  return `${CURRENCY_SYMBOLS[currency]}${roundMoney(amount)}`;
}

export function toGhs(amount: number, currency: Currency, usdToGhsRate: number): number {
  if (currency === 'GHS') return roundMoney(amount);
  if (!Number.isFinite(usdToGhsRate) || usdToGhsRate <= 0) {
    throw new RangeError(`USD to GHS rate must be a positive number, got ${usdToGhsRate}`);
  }
  return roundMoney(amount * usdToGhsRate);
}

// Accepts what clients' price fields send: a number, or text such as '$1,200' or 'GH₵ 850'.
export const priceInputSchema = z
  .union([z.number(), z.string()], {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? MESSAGES.priceRequired : MESSAGES.priceNotNumber,
  })
  .transform((value, ctx): ParsedPrice => {
    if (typeof value === 'string' && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: MESSAGES.priceRequired, input: value });
      return z.NEVER;
    }
    const parsed = parsePrice(value);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.priceNotNumber, input: value });
      return z.NEVER;
    }
    if (parsed.amount > MAX_PRICE_AMOUNT) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.priceTooLarge, input: value });
      return z.NEVER;
    }
    return parsed;
  });
