// What a tenant pays before moving in: the advance, the agency fee on it and a registration fee.
// Without zod: the property page's calculator script imports it alone as '@fie/domain/move-in-cost'.
import { formatPrice, roundMoney } from './price-format.js';

/** The most months of advance a listing may state (landlords' asks run to two years). */
export const MAX_ADVANCE_MONTHS = 24;
/** The highest agency fee a listing may state, as a percentage of the advance. */
export const MAX_AGENCY_FEE_PERCENT = 20;
/** Months beyond which an advance exceeds the Rent Act 1963 (Act 220) limit. */
export const ACT_220_ADVANCE_LIMIT_MONTHS = 6;

export interface MoveInTerms {
  /** The rent of one month in GH₵ (a USD rent's GH₵ value at the reference rate, its priceGhs). */
  monthlyRentGhs: number;
  advanceMonths: number;
  /** Of the advance; none when the listing states none. */
  agencyFeePercent?: number | null;
  /** GH₵, non-refundable; none when the listing states none. */
  registrationFeeGhs?: number | null;
}

export interface MoveInCost {
  totalGhs: number;
  advanceGhs: number;
  agencyFeeGhs: number;
  registrationFeeGhs: number;
}

/**
 * The move-in cost in GH₵. Each part is rounded to the pesewa, as prices and fees are stored, and the
 * total is the sum of the rounded parts, so the parts shown always add up to the total shown.
 */
export function moveInCost(terms: MoveInTerms): MoveInCost {
  const advanceGhs = roundMoney(terms.monthlyRentGhs * terms.advanceMonths);
  const agencyFeeGhs = roundMoney((advanceGhs * (terms.agencyFeePercent ?? 0)) / 100);
  const registrationFeeGhs = roundMoney(terms.registrationFeeGhs ?? 0);
  return {
    totalGhs: roundMoney(advanceGhs + agencyFeeGhs + registrationFeeGhs),
    advanceGhs,
    agencyFeeGhs,
    registrationFeeGhs,
  };
}

/** "1 month's advance", "12 months' advance". */
export function advanceLabel(months: number): string {
  return months === 1 ? "1 month's advance" : `${months} months' advance`;
}

/** A GH₵ amount as every price shows ('GH₵26,900', 'GH₵84,814.28'). */
export function formatGhs(amount: number, locale?: string): string {
  return formatPrice(amount, 'GHS', locale);
}
