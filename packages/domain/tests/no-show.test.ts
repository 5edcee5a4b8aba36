import { describe, expect, it } from 'vitest';
import {
  accraDayLabel,
  appointmentUpdateSchema,
  bookingPausedMessage,
  bookingRestrictedUntil,
  MESSAGES,
  NO_SHOW_DEFAULTS,
  noShowLookback,
  noShowRuleSchema,
  noShowRuleText,
  systemSettingsUpdateSchema,
} from '../src/index.js';
import { messageAt } from './helpers.js';

const rule = NO_SHOW_DEFAULTS;
const at = (iso: string) => new Date(iso);
const restricted = (noShows: string[], now: string, liftedAt?: string, r = rule) =>
  bookingRestrictedUntil({
    noShows: noShows.map(at),
    rule: r,
    liftedAt: liftedAt ? at(liftedAt) : null,
    now: at(now),
  })?.toISOString() ?? null;

describe('the no-show rule', () => {
  it('pauses booking for 30 days from the day of the second missed viewing within 90 days', () => {
    expect(restricted(['2026-10-01T10:00:00Z', '2026-11-14T15:30:00Z'], '2026-11-14T16:00:00Z')).toBe(
      '2026-12-14T00:00:00.000Z',
    );
  });

  it('does not pause after a single missed viewing', () => {
    expect(restricted(['2026-11-14T15:30:00Z'], '2026-11-14T16:00:00Z')).toBeNull();
  });

  it('counts two misses 90 calendar days apart, but not 91', () => {
    expect(restricted(['2026-01-01T09:00:00Z', '2026-04-01T17:00:00Z'], '2026-04-02T00:00:00Z')).toBe(
      '2026-05-01T00:00:00.000Z',
    );
    expect(restricted(['2026-01-01T09:00:00Z', '2026-04-02T09:00:00Z'], '2026-04-03T00:00:00Z')).toBeNull();
  });

  it('ends at 00:00 Accra of the 30th day: booking is open again from then on', () => {
    const noShows = ['2026-11-02T09:00:00Z', '2026-11-14T15:30:00Z'];
    expect(restricted(noShows, '2026-12-13T23:59:59Z')).toBe('2026-12-14T00:00:00.000Z');
    expect(restricted(noShows, '2026-12-14T00:00:00Z')).toBeNull();
  });

  it('forgets misses up to the moment staff lifted a restriction', () => {
    const noShows = ['2026-11-02T09:00:00Z', '2026-11-14T15:30:00Z'];
    expect(restricted(noShows, '2026-11-20T00:00:00Z', '2026-11-19T12:00:00Z')).toBeNull();
    // A miss after the lift counts with later ones only.
    expect(
      restricted([...noShows, '2026-11-25T10:00:00Z'], '2026-11-26T00:00:00Z', '2026-11-19T12:00:00Z'),
    ).toBeNull();
    expect(
      restricted(
        [...noShows, '2026-11-25T10:00:00Z', '2026-11-27T10:00:00Z'],
        '2026-11-28T00:00:00Z',
        '2026-11-19T12:00:00Z',
      ),
    ).toBe('2026-12-27T00:00:00.000Z');
  });

  it('pauses again when a seeker misses another viewing after a pause, counted from the latest', () => {
    expect(
      restricted(
        ['2026-01-05T09:00:00Z', '2026-01-20T09:00:00Z', '2026-03-02T09:00:00Z'],
        '2026-03-03T00:00:00Z',
      ),
    ).toBe('2026-04-01T00:00:00.000Z');
  });

  it('follows the settings: 3 misses within 30 days pause for 7 days', () => {
    const r = { noShowLimit: 3, noShowWindowDays: 30, noShowPauseDays: 7 };
    const two = ['2026-11-02T09:00:00Z', '2026-11-10T09:00:00Z'];
    expect(restricted(two, '2026-11-11T00:00:00Z', undefined, r)).toBeNull();
    expect(restricted([...two, '2026-11-12T09:00:00Z'], '2026-11-13T00:00:00Z', undefined, r)).toBe(
      '2026-11-19T00:00:00.000Z',
    );
    expect(restricted([...two, '2026-12-03T09:00:00Z'], '2026-12-04T00:00:00Z', undefined, r)).toBeNull();
  });

  it('reads back far enough to see every miss that can still matter', () => {
    expect(noShowLookback(rule, at('2026-11-14T15:00:00Z')).toISOString()).toBe('2026-07-16T00:00:00.000Z');
  });
});

describe('the rule in words', () => {
  it('names the day in Africa/Accra in full', () => {
    expect(accraDayLabel(at('2026-12-14T00:00:00Z'))).toBe('Monday 14 December 2026');
    expect(accraDayLabel(at('2026-12-14T23:59:00Z'))).toBe('Monday 14 December 2026');
  });

  it('states the numbers, singular and plural', () => {
    expect(noShowRuleText(rule)).toBe('2 missed viewings within 90 days pause booking for 30 days');
    expect(noShowRuleText({ noShowLimit: 1, noShowWindowDays: 1, noShowPauseDays: 1 })).toBe(
      '1 missed viewing within 1 day pauses booking for 1 day',
    );
  });

  it('tells the seeker why and from which day they may book', () => {
    expect(bookingPausedMessage(rule, at('2026-12-14T00:00:00Z'))).toBe(
      'Booking is paused because you missed 2 viewings within 90 days. You can book viewings again from Monday 14 December 2026.',
    );
  });
});

describe('the rule in the schemas', () => {
  it('keeps the settings whole numbers within bounds', () => {
    expect(noShowRuleSchema.safeParse(rule).success).toBe(true);
    for (const bad of [0, -1, 1.5, 11, '2', null])
      expect(messageAt(systemSettingsUpdateSchema, { noShowLimit: bad }, 'noShowLimit'), String(bad)).toMatch(
        /whole number from 1 to 10/,
      );
    expect(messageAt(systemSettingsUpdateSchema, { noShowWindowDays: 366 }, 'noShowWindowDays')).toMatch(
      /from 1 to 365/,
    );
    expect(systemSettingsUpdateSchema.safeParse({ noShowPauseDays: 14 }).success).toBe(true);
  });

  it('takes "client did not attend" with the status Unsuccessful only', () => {
    expect(appointmentUpdateSchema.safeParse({ status: 'Unsuccessful', clientNoShow: true }).success).toBe(
      true,
    );
    expect(
      messageAt(appointmentUpdateSchema, { status: 'Successful', clientNoShow: true }, 'clientNoShow'),
    ).toBe(MESSAGES.clientNoShowNeedsUnsuccessful);
    expect(appointmentUpdateSchema.safeParse({ status: 'Successful', clientNoShow: false }).success).toBe(
      true,
    );
    expect(messageAt(appointmentUpdateSchema, { clientNoShow: 'yes' }, 'clientNoShow')).toBeDefined();
  });
});
