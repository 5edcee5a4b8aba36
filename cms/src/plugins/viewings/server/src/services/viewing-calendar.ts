import ical, {
  ICalAlarmType,
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import { DateTime } from 'luxon';
import { SLOT_MINUTES, type Language } from '@fie/domain';
import { INVITE_ALARM_BEFORE_SECONDS } from '../reminder-rules';

/** Viewings happen in Accra; their invites carry its time zone. */
export const VIEWING_TIME_ZONE = 'Africa/Accra';

/**
 * Africa/Accra as an iCalendar VTIMEZONE: GMT all year, no daylight saving since 1942, so one
 * STANDARD rule covers every date a viewing can have. Written out rather than generated: the zone
 * needs nothing more, and a calendar that does not know the zone by name reads the offset here.
 */
const ACCRA_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${VIEWING_TIME_ZONE}`,
  `X-LIC-LOCATION:${VIEWING_TIME_ZONE}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/**
 * What an invite asks of the seeker's calendar (RFC 5546): REQUEST adds the viewing or, with a higher
 * SEQUENCE, moves it; CANCEL removes it.
 */
export type InviteMethod = 'REQUEST' | 'CANCEL';

export interface ViewingInvite {
  /** Stable for the viewing's whole life, so each update replaces the same event. */
  uid: string;
  /** 0 when booked; one more for every later invite (a move, a cancellation). */
  sequence: number;
  method: InviteMethod;
  start: Date;
  title: string;
  location: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  now: Date;
  /** The language of the invite's texts (its title, description and these two). */
  language: Language;
  /** The calendar's own reminder, 2 hours ahead. */
  alarm: string;
  /** That viewings are free, in the invite's language. */
  noFees: string;
}

/** An iCalendar invite for one viewing, made by ical-generator; times in Africa/Accra. */
export function viewingInvite(v: ViewingInvite): string {
  const calendar = ical({
    prodId: { company: 'Fie Homes', product: 'Viewings', language: v.language.toUpperCase() },
    method: v.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  // The calendar itself has no zone (so DTSTAMP stays in UTC, as RFC 5545 requires); its generator
  // writes the VTIMEZONE of the zone the event names.
  calendar.timezone({
    name: null,
    generator: (zone) => (zone === VIEWING_TIME_ZONE ? ACCRA_VTIMEZONE : null),
  });
  const start = DateTime.fromJSDate(v.start).setZone(VIEWING_TIME_ZONE);
  const event = calendar.createEvent({
    id: v.uid,
    sequence: v.sequence,
    stamp: v.now,
    start,
    end: start.plus({ minutes: SLOT_MINUTES }),
    timezone: VIEWING_TIME_ZONE,
    summary: v.title,
    location: v.location,
    // Every invite says viewings are free: the calendar is where a seeker looks on the day, when
    // someone at the door may ask for a fee.
    description: `${v.description}\n\n${v.noFees}`,
    organizer: { name: v.organizer.name, email: v.organizer.email },
    attendees: [
      {
        name: v.attendee.name,
        email: v.attendee.email,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      },
    ],
    status: v.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  // The seeker's calendar reminds them too, as the 2 hour e-mail goes out (a removed event needs none).
  if (v.method === 'REQUEST')
    event.createAlarm({
      type: ICalAlarmType.display,
      trigger: INVITE_ALARM_BEFORE_SECONDS,
      description: v.alarm,
    });
  return calendar.toString();
}

/** The MIME type of an invite's attachment, which names its method as calendar clients expect. */
export const inviteContentType = (method: InviteMethod) => `text/calendar; charset=utf-8; method=${method}`;

/** The address inside "Name <address>", or the text itself. */
export const bareAddress = (email: string) => email.replace(/.*<|>.*/g, '').trim();
