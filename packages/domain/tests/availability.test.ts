import { describe, expect, it } from 'vitest';
import {
  AVAILABILITY_DEFAULTS,
  AVAILABILITY_ORDER_MESSAGE,
  availabilityStatus,
  hiddenBefore,
  systemSettingsUpdateSchema,
  unconfirmedBefore,
} from '../src/index.js';

const DAY = 86_400_000;
const now = new Date('2026-11-26T10:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY);
const rule = AVAILABILITY_DEFAULTS;

describe('availabilityStatus', () => {
  it('is confirmed up to staleAfterDays and unconfirmed after', () => {
    expect(availabilityStatus({ confirmedAt: ago(0), rule, now })).toBe('confirmed');
    expect(availabilityStatus({ confirmedAt: ago(30), rule, now })).toBe('confirmed');
    expect(availabilityStatus({ confirmedAt: new Date(ago(30).getTime() - 1), rule, now })).toBe(
      'unconfirmed',
    );
    expect(availabilityStatus({ confirmedAt: ago(45).toISOString(), rule, now })).toBe('unconfirmed');
    expect(availabilityStatus({ confirmedAt: null, rule, now })).toBe('unconfirmed');
  });

  it('is unconfirmed with three open "already let" reports, not with two', () => {
    expect(availabilityStatus({ confirmedAt: ago(1), openLetReports: 2, rule, now })).toBe('confirmed');
    expect(availabilityStatus({ confirmedAt: ago(1), openLetReports: 3, rule, now })).toBe('unconfirmed');
  });

  it('hides a listing last confirmed more than hideAfterDays ago', () => {
    const cutoff = hiddenBefore(rule, now);
    expect(cutoff).toEqual(ago(60));
    expect(ago(61).getTime() < cutoff.getTime()).toBe(true);
    expect(ago(60).getTime() < cutoff.getTime()).toBe(false);
    expect(unconfirmedBefore(rule, now)).toEqual(ago(30));
  });
});

describe('the days as settings', () => {
  it('takes whole days in bounds, the hide one after the stale one', () => {
    const both = (staleAfterDays: number, hideAfterDays: number) =>
      systemSettingsUpdateSchema.safeParse({ staleAfterDays, hideAfterDays });
    expect(both(30, 60).success).toBe(true);
    const wrongOrder = both(30, 30);
    expect(wrongOrder.success).toBe(false);
    expect(wrongOrder.error?.issues[0]).toMatchObject({
      message: AVAILABILITY_ORDER_MESSAGE,
      path: ['hideAfterDays'],
    });
    for (const bad of [
      { staleAfterDays: 6 },
      { staleAfterDays: 7.5 },
      { hideAfterDays: 366 },
      { hideAfterDays: '60' },
    ])
      expect(systemSettingsUpdateSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(systemSettingsUpdateSchema.safeParse({ staleAfterDays: 14 }).success).toBe(true);
    expect(systemSettingsUpdateSchema.safeParse({ staleAfterDays: 40, hideAfterDays: 35 }).success).toBe(
      false,
    );
  });
});
