import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { fill, knownLanguage, localizePropertyLabel, messageText, type Language } from '@fie/domain';
import { MONEY_WARNING } from '@fie/domain/message-guard';
import { asIsoDate, rawRows } from '../../../../../shared/raw-rows';
import { sitePathIn } from '../../../../../shared/mail-language';
import { getService as platformService } from '../../../../platform/server/src/get-service';
import { getService as accountsService } from '../../../../accounts/server/src/get-service';

// Telling people of messages they have not read. A message from staff that the seeker has not read
// after two minutes is e-mailed to them, and texted where they chose texts; one from a seeker that no
// one on staff has read is e-mailed to the staff member the thread is assigned to, or to the staff
// inbox. Messages read in time send nothing, and all the unread ones of a thread go in one notice.
// A cron task runs this every minute in every cms process; each thread's notice is claimed under its
// row lock, so two processes never send the same one.

/** How long a message waits unread before it is sent on. */
export const UNREAD_WAIT_MS = 2 * 60_000;
const THREADS = 'threads';
const MESSAGES = 'thread_messages';
/** Threads handled per run (the next run takes the rest). */
const PER_RUN = 200;
/** Messages quoted in one notice; more are counted. */
const QUOTED = 5;

const WORDS: Record<
  Language,
  {
    subjectOne: string;
    subjectMany: string;
    intro: string;
    general: string;
    read: string;
    settings: string;
    noFee: string;
  }
> = {
  en: {
    subjectOne: 'New message from Fie Homes about {label}',
    subjectMany: '{count} new messages from Fie Homes about {label}',
    intro: 'Fie Homes wrote to you about {label}:',
    general: 'your enquiry',
    read: 'Read and reply: {link}',
    settings: 'You get this e-mail because message e-mails are on in your settings: {link}',
    noFee: `${MONEY_WARNING}.`,
  },
  fr: {
    subjectOne: 'Nouveau message de Fie Homes pour {label}',
    subjectMany: '{count} nouveaux messages de Fie Homes pour {label}',
    intro: 'Fie Homes vous a écrit pour {label} :',
    general: 'votre demande',
    read: 'Lire et répondre : {link}',
    settings: 'Vous recevez cet e-mail car les e-mails de messages sont activés dans vos réglages : {link}',
    noFee: 'Fie Homes ne demande jamais d’argent pour visiter un bien.',
  },
  es: {
    subjectOne: 'Nuevo mensaje de Fie Homes sobre {label}',
    subjectMany: '{count} mensajes nuevos de Fie Homes sobre {label}',
    intro: 'Fie Homes le escribió sobre {label}:',
    general: 'su consulta',
    read: 'Leer y responder: {link}',
    settings: 'Recibe este correo porque los correos de mensajes están activados en sus ajustes: {link}',
    noFee: 'Fie Homes nunca pide dinero para visitar una propiedad.',
  },
};

interface ThreadRow {
  id: number;
  kind: 'enquiry' | 'appointment';
  subject_id: string;
  seeker_id: number;
  assignee_id: number | null;
  label: string | null;
  last_seeker_seq: number;
  last_staff_seq: number;
  seeker_read_seq: number;
  staff_read_seq: number;
  seeker_notified_seq: number;
  staff_notified_seq: number;
}

interface MessageRow {
  seq: number;
  author_name: string | null;
  text: string;
  sent_at: unknown;
}

