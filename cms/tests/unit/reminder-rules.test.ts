import { describe, expect, it } from 'vitest';
import { dueReminder, remindersSkippedAtBooking } from '../../src/plugins/viewings/server/src/reminder-rules';

const start = new Date('2026-03-10T10:00:00.000Z');
const before = (minutes: number) => new Date(start.getTime() - minutes * 60_000);

describe('which viewing reminder is due', () => {
  it('none more than 25 hours ahead; the day-before one from 25 hours until 2 hours ahead', () => {
    expect(dueReminder(start, before(25 * 60 + 1))).toBeNull();
    expect(dueReminder(start, before(25 * 60))).toBe('24h');
    expect(dueReminder(start, before(24 * 60))).toBe('24h');
    expect(dueReminder(start, before(2 * 60 + 1))).toBe('24h');
  });

  it('the 2 hour one from 2 hours ahead until the start, and none once it has started', () => {
    expect(dueReminder(start, before(2 * 60))).toBe('2h');
    expect(dueReminder(start, before(1))).toBe('2h');
    expect(dueReminder(start, start)).toBeNull();
    expect(dueReminder(start, before(-1))).toBeNull();
  });
});

describe('the reminders a booking skips', () => {
  const iso = start.toISOString();
  it('none when booked days ahead', () => {
    expect(remindersSkippedAtBooking(start, before(3 * 24 * 60))).toEqual({
      reminder24hFor: null,
      reminder2hFor: null,
    });
  });

  it('the day-before one when booked 5 hours (or exactly 25 hours) ahead, both when booked 1 hour ahead', () => {
    expect(remindersSkippedAtBooking(start, before(5 * 60))).toEqual({
      reminder24hFor: iso,
      reminder2hFor: null,
    });
    expect(remindersSkippedAtBooking(start, before(25 * 60))).toEqual({
      reminder24hFor: iso,
      reminder2hFor: null,
    });
    expect(remindersSkippedAtBooking(start, before(60))).toEqual({ reminder24hFor: iso, reminder2hFor: iso });
  });
});
