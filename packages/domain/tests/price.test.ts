import { describe, expect, it } from 'vitest';
import { formatPrice, MESSAGES, parsePrice, priceForApi, priceInputSchema, toGhs } from '../src/index.js';
import { messageAt, parsed } from './helpers.js';

describe('parsePrice', () => {
  it('reads cedi prices with the GH₵ symbol and thousands separators', () => {
    expect(parsePrice('GH₵1,200')).toEqual({ amount: 1200, currency: 'GHS' });
  });

  it('reads dollar prices with a space and decimals', () => {
    expect(parsePrice('$ 1,200.50')).toEqual({ amount: 1200.5, currency: 'USD' });
  });

  it('recognises the other ways people write the currencies', () => {
    expect(parsePrice('GHS 850')).toEqual({ amount: 850, currency: 'GHS' });
    expect(parsePrice('GH¢850')).toEqual({ amount: 850, currency: 'GHS' });
    expect(parsePrice('850 ghs')).toEqual({ amount: 850, currency: 'GHS' });
    expect(parsePrice('USD 300')).toEqual({ amount: 300, currency: 'USD' });
    expect(parsePrice('300 USD')).toEqual({ amount: 300, currency: 'USD' });
  });

  it('leaves the currency out when the text names none', () => {
    const result = parsePrice('1200');
    expect(result).toEqual({ amount: 1200 });
    expect(result).not.toHaveProperty('currency');
    expect(parsePrice(1200)).toEqual({ amount: 1200 });
    expect(parsePrice(0)).toEqual({ amount: 0 });
  });

  it.each(['abc', '', '   ', '-5', '$-5', '1.2.3', '$GH₵100', '12abc', 'GH₵'])('refuses %j', (text) => {
    expect(parsePrice(text)).toBeNull();
  });

  it('refuses negative, NaN and infinite numbers', () => {
    expect(parsePrice(-1)).toBeNull();
    expect(parsePrice(Number.NaN)).toBeNull();
    expect(parsePrice(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('formatPrice', () => {
  it('prefixes the symbol and groups thousands', () => {
    expect(formatPrice(1200, 'USD')).toBe('$1,200');
    expect(formatPrice(1200, 'GHS')).toBe('GH₵1,200');
    expect(formatPrice(1234567, 'GHS')).toBe('GH₵1,234,567');
  });

  it('shows two decimals only when there are cents', () => {
    expect(formatPrice(1200.5, 'USD')).toBe('$1,200.50');
    expect(formatPrice(1200.004, 'USD')).toBe('$1,200');
    expect(formatPrice(99.999, 'USD')).toBe('$100');
    expect(formatPrice(0.1 + 0.2, 'USD')).toBe('$0.30');
  });

  it('defaults to dollars', () => {
    expect(formatPrice(50)).toBe('$50');
  });

  it.each([
    [1200, 'GHS'],
    [1200.5, 'USD'],
    [2_500_000, 'USD'],
    [0, 'GHS'],
  ] as const)('round-trips %d %s through parsePrice', (amount, currency) => {
    expect(parsePrice(formatPrice(amount, currency))).toEqual({ amount, currency });
  });
});

describe('priceForApi', () => {
  it('writes the symbol followed by the bare number, as the API sends prices', () => {
    expect(priceForApi(1200, 'USD')).toBe('$1200');
    expect(priceForApi(850.5, 'GHS')).toBe('GH₵850.5');
    expect(parsePrice(priceForApi(850.5, 'GHS'))).toEqual({ amount: 850.5, currency: 'GHS' });
  });
});

describe('toGhs', () => {
  it('converts dollars at the given rate, rounded to pesewas', () => {
    expect(toGhs(100, 'USD', 15.5)).toBe(1550);
    expect(toGhs(10.01, 'USD', 12.345)).toBe(123.57);
  });

  it('leaves cedi amounts as they are apart from rounding', () => {
    expect(toGhs(100.126, 'GHS', 15)).toBe(100.13);
  });

  it('refuses a rate that is not a positive number', () => {
    expect(() => toGhs(100, 'USD', 0)).toThrow(RangeError);
    expect(() => toGhs(100, 'USD', Number.NaN)).toThrow(RangeError);
  });
});

describe('priceInputSchema', () => {
  it('accepts numbers and symbol-prefixed text', () => {
    expect(parsed(priceInputSchema, 900)).toEqual({ amount: 900 });
    expect(parsed(priceInputSchema, '$1,200')).toEqual({ amount: 1200, currency: 'USD' });
  });

  it('asks for a price when none is given', () => {
    expect(messageAt(priceInputSchema, undefined, '')).toBe(MESSAGES.priceRequired);
    expect(messageAt(priceInputSchema, '  ', '')).toBe('Price is required');
  });

  it('says the price must be a number otherwise', () => {
    expect(messageAt(priceInputSchema, 'abc', '')).toBe('Price must be a number');
    expect(messageAt(priceInputSchema, -4, '')).toBe('Price must be a number');
    expect(messageAt(priceInputSchema, true, '')).toBe('Price must be a number');
  });
});

describe('price ceiling', () => {
  it('accepts a price just under a billion and refuses one at a billion', () => {
    expect(priceInputSchema.safeParse(999_999_999).success).toBe(true);
    const tooBig = priceInputSchema.safeParse('$1,000,000,000');
    expect(tooBig.success).toBe(false);
    expect(tooBig.error?.issues[0]?.message).toBe('Price must be less than 1,000,000,000');
  });
});
