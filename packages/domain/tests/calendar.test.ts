import { describe, expect, it } from 'vitest';
import {
  accraToday,
  bookableDates,
  bookableSlots,
  canCancel,
  checkBookable,
  dailySlots,
  isValidDateString,
  isValidSlot,
  MESSAGES,
  slotStart,
} from '../src/index.js';

// 2025-06-06 is a Friday, 2025-06-09 a Monday.
const FRIDAY_MORNING = new Date('2025-06-06T10:00:00Z');
const MONDAY_NINE = new Date('2025-06-09T09:00:00Z');

describe('daily slots', () => {
  it('runs every 30 minutes from 09:00 to 17:00 inclusive (17 slots, no 17:30)', () => {
    const slots = dailySlots();
    expect(slots).toHaveLength(17);
    expect(slots[0]).toBe('09:00');
    expect(slots[1]).toBe('09:30');
    expect(slots.at(-1)).toBe('17:00');
    expect(slots).not.toContain('17:30');
  });

  it('recognises slot times and refuses others', () => {
    expect(isValidSlot('17:00')).toBe(true);
    expect(isValidSlot('12:30')).toBe(true);
    expect(isValidSlot('17:30')).toBe(false);
    expect(isValidSlot('09:15')).toBe(false);
    expect(isValidSlot('08:30')).toBe(false);
    expect(isValidSlot('9:00')).toBe(false);
  });
});

describe('bookable dates', () => {
  it('skips the weekend that follows a Friday', () => {
    const dates = bookableDates(FRIDAY_MORNING);
    expect(dates[0]).toBe('2025-06-09');
    expect(dates).not.toContain('2025-06-07');
    expect(dates).not.toContain('2025-06-08');
  });

  it('offers tomorrow through today + 14, weekdays only', () => {
    expect(bookableDates(MONDAY_NINE)).toEqual([
      '2025-06-10',
      '2025-06-11',
      '2025-06-12',
      '2025-06-13',
      '2025-06-16',
      '2025-06-17',
      '2025-06-18',
      '2025-06-19',
      '2025-06-20',
      '2025-06-23',
    ]);
  });

  it('never offers today', () => {
    expect(bookableDates(MONDAY_NINE)).not.toContain('2025-06-09');
  });

  it('honours a shorter horizon', () => {
    expect(bookableDates(MONDAY_NINE, 3)).toEqual(['2025-06-10', '2025-06-11', '2025-06-12']);
  });

  it('uses the Accra (UTC) date just before midnight', () => {
    expect(accraToday(new Date('2025-06-09T23:59:59Z'))).toBe('2025-06-09');
    expect(bookableDates(new Date('2025-06-09T23:59:59Z'))[0]).toBe('2025-06-10');
  });
});

describe('checkBookable', () => {
  it('accepts a weekday slot inside the horizon with enough notice and returns its start', () => {
    const result = checkBookable('2025-06-11', '14:30', MONDAY_NINE);
    expect(result).toEqual({ ok: true, start: new Date('2025-06-11T14:30:00Z') });
  });

  it('accepts day 14 but refuses day 15 as outside the horizon', () => {
    expect(checkBookable('2025-06-23', '09:00', MONDAY_NINE).ok).toBe(true);
    expect(checkBookable('2025-06-24', '09:00', MONDAY_NINE)).toMatchObject({
      ok: false,
      code: 'outside-horizon',
      message: MESSAGES.bookingOutsideHorizon,
    });
  });

  it('refuses today and past dates as outside the horizon', () => {
    expect(checkBookable('2025-06-09', '17:00', MONDAY_NINE)).toMatchObject({ code: 'outside-horizon' });
    expect(checkBookable('2025-06-02', '10:00', MONDAY_NINE)).toMatchObject({ code: 'outside-horizon' });
  });

  it('refuses Saturdays and Sundays', () => {
    const saturday = checkBookable('2025-06-14', '10:00', MONDAY_NINE);
    expect(saturday).toMatchObject({
      ok: false,
      code: 'weekend',
      message: 'Viewings can only be booked Monday to Friday',
    });
    expect(checkBookable('2025-06-15', '10:00', MONDAY_NINE)).toMatchObject({ code: 'weekend' });
  });

  it('allows 17:00 but refuses 17:30 and 09:15 as not a slot', () => {
    expect(checkBookable('2025-06-12', '17:00', MONDAY_NINE).ok).toBe(true);
    expect(checkBookable('2025-06-12', '17:30', MONDAY_NINE)).toMatchObject({ code: 'not-a-slot' });
    expect(checkBookable('2025-06-12', '09:15', MONDAY_NINE)).toMatchObject({
      code: 'not-a-slot',
      message: MESSAGES.bookingNotASlot,
    });
  });

  it('books a slot exactly 24 hours ahead but not one a millisecond closer', () => {
    expect(checkBookable('2025-06-10', '09:00', MONDAY_NINE).ok).toBe(true);
    const later = new Date(MONDAY_NINE.getTime() + 1);
    expect(checkBookable('2025-06-10', '09:00', later)).toMatchObject({
      ok: false,
      code: 'too-soon',
      message: 'Viewings must be booked at least 24 hours ahead',
    });
  });

  it('reports malformed or impossible dates and times', () => {
    expect(checkBookable('2025-02-30', '10:00', MONDAY_NINE)).toMatchObject({ code: 'invalid-date' });
    expect(checkBookable('10/06/2025', '10:00', MONDAY_NINE)).toMatchObject({ code: 'invalid-date' });
    expect(checkBookable('2025-06-10', '9:00', MONDAY_NINE)).toMatchObject({ code: 'invalid-time' });
    expect(checkBookable('2025-06-10', '24:00', MONDAY_NINE)).toMatchObject({ code: 'invalid-time' });
  });

  it('accepts rule overrides for staff scheduling', () => {
    const justAhead = new Date('2025-06-10T08:00:00Z');
    expect(checkBookable('2025-06-11', '09:00', justAhead).ok).toBe(true);
    expect(checkBookable('2025-06-11', '09:00', justAhead, { noticeHours: 48 })).toMatchObject({
      code: 'too-soon',
    });
  });
});

describe('bookableSlots', () => {
  it('keeps only the slots of tomorrow that leave 24 hours of notice', () => {
    const now = new Date('2025-06-09T13:10:00Z');
    expect(bookableSlots('2025-06-10', now)).toEqual([
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
      '16:30',
      '17:00',
    ]);
  });

  it('offers every slot on a later weekday and none on a weekend', () => {
    expect(bookableSlots('2025-06-12', MONDAY_NINE)).toEqual(dailySlots());
    expect(bookableSlots('2025-06-14', MONDAY_NINE)).toEqual([]);
  });
});

describe('cancellation', () => {
  const start = slotStart('2025-06-10', '09:00');

  it('builds slot starts in Accra time (UTC)', () => {
    expect(start.toISOString()).toBe('2025-06-10T09:00:00.000Z');
  });

  it('needs strictly more than 24 hours left', () => {
    expect(canCancel(start, new Date('2025-06-09T08:59:59.999Z'))).toBe(true);
    expect(canCancel(start, new Date('2025-06-09T09:00:00Z'))).toBe(false);
    expect(canCancel(start, new Date('2025-06-10T08:00:00Z'))).toBe(false);
  });
});

describe('date strings', () => {
  it('accepts real yyyy-MM-dd dates only', () => {
    expect(isValidDateString('2024-02-29')).toBe(true);
    expect(isValidDateString('2025-02-29')).toBe(false);
    expect(isValidDateString('2025-6-1')).toBe(false);
    expect(isValidDateString('2025-13-01')).toBe(false);
  });
});
