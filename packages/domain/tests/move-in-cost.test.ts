import { describe, expect, it } from 'vitest';
import { advanceLabel, formatGhs, moveInCost, toGhs } from '../src/index.js';

describe('moveInCost', () => {
  it('adds the advance, the agency fee on it and the registration fee (GH₵ 2,000 a month)', () => {
    expect(
      moveInCost({ monthlyRentGhs: 2000, advanceMonths: 12, agencyFeePercent: 10, registrationFeeGhs: 500 }),
    ).toEqual({ totalGhs: 26_900, advanceGhs: 24_000, agencyFeeGhs: 2_400, registrationFeeGhs: 500 });
  });

  it('uses the GH₵ value of a USD rent and keeps pesewas, the parts adding up to the total', () => {
    // $850 a month at GH₵ 15.47 to $1 is GH₵ 13,149.50 a month.
    const monthlyRentGhs = toGhs(850, 'USD', 15.47);
    expect(monthlyRentGhs).toBe(13_149.5);
    const cost = moveInCost({ monthlyRentGhs, advanceMonths: 6, agencyFeePercent: 7.5 });
    expect(cost).toEqual({
      totalGhs: 84_814.28,
      advanceGhs: 78_897,
      agencyFeeGhs: 5_917.28,
      registrationFeeGhs: 0,
    });
    expect(cost.advanceGhs + cost.agencyFeeGhs + cost.registrationFeeGhs).toBeCloseTo(cost.totalGhs, 6);
  });

  it('with no advance asked, only the registration fee is due', () => {
    expect(
      moveInCost({ monthlyRentGhs: 3500, advanceMonths: 0, agencyFeePercent: 10, registrationFeeGhs: 150 }),
    ).toEqual({ totalGhs: 150, advanceGhs: 0, agencyFeeGhs: 0, registrationFeeGhs: 150 });
  });

  it('treats fees that are not stated as none', () => {
    expect(
      moveInCost({
        monthlyRentGhs: 3000,
        advanceMonths: 24,
        agencyFeePercent: null,
        registrationFeeGhs: null,
      }),
    ).toEqual({ totalGhs: 72_000, advanceGhs: 72_000, agencyFeeGhs: 0, registrationFeeGhs: 0 });
  });

  it('tells GH₵ 3,000 with 24 months from GH₵ 3,500 with 6: the cheaper rent costs more to move in', () => {
    const long = moveInCost({ monthlyRentGhs: 3000, advanceMonths: 24 });
    const short = moveInCost({ monthlyRentGhs: 3500, advanceMonths: 6 });
    expect(long.totalGhs).toBe(72_000);
    expect(short.totalGhs).toBe(21_000);
  });
});

describe('advanceLabel', () => {
  it('names the months, singular and plural', () => {
    expect(advanceLabel(1)).toBe("1 month's advance");
    expect(advanceLabel(12)).toBe("12 months' advance");
    expect(advanceLabel(0)).toBe("0 months' advance");
  });
});

describe('formatGhs', () => {
  it('writes cedis as prices are written, pesewas only when there are some', () => {
    expect(formatGhs(26_900)).toBe('GH₵26,900');
    expect(formatGhs(84_814.28)).toBe('GH₵84,814.28');
  });
});
