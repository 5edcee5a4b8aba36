import type { Core } from '@strapi/strapi';
import {
  ACTIVE_APPOINTMENT_STATUSES,
  canCancel,
  fill,
  knownLanguage,
  localizePropertyLabel,
  NOTICE_HOURS,
  viewingText,
} from '@fie/domain';
import { rawRows } from '../../../../../shared/raw-rows';
import { getService as platformService } from '../../../../platform/server/src/get-service';
import { APPOINTMENT_UID as UID } from '../slot-key';
import { REMINDERS, reminderWindow, type Reminder, type ReminderKind } from '../reminder-rules';
import { accraDate, atAccraTime, sitePathIn } from '../../../../../shared/mail-language';
import { VIEWING_MAIL_TEXT, type ViewingMailKey } from '../viewing-mail-text';
import {
  getService as propertyService,
  type PropertyForAnswer,
} from '../../../../../api/property/get-service';

/** How many viewings one run takes per reminder; a backlog (after a long stop) goes on the next minute. */
const BATCH = 500;

/** A claimed viewing, read in the claim's transaction for its e-mail. */
interface Claimed {
  documentId: string;
  propertyLabel: string | null;
  time: string;
  startsAt: string;
  user?: {
    email?: string | null;
    language?: string | null;
    phone?: string | null;
    phoneVerifiedAt?: string | null;
    smsEnabled?: boolean | null;
    viewingEmails?: boolean | null;
  } | null;
  property?: {
    documentId?: string;
    approvalStatus?: string;
    nearestLandmark?: string | null;
    digitalAddress?: string | null;
  } | null;
}

// Accra is on UTC all year (no daylight saving), so its wall clock is the UTC one.
const hhmm = (t: Date) => t.toISOString().slice(11, 16);
const accraDay = (t: Date) => t.toISOString().slice(0, 10);

