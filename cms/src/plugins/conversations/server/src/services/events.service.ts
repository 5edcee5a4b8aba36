import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { writeVersion } from '../../../../../shared/write-version';

// The conversations' live events. Each message sent writes a row to thread_events in its own
// transaction. On PostgreSQL an insert there first takes the lock of a one-row version table (the
// write-version trigger), held to commit, so events are numbered in the order they are committed and a
// reader that has event N has every event before it: "everything after my Last-Event-ID" loses
// nothing. Every cms process hears of new events at commit (LISTEN/NOTIFY on that version) and hands
// them, in order, to the streams it holds (the site processes' connections).

const EVENTS = 'thread_events';
export const threadEventsVersion = writeVersion(
  'thread_events',
  [EVENTS],
  'conversations are live only within the cms process a message was written to',
);

/** One event as the streams carry it. */
export interface ThreadEvent {
  /** Its number: the stream's event id. */
  id: number;
  kind: 'enquiry' | 'appointment';
  /** The enquiry's or viewing's documentId. */
  subject: string;
  /** The message's number in its thread. */
  seq: number;
  from: 'seeker' | 'staff';
  /** up_users.id of the thread's seeker (who, besides staff, may be told). */
  seeker: number;
  type: 'message';
}

interface EventRow {
  id: number | string;
  kind: ThreadEvent['kind'];
  subject_id: string;
  seq: number | string;
  author_role: ThreadEvent['from'];
  seeker_id: number | string;
}

const toEvent = (r: EventRow): ThreadEvent => ({
  id: Number(r.id),
  kind: r.kind,
  subject: r.subject_id,
  seq: Number(r.seq),
  from: r.author_role,
  seeker: Number(r.seeker_id),
  type: 'message',
});

/** The most events read at once, by a wake-up or a replay (a reconnecting stream asks again for more). */
const BATCH = 1000;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;
  const listeners = new Set<(event: ThreadEvent) => void>();
  let last = -1;
  let pumping: Promise<void> | null = null;
  let again = false;
  let stopListening: (() => Promise<void>) | null = null;
  // The streams open on this process, ended when it stops (an open stream would keep its server up).
  const streams = new Set<() => void>();

  /** Reads what was committed since the last event handed on, and hands each to every listener, in order. */
  async function pump(): Promise<void> {
    do {
      again = false;
      for (;;) {
        const rows: EventRow[] = await knex()(EVENTS)
          .where('id', '>', last)
          .orderBy('id')
          .limit(BATCH)
          .select('id', 'kind', 'subject_id', 'seq', 'author_role', 'seeker_id');
        for (const row of rows) {
          const event = toEvent(row);
          last = event.id;
          for (const listener of listeners) listener(event);
        }
        if (rows.length < BATCH) break;
      }
    } while (again);
  }

  /** Runs the pump now, or once more after the run under way (a wake-up is never lost). */
  function wake(): Promise<void> {
    if (pumping) {
      again = true;
      return pumping;
    }
    const run = pump()
      .catch((error: Error) => {
        strapi.log.warn(`[conversations] could not read new events: ${error.message}`);
      })
      .finally(() => {
        pumping = null;
      });
    pumping = run;
    return run;
  }

  return {
    /** Starts hearing other processes' events (PostgreSQL); events from before now are not handed on. */
    async start() {
      await threadEventsVersion.ensure(strapi);
      const newest = await knex()(EVENTS).max({ id: 'id' }).first();
      last = newest?.id === null || newest?.id === undefined ? 0 : Number(newest.id);
      stopListening = await threadEventsVersion.listen(strapi, () => void wake());
    },

    async stop() {
      await stopListening?.();
      stopListening = null;
      for (const end of [...streams]) end();
      listeners.clear();
    },

    /** Writes the event of a message sent, in the message's transaction (as its last write: see above). */
    async record(
      trx: Knex.Transaction,
      event: { threadId: number; seekerId: number; kind: string; subject: string; seq: number; from: string },
    ) {
      const at = new Date();
      await trx(EVENTS).insert({
        thread_id: event.threadId,
        seeker_id: event.seekerId,
        kind: event.kind,
        subject_id: event.subject,
        seq: event.seq,
        author_role: event.from,
        created_at: at,
        updated_at: at,
        published_at: at,
      });
    },

    /** After a commit in this process: hands its events on without waiting for the notification. */
    wake,

    /** The events after `after` (for staff, every thread's; for a seeker, `seeker`'s threads'), oldest first. */
    async since(after: number, seeker?: number): Promise<ThreadEvent[]> {
      const query = knex()(EVENTS).where('id', '>', after).orderBy('id').limit(BATCH);
      if (seeker !== undefined) query.andWhere('seeker_id', seeker);
      const rows: EventRow[] = await query.select(
        'id',
        'kind',
        'subject_id',
        'seq',
        'author_role',
        'seeker_id',
      );
      return rows.map(toEvent);
    },

    /** The newest event's number (0 when there is none). */
    async newest(): Promise<number> {
      const row = await knex()(EVENTS).max({ id: 'id' }).first();
      return row?.id === null || row?.id === undefined ? 0 : Number(row.id);
    },

    /**
     * Hands `listener` every event committed after `after`, in order, none twice: first those already
     * committed (read here), then each new one as this process hears of it. Answers the unsubscribe.
     */
    async follow(
      after: number,
      listener: (event: ThreadEvent) => void,
      onStop?: () => void,
    ): Promise<() => void> {
      let sentUpTo = after;
      const buffered: ThreadEvent[] = [];
      let replaying = true;
      const live = (event: ThreadEvent) => {
        if (replaying) buffered.push(event);
        else if (event.id > sentUpTo) {
          sentUpTo = event.id;
          listener(event);
        }
      };
      listeners.add(live);
      try {
        for (;;) {
          const batch = await this.since(sentUpTo);
          for (const event of batch) {
            sentUpTo = event.id;
            listener(event);
          }
          if (batch.length < BATCH) break;
        }
      } finally {
        replaying = false;
      }
      for (const event of buffered)
        if (event.id > sentUpTo) {
          sentUpTo = event.id;
          listener(event);
        }
      if (onStop) streams.add(onStop);
      return () => {
        listeners.delete(live);
        if (onStop) streams.delete(onStop);
      };
    },
  };
};
