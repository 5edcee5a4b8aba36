import { describe, expect, it } from 'vitest';
import { median, workingMillisBetween, WORKING_HOURS_DEFAULTS, type WorkingHours } from '../src/index.js';

const at = (iso: string) => new Date(iso);
const minutes = (from: string, to: string, hours: WorkingHours = WORKING_HOURS_DEFAULTS) =>
  workingMillisBetween(at(from), at(to), hours) / 60_000;

describe('working time between a message and its reply (Accra, 08:00-17:00, Monday to Friday)', () => {
  it('counts the time within one working day', () => {
    expect(minutes('2026-12-07T09:00:00Z', '2026-12-07T09:40:00Z')).toBe(40); // a Monday
  });

  it('does not count the night, or the time before opening', () => {
    expect(minutes('2026-12-07T16:50:00Z', '2026-12-08T08:20:00Z')).toBe(30);
    expect(minutes('2026-12-08T06:00:00Z', '2026-12-08T08:15:00Z')).toBe(15);
  });

  it('does not count the weekend: Friday evening to Monday 08:30 is 30 minutes', () => {
    expect(minutes('2026-12-11T18:00:00Z', '2026-12-14T08:30:00Z')).toBe(30);
  });

  it('counts Saturday where the office opens then, and every day where it always does', () => {
    expect(
      minutes('2026-12-12T09:00:00Z', '2026-12-12T10:00:00Z', { ...WORKING_HOURS_DEFAULTS, days: 'mon-sat' }),
    ).toBe(60);
    expect(
      minutes('2026-12-13T09:00:00Z', '2026-12-13T10:00:00Z', { ...WORKING_HOURS_DEFAULTS, days: 'mon-sat' }),
    ).toBe(0);
    expect(
      minutes('2026-12-13T09:00:00Z', '2026-12-13T10:00:00Z', {
        ...WORKING_HOURS_DEFAULTS,
        days: 'every-day',
      }),
    ).toBe(60);
  });

  it('is nothing for a reply not after the message, or for hours that close before they open', () => {
    expect(minutes('2026-12-07T10:00:00Z', '2026-12-07T09:00:00Z')).toBe(0);
    expect(
      minutes('2026-12-07T09:00:00Z', '2026-12-07T10:00:00Z', { start: 17, end: 8, days: 'mon-fri' }),
    ).toBe(0);
  });

  it('counts whole working days between', () => {
    expect(minutes('2026-12-07T08:00:00Z', '2026-12-09T17:00:00Z')).toBe(3 * 9 * 60);
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the middle two', () => {
    expect(median([40, 10, 30])).toBe(30);
    expect(median([10, 20, 30, 40])).toBe(25);
    expect(median([])).toBeNull();
  });
});
