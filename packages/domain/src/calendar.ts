// The viewing calendar. Every function takes "now" so results are reproducible and testable.
// Africa/Accra is UTC+0 all year with no daylight saving, so an Accra wall-clock date and time is
// the same as the UTC one and plain UTC arithmetic is exact; no time-zone library is needed.

import {
  BOOKING_HORIZON_DAYS,
  DAY_MS,
  FIRST_SLOT,
  LAST_SLOT,
  NOTICE_HOURS,
  SLOT_MINUTES,
} from './constants.js';
import { MESSAGES } from './messages.js';

const HOUR_MS = 3_600_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

export type BookingProblem =
  | 'invalid-date'
  | 'invalid-time'
  | 'weekend'
  | 'outside-horizon'
  | 'not-a-slot'
  | 'too-soon';

export type BookingCheck = { ok: true; start: Date } | { ok: false; code: BookingProblem; message: string };

export interface BookingRules {
  horizonDays?: number;
  noticeHours?: number;
}

const PROBLEM_MESSAGES: Record<BookingProblem, string> = {
  'invalid-date': MESSAGES.invalidDate,
  'invalid-time': MESSAGES.invalidTime,
  weekend: MESSAGES.bookingWeekend,
  'outside-horizon': MESSAGES.bookingOutsideHorizon,
  'not-a-slot': MESSAGES.bookingNotASlot,
  'too-soon': MESSAGES.bookingTooSoon,
};

function toDateString(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function dateToMs(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`);
}

function minutesOf(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}

function isWeekday(ms: number): boolean {
  const day = new Date(ms).getUTCDay();
  return day >= 1 && day <= 5;
}

export function accraToday(now: Date): string {
  return toDateString(now.getTime());
}

// Rejects impossible dates such as 2025-02-30 that Date.parse would roll over.
export function isValidDateString(value: string): boolean {
  const match = typeof value === 'string' ? DATE_PATTERN.exec(value) : null;
  if (!match) return false;
  const ms = dateToMs(value);
  return Number.isFinite(ms) && toDateString(ms) === value;
}

export function isValidTimeString(value: string): boolean {
  return typeof value === 'string' && TIME_PATTERN.test(value);
}

export function dailySlots(): string[] {
  const slots: string[] = [];
  for (let m = minutesOf(FIRST_SLOT); m <= minutesOf(LAST_SLOT); m += SLOT_MINUTES) {
    slots.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return slots;
}

const SLOTS: ReadonlySet<string> = new Set(dailySlots());

export function isValidSlot(time: string): boolean {
  return SLOTS.has(time);
}

export function slotStart(date: string, time: string): Date {
  return new Date(`${date}T${time}:00.000Z`);
}

// Tomorrow through today + horizonDays (Accra dates), Monday to Friday only.
export function bookableDates(now: Date, horizonDays: number = BOOKING_HORIZON_DAYS): string[] {
  const today = dateToMs(accraToday(now));
  const dates: string[] = [];
  for (let i = 1; i <= horizonDays; i += 1) {
    const day = today + i * DAY_MS;
    if (isWeekday(day)) dates.push(toDateString(day));
  }
  return dates;
}

function refuse(code: BookingProblem): BookingCheck {
  return { ok: false, code, message: PROBLEM_MESSAGES[code] };
}

// Notice is inclusive: a slot starting exactly 24 hours from now may still be booked.
export function checkBookable(date: string, time: string, now: Date, rules: BookingRules = {}): BookingCheck {
  const horizonDays = rules.horizonDays ?? BOOKING_HORIZON_DAYS;
  const noticeHours = rules.noticeHours ?? NOTICE_HOURS;
  if (!isValidDateString(date)) return refuse('invalid-date');
  if (!isValidTimeString(time)) return refuse('invalid-time');
  const day = dateToMs(date);
  if (!isWeekday(day)) return refuse('weekend');
  const offset = Math.round((day - dateToMs(accraToday(now))) / DAY_MS);
  if (offset < 1 || offset > horizonDays) return refuse('outside-horizon');
  if (!isValidSlot(time)) return refuse('not-a-slot');
  const start = slotStart(date, time);
  if (start.getTime() - now.getTime() < noticeHours * HOUR_MS) return refuse('too-soon');
  return { ok: true, start };
}

export function bookableSlots(date: string, now: Date, rules: BookingRules = {}): string[] {
  return dailySlots().filter((time) => checkBookable(date, time, now, rules).ok);
}

// Unlike booking, cancelling needs strictly more than the notice period left.
export function canCancel(start: Date, now: Date, noticeHours: number = NOTICE_HOURS): boolean {
  return start.getTime() - now.getTime() > noticeHours * HOUR_MS;
}
