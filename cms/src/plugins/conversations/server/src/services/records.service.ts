import type { Core } from '@strapi/strapi';
import { knownLanguage, type Language } from '@fie/domain';
import { asIsoDate, rawRows } from '../../../../../shared/raw-rows';
import { getService as platformService } from '../../../../platform/server/src/get-service';

// The conversations as records: a seeker's copy of their own (JSON, and a page a person reads), the
// messages of a deleted account kept without who wrote them, and the conversations of closed
// enquiries and finished viewings deleted once the retention period (system settings) has passed.

const THREADS = 'threads';
const MESSAGES = 'thread_messages';
const EVENTS = 'thread_events';
/** An enquiry with one of these is closed; a viewing not Ongoing or Rescheduled is over. */
const CLOSED_ENQUIRY = ['Closed by others', 'No longer interested'];
const ACTIVE_VIEWING = ['Ongoing', 'Rescheduled'];
/** Threads deleted per statement (a run goes on until none is left). */
const PURGE_BATCH = 1000;
/** Days the live stream's events are kept. */
const EVENTS_KEPT_DAYS = 7;
/** How a deleted account is named on its messages. */
export const FORMER_ACCOUNT = { seeker: 'Former seeker', staff: 'Former staff member' } as const;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const WORDS: Record<
  Language,
  { title: string; enquiry: string; viewing: string; general: string; none: string }
> = {
  en: {
    title: 'My conversations with Fie Homes',
    enquiry: 'Enquiry',
    viewing: 'Viewing',
    general: 'General enquiry',
    none: 'No conversations.',
  },
  fr: {
    title: 'Mes conversations avec Fie Homes',
    enquiry: 'Demande',
    viewing: 'Visite',
    general: 'Demande générale',
    none: 'Aucune conversation.',
  },
  es: {
    title: 'Mis conversaciones con Fie Homes',
    enquiry: 'Consulta',
    viewing: 'Visita',
    general: 'Consulta general',
    none: 'Ninguna conversación.',
  },
};

export interface ExportedThread {
  kind: 'enquiry' | 'appointment';
  id: string;
  label: string | null;
  messages: { from: 'seeker' | 'staff'; author: string; text: string; sentAt: string | null }[];
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;
  const now = () => platformService(strapi, 'clock').now();

  return {
    /** Every conversation of the seeker `userId`, with every message sent in it, oldest first. */
    async exportOf(userId: number): Promise<ExportedThread[]> {
      const threads = await knex()(THREADS)
        .where({ seeker_id: userId })
        .andWhere('last_seq', '>', 0)
        .orderBy('last_message_at', 'desc')
        .select('id', 'kind', 'subject_id', 'label');
      const messages = threads.length
        ? await knex()(MESSAGES)
            .whereIn(
              'thread_id',
              threads.map((t) => t.id),
            )
            .andWhere({ status: 'sent' })
            .orderBy(['thread_id', 'seq'])
            .select('thread_id', 'author_role', 'author_name', 'text', 'sent_at')
        : [];
      return threads.map((t) => ({
        kind: t.kind,
        id: t.subject_id,
        label: t.label ?? null,
        messages: messages
          .filter((m) => Number(m.thread_id) === Number(t.id))
          .map((m) => ({
            from: m.author_role,
            author: m.author_name ?? '',
            text: m.text,
            sentAt: asIsoDate(m.sent_at),
          })),
      }));
    },

    /** The same as a page to read or print, in the seeker's language. */
    exportPage(threads: ExportedThread[], language: unknown): string {
      const lang = knownLanguage(language);
      const w = WORDS[lang];
      const when = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : lang, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Africa/Accra',
      });
      const sections = threads.map((t) => {
        const heading = `${t.kind === 'enquiry' ? w.enquiry : w.viewing}: ${t.label ?? w.general}`;
        const items = t.messages
          .map(
            (m) =>
              `<li><p><strong>${escapeHtml(m.author)}</strong> · <time datetime="${m.sentAt ?? ''}">${m.sentAt ? escapeHtml(when.format(new Date(m.sentAt))) : ''}</time></p><p>${escapeHtml(m.text).replace(/\n/g, '<br>')}</p></li>`,
          )
          .join('\n');
        return `<section><h2>${escapeHtml(heading)}</h2>\n<ol>\n${items}\n</ol></section>`;
      });
      return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(w.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;color:#1c1917}ol{list-style:none;padding:0}li{border:1px solid #e7e5e4;border-radius:.5rem;padding:.5rem .75rem;margin:.5rem 0}li p{margin:.25rem 0}h2{font-size:1.1rem;margin-top:2rem}</style>
</head>
<body>
<h1>${escapeHtml(w.title)}</h1>
${sections.length ? sections.join('\n') : `<p>${escapeHtml(w.none)}</p>`}
</body>
</html>
`;
    },

    /**
     * The account `userId` is being deleted: its messages stay in their threads (the other side's
     * record, and the staff audit) but no longer say who wrote them, and its threads lose their seeker.
     */
    async anonymise(userId: number): Promise<void> {
      await strapi.db.transaction(async ({ trx }) => {
        for (const role of ['seeker', 'staff'] as const)
          await trx(MESSAGES)
            .where({ author_id: userId, author_role: role })
            .update({ author_id: null, author_name: FORMER_ACCOUNT[role] });
        await trx(MESSAGES).where({ reviewed_by_id: userId }).update({ reviewed_by_id: null });
        await trx(THREADS).where({ seeker_id: userId }).update({ seeker_id: 0 });
        await trx(THREADS).where({ assignee_id: userId }).update({ assignee_id: null });
        await trx(EVENTS).where({ seeker_id: userId }).update({ seeker_id: 0 });
      });
    },

    /**
     * Deletes the conversations of closed enquiries and finished viewings (and of subjects deleted)
     * whose last message is older than the retention period; answers how many threads went.
     */
    async purgeExpired(): Promise<number> {
      const months = Number(await strapi.service('api::system-setting.system').threadRetentionMonths());
      const cutoff = new Date(now());
      cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
      let purged = 0;
      for (;;) {
        const ids = rawRows<{ id: number }>(
          await knex().raw(
            `select t.id from ${THREADS} t
             left join enquiries e on t.kind = 'enquiry' and e.document_id = t.subject_id
             left join appointments a on t.kind = 'appointment' and a.document_id = t.subject_id
             where coalesce(t.last_message_at, t.created_at) < ?
               and ((t.kind = 'enquiry' and (e.id is null or e.status in (${CLOSED_ENQUIRY.map(() => '?').join(', ')})))
                 or (t.kind = 'appointment' and (a.id is null or a.status not in (${ACTIVE_VIEWING.map(() => '?').join(', ')}))))
             limit ${PURGE_BATCH}`,
            [cutoff, ...CLOSED_ENQUIRY, ...ACTIVE_VIEWING],
          ),
        ).map((r) => Number(r.id));
        if (ids.length === 0) break;
        await strapi.db.transaction(async ({ trx }) => {
          await trx(MESSAGES).whereIn('thread_id', ids).delete();
          await trx(EVENTS).whereIn('thread_id', ids).delete();
          await trx(THREADS).whereIn('id', ids).delete();
        });
        purged += ids.length;
        if (ids.length < PURGE_BATCH) break;
      }
      if (purged) strapi.log.info(`[conversations] deleted ${purged} conversations past ${months} months`);
      // The live stream's events are asked for again only by a reconnecting stream: a week is plenty.
      await knex()(EVENTS)
        .where('created_at', '<', new Date(now().getTime() - EVENTS_KEPT_DAYS * 86_400_000))
        .delete();
      return purged;
    },
  };
};
