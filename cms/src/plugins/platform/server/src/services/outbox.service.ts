import { randomUUID } from 'node:crypto';
import type { Core } from '@strapi/strapi';
import { rawRows } from '../../../../../shared/raw-rows';
import { BLANKED, outboxSealer } from './outbox-seal';
import { getEmailService } from '../../../../../shared/core-services';
import { senderFor } from '../../../../../shared/mail-sender';
import { getService } from '../get-service';

const UID = 'plugin::platform.outbox-message';
const TABLE = 'outbox_messages';
const RECEIPTS = 'sms_receipts';
/** In an attempt's outcome: the text stays marked (in doubt), not retried. */
const KEEP_MARK = 'fie_keep_mark';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: Array<{ filename: string; content: string; contentType: string }>;
  /** Extra headers (List-Unsubscribe on alerts); never anything a client sent. */
  headers?: Record<string, string>;
  /** Not worth sending after this moment (a code e-mail: when its code expires). */
  discardAfter?: Date;
  /** It carries a one-time code: kept encrypted until sent, then blanked (outbox-seal.ts). */
  secret?: boolean;
}

/** A text message: one GSM-7 part, to a number in E.164. */
export interface OutgoingText {
  to: string;
  text: string;
  /** What it is for: code, viewing, alert, stop (the staff's daily counts read it). */
  kind: string;
  discardAfter?: Date;
  secret?: boolean;
  /** Not to be sent before this moment (an alert written in quiet hours waits for the morning). */
  notBefore?: Date;
}

interface Row {
  id: number;
  message_id: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  attachments: string | OutgoingMail['attachments'] | null;
  headers: string | Record<string, string> | null;
  attempts: number | string;
  discard_after: number | string | Date | null;
  created_at: number | string | Date;
  channel: string | null;
  submitting_at?: number | string | Date | null;
}

/** Seconds to wait before the next try after `attempts` failed ones: 5, 10, 20 … up to 15 minutes. */
export const retryDelaySeconds = (attempts: number) => Math.min(5 * 2 ** Math.max(0, attempts - 1), 900);
/** A message not sent within a day is given up (and logged as an error). */
const GIVE_UP_AFTER_MS = 24 * 3600 * 1000;
/** SQLite: how long a claim keeps other drains off a message (longer than nodemailer's own timeouts). */
const CLAIM_SECONDS = 15 * 60;
const POLL_MS = () => Number(process.env.OUTBOX_POLL_MS ?? 2000);
/** Messages sent at once by one process on PostgreSQL (each holds a database connection while it sends). */
const SEND_LANES = () => Math.min(Math.max(Number(process.env.OUTBOX_SEND_LANES ?? 3) || 1, 1), 8);
/** Texts one lane marks and hands to the SMSC at once (its session pipelines them). */
const TEXT_BATCH = 10;
/**
 * How long a text may stay marked before it is taken to be in doubt: longer than the SMSC's answer
 * deadline (SMS_SUBMIT_TIMEOUT_MS) and the receipt's own retries, so a living sender has always written
 * its outcome by then.
 */
const SETTLE_MS = () => Number(process.env.SMS_SETTLE_MS ?? 120_000);
/** In-doubt texts are looked for at most this often per process. */
const SETTLE_EVERY_MS = 10_000;

