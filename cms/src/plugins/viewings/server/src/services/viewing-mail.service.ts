import type { Core } from '@strapi/strapi';
import {
  fill,
  isAppointmentStatus,
  knownLanguage,
  localizePropertyLabel,
  viewingText,
  type Language,
  type ViewingTextKind,
} from '@fie/domain';
import { accountLanguage, accraDate, atAccraTime, sitePathIn } from '../../../../../shared/mail-language';
import { statusKeys, VIEWING_MAIL_TEXT, type ViewingMailKey } from '../viewing-mail-text';
import { bareAddress, inviteContentType, viewingInvite, type InviteMethod } from './viewing-calendar';
import { getService as accountsService } from '../../../../accounts/server/src/get-service';
import { getService as platformService } from '../../../../platform/server/src/get-service';

export interface ViewingFacts {
  documentId: string;
  /** The seeker's account (its number and language are read for the text). */
  userId: string | null;
  /** Null for an account known by its mobile number alone: it is texted, not e-mailed. */
  email: string | null;
  name: string;
  /** The property's kept label, in English ("Apartment in Cantonments, Accra"); null when it has none. */
  label: string | null;
  landmark: string | null;
  date: string;
  time: string;
  startsAt: Date;
  status: string;
  comments: string | null;
  /** The SEQUENCE of the viewing's latest invite (0 when booked). */
  inviteSequence: number;
}

/** A viewing's date as staff read it ("Monday 9 March 2026"), in Accra: the back-office is English. */
const longDate = (start: Date) => accraDate(start, 'en', { weekday: true });

