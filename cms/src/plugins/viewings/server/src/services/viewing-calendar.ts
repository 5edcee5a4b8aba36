import { SLOT_MINUTES } from '@fie/domain';

const icsText = (s: string) => s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/([,;])/g, '\\$1');
const icsTime = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** Folds lines longer than 75 octets, as RFC 5545 asks. */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 75;
    while (Buffer.byteLength(rest.slice(0, cut)) > 75) cut--;
    out.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  out.push(rest);
  return out.join('\r\n');
}

/** An iCalendar invite for one viewing (times in UTC, which is Accra time). */
export function viewingInvite(v: { uid: string; start: Date; title: string; location: string; description: string; organizer: string; now: Date; cancelled?: boolean }): string {
  const end = new Date(v.start.getTime() + SLOT_MINUTES * 60_000);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Fie Homes//Viewings//EN',
    `METHOD:${v.cancelled ? 'CANCEL' : 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:${v.uid}`,
    `DTSTAMP:${icsTime(v.now)}`,
    `DTSTART:${icsTime(v.start)}`,
    `DTEND:${icsTime(end)}`,
    `SUMMARY:${icsText(v.title)}`,
    `LOCATION:${icsText(v.location)}`,
    `DESCRIPTION:${icsText(v.description)}`,
    `ORGANIZER;CN=${icsText(v.organizer)}:mailto:${v.organizer.replace(/.*<|>.*/g, '')}`,
    `STATUS:${v.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
    .map(fold)
    .join('\r\n')
    .concat('\r\n');
}
