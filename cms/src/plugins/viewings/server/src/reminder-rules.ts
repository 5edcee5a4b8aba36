// When a viewing's reminder e-mails are due. Pure functions with `now` passed in, shared by the
// reminders service (which claims them in SQL with the same windows), the document middleware that
// skips reminders a late booking makes pointless, and the calendar invite's alarm.

const HOUR_MS = 3_600_000;

export type ReminderKind = '24h' | '2h';

export interface Reminder {
  kind: ReminderKind;
  /** The appointment attribute (and its column) that holds the start instant this reminder was sent for. */
  attribute: 'reminder24hFor' | 'reminder2hFor';
  column: 'reminder_24_h_for' | 'reminder_2_h_for';
  /** Due from this long before the start ... */
  opensBeforeMs: number;
  /** ... until this long before it (the next reminder's turn, or the start itself). */
  closesBeforeMs: number;
}

/**
 * The 2 hour reminder, then the day-before one. The day-before reminder opens an hour before the 24 h
 * mark: seekers may cancel online only while more than 24 hours remain, so sent on the mark its
 * "cancel from your dashboard" would already be untrue; an hour early it gives them that hour.
 * It closes where the 2 hour one opens, so a cms that was down over both sends only the nearer one.
 */
export const REMINDERS: readonly Reminder[] = [
  {
    kind: '2h',
    attribute: 'reminder2hFor',
    column: 'reminder_2_h_for',
    opensBeforeMs: 2 * HOUR_MS,
    closesBeforeMs: 0,
  },
  {
    kind: '24h',
    attribute: 'reminder24hFor',
    column: 'reminder_24_h_for',
    opensBeforeMs: 25 * HOUR_MS,
    closesBeforeMs: 2 * HOUR_MS,
  },
];

/** The calendar invite's own alarm fires as the 2 hour e-mail goes out. */
export const INVITE_ALARM_BEFORE_SECONDS = 2 * 3600;

/** The start instants a viewing starting at `start` is due its reminder in: (start - opens, start - closes]. */
export function reminderWindow(reminder: Reminder, now: Date): { after: Date; upTo: Date } {
  return {
    after: new Date(now.getTime() + reminder.closesBeforeMs),
    upTo: new Date(now.getTime() + reminder.opensBeforeMs),
  };
}

/** The reminder due at `now` for an active viewing starting at `start`, if any (ignoring what was sent). */
export function dueReminder(start: Date, now: Date): ReminderKind | null {
  for (const reminder of REMINDERS) {
    const { after, upTo } = reminderWindow(reminder, now);
    if (start > after && start <= upTo) return reminder.kind;
  }
  return null;
}

/**
 * What a viewing booked (or moved, or made active again) at `now` for `start` records as already
 * reminded: each reminder whose time has come at booking is skipped, so a viewing booked 5 hours
 * ahead gets the 2 hour reminder only and one booked 1 hour ahead gets none. The others are cleared,
 * so a moved viewing is reminded of its new time.
 */
export function remindersSkippedAtBooking(
  start: Date,
  now: Date,
): Record<Reminder['attribute'], string | null> {
  const marks = {} as Record<Reminder['attribute'], string | null>;
  for (const reminder of REMINDERS)
    marks[reminder.attribute] =
      start.getTime() - now.getTime() <= reminder.opensBeforeMs ? start.toISOString() : null;
  return marks;
}
