import type { Core } from '@strapi/strapi';
import { NO_VIEWING_FEES } from '@fie/domain';
import { bareAddress, inviteContentType, viewingInvite, type InviteMethod } from './viewing-calendar';
import { getService as accountsService } from '../../../../accounts/server/src/get-service';
import { getService as platformService } from '../../../../platform/server/src/get-service';

export interface ViewingFacts {
  documentId: string;
  email: string;
  name: string;
  label: string;
  landmark: string | null;
  date: string;
  time: string;
  startsAt: Date;
  status: string;
  comments: string | null;
  /** The SEQUENCE of the viewing's latest invite (0 when booked). */
  inviteSequence: number;
}

/** Where the viewing is: the property's label, and its landmark when it has one. */
const placeOf = (v: ViewingFacts) => (v.landmark ? `${v.label}, near ${v.landmark}` : v.label);

/** A viewing's date as seekers read it ("Monday, 9 March 2026"), in Accra. */
export const longDate = (start: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Africa/Accra',
  }).format(start);

/**
 * E-mails about viewings: the seeker's confirmation (with an .ics invite), staff notice, status
 * changes. Each goes to the outbox, in the transaction of the booking or change it tells of.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const mailer = () => platformService(strapi, 'mailer');

  /** The viewing's calendar invite: added or moved (REQUEST) or removed (CANCEL) in the seeker's calendar. */
  function invite(
    v: ViewingFacts,
    brand: Awaited<ReturnType<ReturnType<typeof mailer>['brand']>>,
    method: InviteMethod,
  ) {
    const where = placeOf(v);
    const content = viewingInvite({
      uid: `${v.documentId}@fiehomes`,
      sequence: v.inviteSequence,
      method,
      start: v.startsAt,
      title: `Property viewing: ${v.label}`,
      location: where,
      description: `Your ${brand.name} viewing. Call ${brand.phone} if you need to change it.`,
      organizer: { name: brand.name, email: bareAddress(brand.supportEmail) },
      attendee: { name: v.name, email: v.email },
      now: new Date(),
    });
    return {
      filename: method === 'CANCEL' ? 'viewing-cancelled.ics' : 'viewing.ics',
      content,
      contentType: inviteContentType(method),
    };
  }

  return {
    async booked(v: ViewingFacts) {
      const brand = await mailer().brand();
      const when = `${longDate(v.startsAt)} at ${v.time} (Accra time)`;
      const where = placeOf(v);
      await mailer().send(v.email, `Viewing booked: ${v.label}, ${when}`, {
        ...mailer().layoutFor(brand, 'Your viewing is booked', [
          `${where}.`,
          `${when}. The viewing lasts about 30 minutes; the calendar invite is attached.`,
          'You can cancel it from your dashboard until 24 hours before it starts. Repeated no-shows may restrict booking.',
          NO_VIEWING_FEES,
        ]),
        attachments: [invite(v, brand, 'REQUEST')],
      });
      // The staff inbox is the back-office's system e-mail, which only a superadmin sets: booking
      // details (a seeker's name and e-mail) never go to an address that marketing content names.
      const staffInbox = (await strapi.service('api::system-setting.system').get()).systemEmail;
      // To the staff inbox and to every staff member whose "E-mail notifications" are on.
      await accountsService(strapi, 'staff-mail').send(
        'notices',
        {
          subject: `New viewing: ${v.label}, ${v.date} ${v.time}`,
          title: 'A viewing was booked',
          lines: [`${v.name} (${v.email}) booked ${where}.`, `${when}. Status: ${v.status}.`],
        },
        { also: [staffInbox] },
      );
    },

    /**
     * The seeker is told of a new status or time; `method` attaches the invite that updates their
     * calendar (REQUEST when the viewing moved or is on again, CANCEL when it will not happen).
     */
    async statusChanged(v: ViewingFacts, method?: InviteMethod) {
      const brand = await mailer().brand();
      const when = `${longDate(v.startsAt)} at ${v.time} (Accra time)`;
      const lines: Record<string, string> = {
        Successful: 'Thank you for coming to the viewing. We will be in touch about the next steps.',
        Unsuccessful: 'The viewing did not take place. You can book another time from the property page.',
        Rescheduled: `Your viewing is now on ${when}.`,
        Cancelled: `Your viewing on ${when} is cancelled.`,
        Ongoing: `Your viewing is on ${when}.`,
      };
      const layout = mailer().layoutFor(brand, `Viewing ${v.status.toLowerCase()}`, [
        `${v.label}.`,
        lines[v.status] ?? `Status: ${v.status}.`,
        ...(method === 'REQUEST'
          ? ['The attached invite updates the viewing in your calendar.']
          : method === 'CANCEL'
            ? ['The attached invite removes the viewing from your calendar.']
            : []),
      ]);
      await mailer().send(
        v.email,
        `Viewing ${v.status.toLowerCase()}: ${v.label}`,
        method ? { ...layout, attachments: [invite(v, brand, method)] } : layout,
      );
    },
  };
};