/** The later of two numbers as SQL both databases read. */
const later = (a: string, b: string) => `(case when ${a} > ${b} then ${a} else ${b} end)`;
const SIDES = {
  // The seeker is told of staff's messages past what they read or were told of.
  seeker: {
    from: 'staff',
    last: 't.last_staff_seq',
    mark: later('t.seeker_read_seq', 't.seeker_notified_seq'),
  },
  staff: {
    from: 'seeker',
    last: 't.last_seeker_seq',
    mark: later('t.staff_read_seq', 't.staff_notified_seq'),
  },
} as const;
type Side = keyof typeof SIDES;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;
  const now = () => platformService(strapi, 'clock').now();
  const postgres = () => strapi.db.dialect.client === 'postgres';

  /** Threads whose first message unread by `side` is older than the wait, and not yet told of. */
  async function due(side: Side, cutoff: Date): Promise<number[]> {
    const { from, last, mark } = SIDES[side];
    const rows = rawRows<{ id: number }>(
      await knex().raw(
        `select t.id from ${THREADS} t
         where ${last} > ${mark}
           and exists (select 1 from ${MESSAGES} m where m.thread_id = t.id and m.author_role = ? and m.status = 'sent'
                       and m.seq > ${mark} and m.sent_at <= ?)
         order by t.id limit ${PER_RUN}`,
        [from, cutoff],
      ),
    );
    return rows.map((r) => Number(r.id));
  }

  /**
   * Claims the notice of thread `id` for `side` (under its row lock, re-checked) and writes it to the
   * outbox in the same transaction; answers whether one was written.
   */
  async function claim(side: Side, id: number, cutoff: Date): Promise<boolean> {
    return strapi.db.transaction(async ({ trx }: { trx: Knex.Transaction }) => {
      const query = trx<ThreadRow>(THREADS).where({ id }).first();
      const thread = (await (postgres() ? query.forUpdate() : query)) as ThreadRow | undefined;
      if (!thread) return false;
      const read = Number(side === 'seeker' ? thread.seeker_read_seq : thread.staff_read_seq);
      const told = Number(side === 'seeker' ? thread.seeker_notified_seq : thread.staff_notified_seq);
      const mark = Math.max(read, told);
      const messages: MessageRow[] = await trx(MESSAGES)
        .where({ thread_id: id, author_role: SIDES[side].from, status: 'sent' })
        .andWhere('seq', '>', mark)
        .orderBy('seq')
        .select('seq', 'author_name', 'text', 'sent_at');
      const first = messages[0];
      if (!first || new Date(asIsoDate(first.sent_at) ?? 0) > cutoff) return false;
      const upTo = Number(messages[messages.length - 1]!.seq);
      await trx(THREADS)
        .where({ id })
        .update(side === 'seeker' ? { seeker_notified_seq: upTo } : { staff_notified_seq: upTo });
      if (side === 'seeker') await toSeeker(thread, messages);
      else await toStaff(thread, messages);
      return true;
    });
  }

  /** The seeker's notice: an e-mail where message e-mails are on, a text where message texts are on. */
  async function toSeeker(thread: ThreadRow, messages: MessageRow[]) {
    const user = await strapi.db
      .query('plugin::users-permissions.user')
      .findOne({ where: { id: thread.seeker_id } });
    if (!user || user.blocked) return;
    const language = knownLanguage(user.language);
    const w = WORDS[language];
    const mailer = platformService(strapi, 'mailer');
    const brand = await mailer.brand();
    const link = `${brand.siteUrl}${sitePathIn(language, `/messages/${thread.kind}/${thread.subject_id}`)}`;
    const label = thread.label ? localizePropertyLabel(language, thread.label) : w.general;
    if (user.email && user.messageEmails !== false) {
      const lines = [
        fill(w.intro, { label }),
        ...messages.slice(0, QUOTED).map((m) => `${m.author_name ?? brand.name}: ${m.text}`),
        ...(messages.length > QUOTED ? [`(+${messages.length - QUOTED})`] : []),
        fill(w.read, { link }),
        w.noFee,
        fill(w.settings, { link: `${brand.siteUrl}${sitePathIn(language, '/settings')}` }),
      ];
      const subject =
        messages.length === 1
          ? fill(w.subjectOne, { label })
          : fill(w.subjectMany, { label, count: messages.length });
      await mailer.send(user.email, subject, mailer.layoutFor(brand, subject, lines, undefined, language));
    }
    const texting =
      platformService(strapi, 'sms').enabled() &&
      user.phone &&
      user.phoneVerifiedAt &&
      user.messageTexts !== false;
    if (texting)
      await platformService(strapi, 'outbox').enqueueTexts([
        {
          to: user.phone,
          kind: 'message',
          text: messageText(language, { title: label, count: messages.length, link }),
        },
      ]);
  }

  /** Staff's notice: to the colleague the thread is assigned to, else to the staff inbox. */
  async function toStaff(thread: ThreadRow, messages: MessageRow[]) {
    const mailer = platformService(strapi, 'mailer');
    const brand = await mailer.brand();
    const link = `${brand.siteUrl}/messages/${thread.kind}/${thread.subject_id}`;
    const what = `${thread.kind === 'enquiry' ? 'enquiry' : 'viewing'}${thread.label ? ` (${thread.label})` : ''}`;
    const subject =
      messages.length === 1
        ? `New message from a seeker: ${what}`
        : `${messages.length} new messages from a seeker: ${what}`;
    const lines = [
      `Unread for ${UNREAD_WAIT_MS / 60_000} minutes in the ${what}:`,
      ...messages.slice(0, QUOTED).map((m) => `${m.author_name ?? 'The seeker'}: ${m.text}`),
      ...(messages.length > QUOTED ? [`(+${messages.length - QUOTED} more)`] : []),
      `Read and reply: ${link}`,
    ];
    const assignee = thread.assignee_id
      ? await strapi.db.query('plugin::users-permissions.user').findOne({ where: { id: thread.assignee_id } })
      : null;
    if (assignee?.email && !assignee.blocked)
      await mailer.send(assignee.email, subject, mailer.layoutFor(brand, subject, lines));
    else await accountsService(strapi, 'staff-mail').send('notices', { subject, title: subject, lines });
  }

  return {
    /** Sends every notice due now; answers how many threads each side was told of. */
    async run(): Promise<{ seekers: number; staff: number }> {
      const cutoff = new Date(now().getTime() - UNREAD_WAIT_MS);
      const told = { seekers: 0, staff: 0 };
      for (const side of ['seeker', 'staff'] as const) {
        for (const id of await due(side, cutoff)) {
          try {
            if (await claim(side, id, cutoff)) told[side === 'seeker' ? 'seekers' : 'staff']++;
          } catch (error) {
            strapi.log.warn(
              `[conversations] could not send the notice of thread ${id}: ${(error as Error).message}`,
            );
          }
        }
      }
      return told;
    },
  };
};