/**
 * Reminder e-mails before each active viewing (reminder-rules.ts says when), sent by a cron task
 * every minute in every cms process (config/cron-tasks.ts) and by tests through `run()`.
 *
 * Each reminder is claimed in the database: one UPDATE sets the appointment's reminder column to its
 * start only while the viewing is active, due and not yet reminded for that start, and the e-mail is
 * written to the outbox in the same transaction. On PostgreSQL a second process's UPDATE waits for
 * the row and then finds it claimed, so each reminder goes once however many processes run, and a
 * run that fails before its commit leaves the reminder to the next minute. A reminder is due for its
 * whole window (the 2 hour one until the viewing starts), so one whose minute passed while the cms
 * was stopped is sent when it is back.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const now = () => platformService(strapi, 'clock').now();
  const mailer = () => platformService(strapi, 'mailer');

  /**
   * The condition of a viewing due `reminder` at `t`, with its bindings: active, starting in the
   * reminder's window, and neither it nor a nearer reminder sent for this start (the day-before
   * e-mail is pointless once the 2 hour one went).
   */
  function dueAt(reminder: Reminder, t: Date): { sql: string; bindings: unknown[] } {
    const { after, upTo } = reminderWindow(reminder, t);
    const unsent = REMINDERS.filter((r) => r.closesBeforeMs <= reminder.closesBeforeMs)
      .map((r) => `(${r.column} is null or ${r.column} <> starts_at)`)
      .join(' and ');
    return {
      sql: `status in (${ACTIVE_APPOINTMENT_STATUSES.map(() => '?').join(', ')}) and starts_at > ? and starts_at <= ? and ${unsent}`,
      bindings: [...ACTIVE_APPOINTMENT_STATUSES, after, upTo],
    };
  }

  /** Claiming a reminder also marks the farther ones sent, so a later run never sends them late. */
  const claimedColumns = (reminder: Reminder) =>
    REMINDERS.filter((r) => r.closesBeforeMs >= reminder.closesBeforeMs)
      .map((r) => `${r.column} = starts_at`)
      .join(', ');

  function reminderMail(
    v: Claimed,
    kind: ReminderKind,
    t: Date,
    brand: Awaited<ReturnType<ReturnType<typeof mailer>['brand']>>,
  ) {
    const language = knownLanguage(v.user?.language);
    const start = new Date(v.startsAt);
    const text = (key: ViewingMailKey, values: Record<string, string> = {}) =>
      fill(VIEWING_MAIL_TEXT[language][key], { phone: brand.phone, support: brand.supportEmail, ...values });
    const longDate = (at: Date) => accraDate(at, language, { weekday: true });
    // The kept label is English (staff search it): its type and place in the seeker's language.
    const label = v.propertyLabel ? localizePropertyLabel(language, v.propertyLabel) : text('theProperty');
    const landmark = v.property?.nearestLandmark;
    const gps = v.property?.digitalAddress;
    const day =
      accraDay(start) === accraDay(t)
        ? text('reminderToday')
        : accraDay(start) === accraDay(new Date(t.getTime() + 86_400_000))
          ? text('reminderTomorrow')
          : text('reminderOnDate', { date: longDate(start) });
    const lines = [
      text('reminderWhen', { when: atAccraTime(longDate(start), v.time, language) }),
      text('reminderWhere', { place: landmark ? text('placeNear', { label, landmark }) : label }),
      ...(gps ? [text('reminderGps', { gps })] : []),
    ];
    // Seekers may cancel online only while more than 24 hours remain (the cancel route's rule).
    if (canCancel(start, t)) {
      const closes = new Date(start.getTime() - NOTICE_HOURS * 3_600_000);
      lines.push(
        text('reminderCancel', {
          time: hhmm(closes),
          date: longDate(closes),
          // The dashboard in the seeker's language, as the rest of the reminder.
          dashboard: `${brand.siteUrl}${sitePathIn(language, '/dashboard')}`,
        }),
      );
    }
    lines.push(brand.phone ? text('reminderCallOrWrite') : text('reminderWrite'));
    const title = kind === '24h' ? text('reminderTitleDay', { day }) : text('reminderTitleSoon');
    return {
      subject: text('reminderSubject', { label, day, time: v.time }),
      ...mailer().layoutFor(brand, title, lines, undefined, language),
    };
  }

  /** Claims `reminder` of viewing `id` and writes its e-mail, in one transaction; answers whether it wrote one. */
  async function claimAndSend(id: number, reminder: Reminder, t: Date): Promise<boolean> {
    const due = dueAt(reminder, t);
    return strapi.db.transaction(async ({ trx }) => {
      const claimed = rawRows<{ id: number }>(
        await trx.raw(
          `update appointments set ${claimedColumns(reminder)} where id = ? and ${due.sql} returning id`,
          [id, ...due.bindings],
        ),
      );
      if (claimed.length === 0) return false;
      const v = (await strapi.db.query(UID).findOne({
        where: { id },
        select: ['documentId', 'propertyLabel', 'time', 'startsAt'],
        populate: {
          user: { select: ['email', 'language', 'phone', 'phoneVerifiedAt', 'smsEnabled', 'viewingEmails'] },
          property: { select: ['documentId', 'approvalStatus', 'nearestLandmark', 'digitalAddress'] },
        },
      })) as Claimed | null;
      // The seeker's number gets the reminder too when texts go to it (verified, texts on).
      const user = v?.user;
      const phone =
        user?.phone &&
        user.phoneVerifiedAt &&
        user.smsEnabled !== false &&
        platformService(strapi, 'sms').enabled()
          ? user.phone
          : null;
      // E-mail unless the seeker turned viewing e-mails off (texts alone, or My viewings, then).
      const email = user?.email && user.viewingEmails !== false ? user.email : null;
      // A viewing whose account is gone stays claimed, with nobody to remind.
      if (!v || !user || (!email && !phone)) return false;
      // The place as last approved: an admin's edit waiting for review is not the seeker's to read.
      const [place] = await propertyService(strapi, 'approved-versions').versions([
        v.property as PropertyForAnswer | null,
      ]);
      v.property = place && {
        nearestLandmark: place.nearestLandmark ?? null,
        digitalAddress: place.digitalAddress ?? null,
      };
      const brand = await mailer().brand();
      if (email) {
        const mail = reminderMail(v, reminder.kind, t, brand);
        await mailer().send(
          email,
          mail.subject,
          { html: mail.html, text: mail.text },
          // Not worth sending once the viewing has started (the mail server was away until then).
          { discardAfter: new Date(v.startsAt) },
        );
      }
      if (phone) {
        // Sent at any hour: the 2 hour reminder is the one that saves a viewing.
        const language = knownLanguage(user.language);
        await platformService(strapi, 'outbox').enqueueTexts([
          {
            to: phone,
            kind: 'viewing',
            text: viewingText(language, reminder.kind === '24h' ? 'reminder24h' : 'reminder2h', {
              title: v.propertyLabel ? localizePropertyLabel(language, v.propertyLabel) : '',
              at: new Date(v.startsAt),
              link: `${brand.siteUrl}${sitePathIn(language, '/dashboard')}`,
            }),
            discardAfter: new Date(v.startsAt),
          },
        ]);
      }
      return true;
    });
  }

  return {
    /** Sends every reminder due now that no process has sent; answers how many of each it sent. */
    async run(): Promise<Record<ReminderKind, number>> {
      const t = now();
      const sent: Record<ReminderKind, number> = { '24h': 0, '2h': 0 };
      // The nearer reminder first: claiming it marks the day-before one too.
      for (const reminder of REMINDERS) {
        const due = dueAt(reminder, t);
        const candidates = rawRows<{ id: number | string }>(
          await strapi.db.connection.raw(
            `select id from appointments where ${due.sql} order by starts_at, id limit ${BATCH}`,
            due.bindings,
          ),
        );
        for (const { id } of candidates) {
          try {
            if (await claimAndSend(Number(id), reminder, t)) sent[reminder.kind]++;
          } catch (error) {
            // Nothing was kept for this one: the next run tries it again.
            strapi.log.error(
              `[fie] viewing reminders: ${reminder.kind} reminder of appointment ${id} failed: ${(error as Error).message}`,
            );
          }
        }
      }
      if (sent['24h'] + sent['2h'] > 0)
        strapi.log.info(
          `[fie] viewing reminders: ${sent['24h']} sent 24 hours ahead, ${sent['2h']} 2 hours ahead`,
        );
      return sent;
    },
  };
};