/**
 * The outbox: every e-mail the cms sends is first written to `outbox_messages`, inside the
 * transaction of the change it tells of (a booking, a status change, a code), and sent afterwards
 * by a worker that runs in every cms process.
 *
 * - At least once: a message is marked sent only after the SMTP server accepted it, and a failed
 *   try is retried with back-off (5 s, 10 s, 20 s … 15 min) for a day.
 * - No duplicates on PostgreSQL: a drain takes a message with FOR UPDATE SKIP LOCKED and keeps the
 *   row lock until it is marked, so two processes never send the same message, and a process that
 *   dies mid-send lets go of it at once. A crash between the SMTP server's acceptance and the mark
 *   sends it again, with the same Message-ID, so mail clients show it once.
 * - SQLite (one cms process per database file): a drain claims messages for CLAIM_SECONDS in one
 *   statement; a process that starts clears the claims a crashed predecessor left.
 * - Texts, once: an SMS has no Message-ID to make a repeat harmless, so a text is marked
 *   (`submitting_at`, committed) before it goes to the SMSC, and nobody takes a marked text. A process
 *   that dies between the SMSC's acceptance and the outcome leaves the mark; once it is SETTLE_MS old
 *   the text is in doubt, and is settled by the SMSC's delivery receipt for its number, which arrives
 *   on a surviving session naming an id no text has (kept in `sms_receipts`). A text with no such
 *   receipt never reached the SMSC, and is sent again.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const postgres = () => strapi.db.dialect.client === 'postgres';
  const knex = () => strapi.db.connection;
  let sealer: ReturnType<typeof outboxSealer> | undefined;
  const seals = () => (sealer ??= outboxSealer(strapi.config.get('server.app.keys', []) as string[]));
  let timer: NodeJS.Timeout | null = null;
  let draining: Promise<void> | null = null;
  let again = false;
  let stopped = true;

  // A mail server that is away fails every message: one warning a minute says so, with how many
  // failed tries it stands for; each try is logged at debug level.
  let lastWarning = 0;
  let unsaid = 0;
  function warnAtMostEveryMinute(line: string) {
    strapi.log.debug(line);
    if (Date.now() - lastWarning < 60_000) {
      unsaid++;
      return;
    }
    strapi.log.warn(unsaid ? `${line} (and ${unsaid} other failed tries in the last minute)` : line);
    lastWarning = Date.now();
    unsaid = 0;
  }

  const defaultFrom = () => String(strapi.config.get('plugin::email.settings.defaultFrom', '') ?? '');

  /** Message-IDs in the sender's own domain (EMAIL_FROM), as mail servers expect. */
  function messageIdDomain(): string {
    return /@([A-Za-z0-9.-]+)/.exec(defaultFrom())?.[1] ?? 'fiehomes.local';
  }

  type Sender = { name: string; address: string };
  /**
   * The From of the messages a drain sends, read once per drain: EMAIL_FROM's address, named by
   * EMAIL_FROM itself or else by the site settings' brand (mail-sender.ts). Without a name, mail
   * clients show the bare address and spam filters score it.
   */
  async function sender(): Promise<Sender> {
    let brand: string | undefined;
    try {
      brand = (await getService(strapi, 'mailer').brand()).name;
    } catch {
      // The settings could not be read (the database away): the fallback name, and send anyway.
    }
    const emailFrom = String(strapi.config.get('plugin::email.settings.emailFrom', '') || defaultFrom());
    return senderFor(emailFrom, brand);
  }

  const asDate = (value: number | string | Date | null) =>
    value === null
      ? null
      : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);

  /** Sends `row`; answers the SMSC's message id for a text. */
  async function deliver(row: Row, from: Sender): Promise<string | null> {
    if (row.channel === 'sms') {
      return getService(strapi, 'sms').send(row.to_address, seals().open(row.text), row.message_id);
    }
    const attachments = typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments;
    const headers = typeof row.headers === 'string' ? JSON.parse(row.headers) : row.headers;
    const { open } = seals();
    await getEmailService(strapi).send({
      from,
      to: row.to_address,
      subject: open(row.subject),
      html: open(row.html),
      text: open(row.text),
      messageId: row.message_id,
      ...(attachments?.length ? { attachments } : {}),
      ...(headers && Object.keys(headers).length ? { headers } : {}),
    });
    return null;
  }

  /** A code e-mail's columns once it needs them no more (sent, or given up): nothing of the code is kept. */
  const blanked = (row: Row) =>
    seals().isSealed(row.subject) ? { subject: BLANKED, html: BLANKED, text: BLANKED } : {};

  /** What to write after one try of `row`: sent, retried later, or given up. */
  function outcome(
    row: Row,
    error: Error | null,
    t: Date,
    providerId: string | null = null,
  ): Record<string, unknown> {
    const attempts = Number(row.attempts) + 1;
    const base = { attempts, claimed_until: null, updated_at: t };
    if (!error)
      return {
        ...base,
        ...blanked(row),
        sent_at: t,
        last_error: null,
        ...(providerId ? { provider_message_id: providerId } : {}),
      };
    const message = error.message.slice(0, 1000);
    if (t.getTime() - asDate(row.created_at)!.getTime() > GIVE_UP_AFTER_MS) {
      strapi.log.error(
        `[fie] outbox: gave up ${row.message_id} to ${row.to_address} after ${attempts} tries: ${message}`,
      );
      return { ...base, ...blanked(row), failed_at: t, last_error: message };
    }
    warnAtMostEveryMinute(
      `[fie] outbox: could not send ${row.message_id} (try ${attempts}), next in ${retryDelaySeconds(attempts)} s: ${message}`,
    );
    return {
      ...base,
      next_attempt_at: new Date(t.getTime() + retryDelaySeconds(attempts) * 1000),
      last_error: message,
    };
  }

  /** Sends `row` unless it is no longer worth sending; answers what to write. */
  async function attempt(row: Row, from: Sender): Promise<Record<string, unknown>> {
    const t = new Date();
    const discardAfter = asDate(row.discard_after);
    if (discardAfter && discardAfter <= t) {
      return {
        ...blanked(row),
        claimed_until: null,
        updated_at: t,
        failed_at: t,
        last_error: 'Not sent: it expired before it could be sent.',
      };
    }
    try {
      const providerId = await deliver(row, from);
      return outcome(row, null, new Date(), providerId);
    } catch (error) {
      // A text handed over with no answer may have been taken: it keeps its mark, to be settled by its
      // receipt (settleInDoubt) rather than sent again at once.
      if ((error as { inDoubt?: boolean }).inDoubt && row.channel === 'sms')
        return {
          [KEEP_MARK]: true,
          last_error: (error as Error).message.slice(0, 1000),
          updated_at: new Date(),
        };
      return outcome(row, error as Error, new Date());
    }
  }

  const DUE = `sent_at IS NULL AND failed_at IS NULL AND submitting_at IS NULL AND next_attempt_at <= ?`;
  const COLUMNS =
    'id, message_id, to_address, subject, html, text, attachments, headers, attempts, discard_after, created_at, channel';

  /**
   * A marked text's try: sent to the SMSC, then its outcome written, its mark cleared. The write names
   * the mark, so an outcome that comes after the text was settled as in doubt changes nothing.
   */
  async function finishText(row: Row, from: Sender): Promise<void> {
    const { [KEEP_MARK]: keep, ...result } = await attempt(row, from);
    await knex()(TABLE)
      .where({ id: row.id, submitting_at: asDate(row.submitting_at!) })
      .update(keep ? result : { ...result, submitting_at: null });
  }

  /** PostgreSQL: a batch of texts, marked in one committed statement, then handed to the SMSC together. */
  async function sendTextsPostgres(from: Sender): Promise<boolean> {
    const t = new Date();
    const rows = rawRows<Row>(
      await knex().raw(
        `UPDATE ${TABLE} SET submitting_at = ? WHERE id IN (SELECT id FROM ${TABLE} WHERE ${DUE} AND channel = 'sms' ORDER BY next_attempt_at, id LIMIT ${TEXT_BATCH} FOR UPDATE SKIP LOCKED) RETURNING ${COLUMNS}, submitting_at`,
        [t, t],
      ),
    );
    await Promise.all(rows.map((row) => finishText(row, from)));
    return rows.length > 0;
  }

  /** PostgreSQL: one e-mail, locked from the moment it is taken until it is marked. Answers false when none is due. */
  async function sendOnePostgres(from: Sender): Promise<boolean> {
    if (await sendTextsPostgres(from)) return true;
    return knex().transaction(async (trx) => {
      const [row] = rawRows<Row>(
        await trx.raw(
          `SELECT ${COLUMNS} FROM ${TABLE} WHERE ${DUE} AND (channel IS NULL OR channel <> 'sms') ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [new Date()],
        ),
      );
      if (!row) return false;
      await trx(TABLE)
        .where({ id: row.id })
        .update(await attempt(row, from));
      return true;
    });
  }

  /** SQLite: a batch claimed in one statement, then sent one by one. Answers false when none is due. */
  async function sendBatchSqlite(from: Sender): Promise<boolean> {
    const t = new Date();
    // Texts are marked in the claim (see finishText).
    const rows = rawRows<Row>(
      await knex().raw(
        `UPDATE ${TABLE} SET claimed_until = ?, submitting_at = CASE WHEN channel = 'sms' THEN ? ELSE NULL END WHERE id IN (SELECT id FROM ${TABLE} WHERE ${DUE} AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY next_attempt_at, id LIMIT 20) RETURNING ${COLUMNS}, submitting_at`,
        [new Date(t.getTime() + CLAIM_SECONDS * 1000), t, t, t],
      ),
    );
    for (const row of rows)
      if (row.channel === 'sms') await finishText(row, from);
      else
        await knex()(TABLE)
          .where({ id: row.id })
          .update(await attempt(row, from));
    return rows.length > 0;
  }

  /** Sends due messages until none is left; a database error stops this lane until the next tick. */
  async function lane(from: Sender) {
    try {
      while (!stopped && (postgres() ? await sendOnePostgres(from) : await sendBatchSqlite(from)));
    } catch (error) {
      // The database may be away (it is retried at the next tick); the messages wait in the table.
      strapi.log.warn(`[fie] outbox: drain stopped: ${(error as Error).message}`);
    }
  }

  let settledAt = 0;
  /**
   * Texts in doubt: marked over SETTLE_MS ago and never settled (their sender died). One whose number's
   * receipt came in unmatched since its mark was taken by the SMSC: it is marked sent with that
   * receipt's id and word. One without was never taken: its mark is cleared and it goes again.
   */
  async function settleInDoubt(now = false) {
    if (!now && Date.now() - settledAt < SETTLE_EVERY_MS) return;
    settledAt = Date.now();
    const rows = rawRows<Row>(
      await knex().raw(
        `SELECT ${COLUMNS}, submitting_at FROM ${TABLE} WHERE submitting_at < ? AND sent_at IS NULL AND failed_at IS NULL ORDER BY submitting_at LIMIT 100`,
        [new Date(Date.now() - SETTLE_MS())],
      ),
    );
    for (const row of rows)
      await knex().transaction(async (trx) => {
        const mark = asDate(row.submitting_at!)!;
        // A receipt whose id a text was since marked with (one that overtook its mark) is not this one's.
        const receipt:
          | { id: number; provider_message_id: string; status: string; stat: string | null }
          | undefined = await trx(RECEIPTS)
          .where({ to_address: row.to_address })
          .andWhere('received_at', '>=', mark)
          .whereNotExists(
            trx(TABLE)
              .select(trx.raw('1'))
              .whereRaw(`${TABLE}.provider_message_id = ${RECEIPTS}.provider_message_id`),
          )
          .orderBy('received_at')
          .first('id', 'provider_message_id', 'status', 'stat');
        const t = new Date();
        const changes = receipt
          ? {
              ...blanked(row),
              attempts: Number(row.attempts) + 1,
              sent_at: mark,
              provider_message_id: receipt.provider_message_id,
              delivery_status: receipt.status,
              delivery_stat: receipt.stat,
              delivered_at: t,
              last_error: null,
            }
          : { next_attempt_at: t };
        const changed = await trx(TABLE)
          .where({ id: row.id, submitting_at: mark })
          .update({ ...changes, submitting_at: null, claimed_until: null, updated_at: t });
        // Another process may have settled it first (its update then changed nothing here).
        if (!changed) return;
        if (receipt) await trx(RECEIPTS).where({ id: receipt.id }).delete();
        strapi.log.warn(
          receipt
            ? `[fie] outbox: text ${row.message_id} was in doubt; its receipt shows the SMSC took it`
            : `[fie] outbox: text ${row.message_id} was in doubt with no receipt; sending it again`,
        );
      });
  }

  async function drainNow() {
    do {
      again = false;
      try {
        await settleInDoubt();
      } catch (error) {
        strapi.log.warn(`[fie] outbox: could not settle texts in doubt: ${(error as Error).message}`);
      }
      // PostgreSQL: a few messages at once, each in its own locked transaction (SKIP LOCKED keeps them
      // apart), so a run of alerts is not sent one SMTP round trip at a time. SQLite: one batch at a time.
      const from = await sender();
      await Promise.all(Array.from({ length: postgres() ? SEND_LANES() : 1 }, () => lane(from)));
    } while (again && !stopped);
  }

  /**
   * Writes messages in one statement, in the caller's transaction when there is one, and wakes the
   * worker once that commits. A secret message's words are sealed (outbox-seal.ts).
   */
  async function write(
    messages: Array<{
      to: string;
      secret?: boolean;
      discardAfter?: Date;
      notBefore?: Date;
      sealed: { subject: string; html: string; text: string };
      plain: Record<string, unknown>;
    }>,
  ): Promise<void> {
    if (messages.length === 0) return;
    await strapi.db.transaction(async ({ onCommit }) => {
      const t = new Date();
      const domain = messageIdDomain();
      const data = messages.map((message) => {
        const kept = message.secret ? seals().seal : (value: string) => value;
        return {
          messageId: `<${randomUUID()}@${domain}>`,
          toAddress: message.to,
          subject: kept(message.sealed.subject),
          html: kept(message.sealed.html),
          text: kept(message.sealed.text),
          ...message.plain,
          attempts: 0,
          nextAttemptAt: message.notBefore && message.notBefore > t ? message.notBefore : t,
          discardAfter: message.discardAfter ?? null,
        };
      });
      await strapi.db.query(UID).createMany({ data });
      onCommit(() => service.kick());
    });
  }

  const service = {
    /**
     * Writes `mail` to the outbox, in the caller's transaction when there is one (so it is kept
     * exactly when the change that causes it is), and wakes the worker once that commits.
     */
    async enqueue(mail: OutgoingMail): Promise<void> {
      await service.enqueueMany([mail]);
    },

    /**
     * Several e-mails at once (an alert run's batch), in as few statements as the database takes:
     * written as enqueue writes one, in the caller's transaction when there is one.
     */
    async enqueueMany(mails: OutgoingMail[]): Promise<void> {
      await write(
        mails.map((mail) => ({
          to: mail.to,
          secret: mail.secret,
          discardAfter: mail.discardAfter,
          sealed: { subject: mail.subject, html: mail.html, text: mail.text },
          plain: {
            attachments: mail.attachments?.length ? mail.attachments : null,
            headers: mail.headers && Object.keys(mail.headers).length ? mail.headers : null,
          },
        })),
      );
    },

    /**
     * Texts, as `enqueueMany` writes e-mails: in the caller's transaction, sent by the same worker with
     * the same retries, through the SMSC instead of the mail server.
     */
    async enqueueTexts(texts: OutgoingText[]): Promise<void> {
      await write(
        texts.map((text) => ({
          to: text.to,
          secret: text.secret,
          discardAfter: text.discardAfter,
          notBefore: text.notBefore,
          sealed: { subject: text.kind, html: '', text: text.text },
          plain: { channel: 'sms', kind: text.kind },
        })),
      );
    },

    /**
     * A delivery receipt: the text the SMSC named is marked delivered or failed. A receipt may overtake
     * the mark of the text being sent (the SMSC answers and reports within milliseconds), so one that
     * finds no text is tried again a few times before it is let go.
     */
    async recordReceipt(receipt: {
      providerMessageId: string;
      status: string;
      stat: string;
      /** The number the text went to (E.164), where the receipt names it. */
      to?: string;
    }): Promise<boolean> {
      for (const wait of [0, 200, 1000, 3000, 10_000]) {
        if (wait) await new Promise((resolve) => setTimeout(resolve, wait).unref());
        if (stopped) return false;
        const changed = await knex()(TABLE)
          .where({ provider_message_id: receipt.providerMessageId, channel: 'sms' })
          .update({
            delivery_status: receipt.status,
            delivery_stat: receipt.stat,
            delivered_at: new Date(),
            updated_at: new Date(),
          });
        if (changed > 0) return true;
      }
      // A text whose sender died before writing the SMSC's id down: kept for settleInDoubt to match by number.
      if (receipt.to && !stopped)
        await strapi.db.query('plugin::platform.sms-receipt').create({
          data: {
            providerMessageId: receipt.providerMessageId,
            toAddress: receipt.to,
            status: receipt.status,
            stat: receipt.stat,
            receivedAt: new Date(),
          },
        });
      strapi.log.debug(`[fie] outbox: a receipt for an unknown text ${receipt.providerMessageId}`);
      return false;
    },

    /** Settles the texts in doubt now, rather than at the drain's next look (tests). */
    settleInDoubt: () => settleInDoubt(true),

    /** Starts a drain soon (or once more after the one running). */
    kick() {
      if (stopped) return;
      if (draining) {
        again = true;
        return;
      }
      // Detached from the request that committed the message: its answer does not wait for SMTP.
      draining = new Promise<void>((resolve) => setImmediate(resolve)).then(drainNow).finally(() => {
        draining = null;
      });
    },

    /** True while some e-mail waits after a failed try: the mail server is away or refusing. */
    async delayed(): Promise<boolean> {
      const row = await strapi.db.query(UID).findOne({
        where: { sentAt: null, failedAt: null, lastError: { $notNull: true }, channel: null },
        select: ['id'],
      });
      return Boolean(row);
    },

    /** Starts the worker of this process: a drain now, then every OUTBOX_POLL_MS (2 s). */
    async start() {
      await knex().raw(
        `CREATE INDEX IF NOT EXISTS outbox_messages_due_idx ON ${TABLE} (next_attempt_at, id) WHERE sent_at IS NULL AND failed_at IS NULL`,
      );
      // One process per SQLite file: claims left by a process that died are void.
      if (!postgres())
        await knex()(TABLE)
          .whereNull('sent_at')
          .whereNotNull('claimed_until')
          .update({ claimed_until: null });
      stopped = false;
      timer = setInterval(() => service.kick(), POLL_MS());
      timer.unref();
      service.kick();
    },

    /** Stops the worker; a send under way finishes and is marked. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await draining;
    },

    /** Waits until nothing is due (tests and scripts); answers false when `timeoutMs` passes first. */
    async settled(timeoutMs = 10_000): Promise<boolean> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const due = await strapi.db
          .query(UID)
          .count({ where: { sentAt: null, failedAt: null, nextAttemptAt: { $lte: new Date() } } });
        if (due === 0 && !draining) return true;
        if (Date.now() > until) return false;
        service.kick();
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
  return service;
};
