import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import ICAL from 'ical.js';
import { NO_VIEWING_FEES } from '@fie/domain';
import { CMS_DIR } from '../helpers/strapi';

// The invite is made by the compiled module (dist/, as the cms runs it) in a process of its own, so
// the server's own time zone can be set: a viewing's time must not depend on where the cms runs.
const MODULE = path.join(
  CMS_DIR,
  'dist',
  'src',
  'plugins',
  'viewings',
  'server',
  'src',
  'services',
  'viewing-calendar.js',
);

function inviteMadeUnder(tz: string, method: 'REQUEST' | 'CANCEL', sequence: number): string {
  const script = `
    const { viewingInvite } = require(${JSON.stringify(MODULE)});
    process.stdout.write(viewingInvite({
      uid: 'abc@fiehomes', sequence: ${sequence}, method: '${method}',
      start: new Date('2026-03-09T09:30:00Z'), title: 'Property viewing: Villa in Osu, Accra', location: 'Villa in Osu, Accra; near the Mall',
      description: 'Your Fie Homes viewing.', organizer: { name: 'Fie Homes', email: 'support@fiehomes.local' },
      attendee: { name: 'Ama Owusu', email: 'ama@example.com' }, now: new Date('2026-03-01T12:00:00Z'),
      language: 'en', alarm: 'Reminder: Property viewing: Villa in Osu, Accra, in 2 hours', noFees: ${JSON.stringify(NO_VIEWING_FEES)},
    }));`;
  const run = spawnSync(process.execPath, ['-e', script], {
    env: { ...process.env, TZ: tz },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

describe('a viewing invite', () => {
  it.each(['UTC', 'Asia/Tokyo', 'America/New_York'])(
    'is the same Accra-time event when the server runs in %s',
    (tz) => {
      const text = inviteMadeUnder(tz, 'REQUEST', 0);
      expect(text).toContain('DTSTART;TZID=Africa/Accra:20260309T093000');
      expect(text).toContain('DTEND;TZID=Africa/Accra:20260309T100000');
      // DTSTAMP is always UTC: RFC 5545 requires it for this property.
      expect(text).toContain('DTSTAMP:20260301T120000Z');
      const calendar = new ICAL.Component(ICAL.parse(text));
      ICAL.TimezoneService.register(new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!));
      const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
      expect(event.startDate.toJSDate().toISOString()).toBe('2026-03-09T09:30:00.000Z');
      expect(event.endDate.toJSDate().toISOString()).toBe('2026-03-09T10:00:00.000Z');
      expect(event.location).toBe('Villa in Osu, Accra; near the Mall');
      expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    },
  );

  it('cancels with METHOD:CANCEL, STATUS:CANCELLED and the SEQUENCE it is given, lines folded at 75 octets', () => {
    const text = inviteMadeUnder('UTC', 'CANCEL', 3);
    const calendar = new ICAL.Component(ICAL.parse(text));
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(vevent.getFirstPropertyValue('sequence')).toBe(3);
    expect(vevent.getFirstPropertyValue('uid')).toBe('abc@fiehomes');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('asks the calendar for a display alarm 2 hours before the viewing; a cancellation asks for none', () => {
    const request = inviteMadeUnder('UTC', 'REQUEST', 0);
    const alarms = new ICAL.Component(ICAL.parse(request))
      .getFirstSubcomponent('vevent')!
      .getAllSubcomponents('valarm');
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect(String(alarms[0]!.getFirstPropertyValue('trigger'))).toBe('-PT2H');
    expect(alarms[0]!.getFirstPropertyValue('description')).toMatch(/Villa in Osu, Accra/);
    expect(request).toMatch(/BEGIN:VALARM\r\n(?:[^\r]*\r\n)*?TRIGGER:-PT2H\r\n/);

    const cancel = inviteMadeUnder('UTC', 'CANCEL', 1);
    expect(cancel).not.toContain('BEGIN:VALARM');
  });

  it('says in every invite, after what the caller wrote, that viewings are free', () => {
    for (const method of ['REQUEST', 'CANCEL'] as const) {
      const vevent = new ICAL.Component(ICAL.parse(inviteMadeUnder('UTC', method, 0))).getFirstSubcomponent(
        'vevent',
      )!;
      expect(vevent.getFirstPropertyValue('description')).toBe(
        `Your Fie Homes viewing.\n\n${NO_VIEWING_FEES}`,
      );
    }
  });
});