/**
 * E-mails about viewings: the seeker's confirmation (with an .ics invite) and status changes, in the
 * seeker's language; the staff notice in English, as the back-office is. Each goes to the outbox, in
 * the transaction of the booking or change it tells of.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const mailer = () => platformService(strapi, 'mailer');

  type Seeker = {
    phone: string | null;
    phoneVerifiedAt: unknown;
    smsEnabled: boolean | null;
    viewingEmails: boolean | null;
    language: string | null;
  };
  /** The seeker's account, for its channels: the number, its texts setting, and viewing e-mails. */
  async function seekerOf(v: ViewingFacts): Promise<Seeker | null> {
    if (!v.userId) return null;
    return strapi.db.query('plugin::users-permissions.user').findOne({
      where: { documentId: v.userId },
      select: ['phone', 'phoneVerifiedAt', 'smsEnabled', 'viewingEmails', 'language'],
    });
  }

  /** The seeker's number when texts go to it (verified, viewing texts on), and their language. */
  function textTarget(user: Seeker | null): { phone: string; language: Language } | null {
    if (!platformService(strapi, 'sms').enabled()) return null;
    if (!user?.phone || !user.phoneVerifiedAt || user.smsEnabled === false) return null;
    return { phone: user.phone, language: knownLanguage(user.language) };
  }

  /** The address the viewing's e-mails go to: none where the seeker turned viewing e-mails off. */
  const emailTo = (v: ViewingFacts, user: Seeker | null) =>
    v.email && user?.viewingEmails !== false ? v.email : null;

  /**
   * The viewing's text, beside its e-mail and in its transaction: one GSM-7 part with the place, the
   * time and a link to the seeker's viewings. Sent at any hour: a viewing's news cannot wait.
   */
  async function text(v: ViewingFacts, user: Seeker | null, kind: ViewingTextKind) {
    const target = textTarget(user);
    if (!target) return;
    const brand = await mailer().brand();
    const label = v.label
      ? localizePropertyLabel(target.language, v.label)
      : VIEWING_MAIL_TEXT[target.language].theProperty;
    await platformService(strapi, 'outbox').enqueueTexts([
      {
        to: target.phone,
        kind: 'viewing',
        text: viewingText(target.language, kind, {
          title: label,
          at: v.startsAt,
          link: `${brand.siteUrl}${sitePathIn(target.language, '/dashboard')}`,
        }),
      },
    ]);
  }

  /** The brand, the seeker's language and the viewing's texts in it. */
  const writerFor = async (v: ViewingFacts) => {
    const brand = await mailer().brand();
    const language = v.email ? await accountLanguage(strapi, v.email) : 'en';
    // The kept label is English (staff search it): the seeker reads its type and place in their language.
    const label = v.label
      ? localizePropertyLabel(language, v.label)
      : VIEWING_MAIL_TEXT[language].theProperty;
    const t = (key: ViewingMailKey, values: Record<string, string> = {}) =>
      fill(VIEWING_MAIL_TEXT[language][key], {
        label,
        brand: brand.name,
        phone: brand.phone,
        ...values,
      });
    const when = atAccraTime(accraDate(v.startsAt, language, { weekday: true }), v.time, language);
    const place = v.landmark ? t('placeNear', { landmark: v.landmark }) : label;
    return { brand, language, t, when, place };
  };

  /** The viewing's calendar invite: added or moved (REQUEST) or removed (CANCEL) in the seeker's calendar. */
  function invite(w: Awaited<ReturnType<typeof writerFor>>, v: ViewingFacts, method: InviteMethod) {
    const title = w.t('inviteTitle');
    const content = viewingInvite({
      uid: `${v.documentId}@fiehomes`,
      sequence: v.inviteSequence,
      method,
      start: v.startsAt,
      title,
      location: w.place,
      description: w.t('inviteDescription'),
      organizer: { name: w.brand.name, email: bareAddress(w.brand.supportEmail) },
      attendee: { name: v.name, email: v.email as string },
      now: new Date(),
      language: w.language,
      alarm: w.t('inviteAlarm', { title }),
      noFees: w.t('noFees'),
    });
    return {
      filename: method === 'CANCEL' ? 'viewing-cancelled.ics' : 'viewing.ics',
      content,
      contentType: inviteContentType(method),
    };
  }

  return {
    async booked(v: ViewingFacts) {
      const user = await seekerOf(v);
      await text(v, user, 'confirmed');
      const w = await writerFor(v);
      const { t } = w;
      const to = emailTo(v, user);
      if (to)
        await mailer().send(to, t('bookedSubject', { when: w.when }), {
          ...mailer().layoutFor(
            w.brand,
            t('bookedTitle'),
            [
              t('bookedPlace', { place: w.place }),
              t('bookedWhen', { when: w.when }),
              t('bookedCancel'),
              t('noFees'),
            ],
            undefined,
            w.language,
          ),
          attachments: [invite(w, v, 'REQUEST')],
        });
      const when = atAccraTime(longDate(v.startsAt), v.time, 'en');
      const staffLabel = v.label ?? 'the property';
      const where = v.landmark ? `${staffLabel}, near ${v.landmark}` : staffLabel;
      // The staff inbox is the back-office's system e-mail, which only a superadmin sets: booking
      // details (a seeker's name and e-mail) never go to an address that marketing content names.
      const staffInbox = (await strapi.service('api::system-setting.system').get()).systemEmail;
      // To the staff inbox and to every staff member whose "E-mail notifications" are on.
      await accountsService(strapi, 'staff-mail').send(
        'notices',
        {
          subject: `New viewing: ${staffLabel}, ${v.date} ${v.time}`,
          title: 'A viewing was booked',
          lines: [`${v.name} (${v.email ?? v.name}) booked ${where}.`, `${when}. Status: ${v.status}.`],
        },
        { also: [staffInbox] },
      );
    },

    /**
     * The seeker is told of a new status or time; `method` attaches the invite that updates their
     * calendar (REQUEST when the viewing moved or is on again, CANCEL when it will not happen).
     */
    async statusChanged(v: ViewingFacts, method?: InviteMethod) {
      // A text when the viewing moved or is on again, or will not happen; other news is e-mail's.
      const user = await seekerOf(v);
      if (method) await text(v, user, method === 'CANCEL' ? 'cancelled' : 'changed');
      const to = emailTo(v, user);
      if (!to) return;
      const w = await writerFor(v);
      const { t } = w;
      const keys = isAppointmentStatus(v.status) ? statusKeys(v.status) : null;
      const status = keys ? t(keys.word) : v.status.toLowerCase();
      const layout = mailer().layoutFor(
        w.brand,
        t('statusTitle', { status }),
        [
          t('statusProperty'),
          ...(keys ? [t(keys.line, { when: w.when })] : []),
          ...(method === 'REQUEST' ? [t('inviteUpdates')] : method === 'CANCEL' ? [t('inviteRemoves')] : []),
        ],
        undefined,
        w.language,
      );
      await mailer().send(
        to,
        t('statusSubject', { status }),
        method ? { ...layout, attachments: [invite(w, v, method)] } : layout,
      );
    },
  };
};
