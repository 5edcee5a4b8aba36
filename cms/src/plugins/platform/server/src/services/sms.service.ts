import smpp, { type Pdu, type Session } from 'smpp';
import type { Core } from '@strapi/strapi';
import { isGsm7 } from '@fie/domain';

/**
 * The texts' transport: SMPP 3.4 to an aggregator's SMSC (SMPP_URL), or an HTTP provider behind the
 * same two calls (SMS_HTTP_URL). The outbox calls `send` for each text it holds; what comes back from
 * the SMSC (delivery receipts, texts from phones such as STOP) goes to the handlers that `onReceipt`
 * and `onInbound` registered.
 *
 * One SMPP session per cms process, bound as a transceiver on first use and kept open with
 * enquire_link; when it drops, the next text binds again. Submits are pipelined (the SMSC answers each
 * by sequence number), each with a deadline, so a silent SMSC fails the text for a retry rather than
 * holding it.
 */

export interface Receipt {
  /** The SMSC's message id, as its submit_sm_resp gave it. */
  providerMessageId: string;
  status: 'delivered' | 'failed';
  /** The SMSC's word for it (DELIVRD, UNDELIV, EXPIRED…). */
  stat: string;
  /** The number the text went to, in E.164 (the receipt's source address). */
  to?: string;
}

export interface Inbound {
  /** The phone's number as the SMSC gave it (E.164 with or without its +). */
  from: string;
  text: string;
}

const SUBMIT_TIMEOUT_MS = () => Number(process.env.SMS_SUBMIT_TIMEOUT_MS ?? 15_000);
const BIND_TIMEOUT_MS = 10_000;
const ENQUIRE_LINK_MS = 30_000;
const ESM_RECEIPT_MASK = 0x3c;
const ESM_RECEIPT = 0x04;
const DATA_CODING_GSM7 = 0x00;
const DATA_CODING_UCS2 = 0x08;
const TON_INTERNATIONAL = 1;
const TON_ALPHANUMERIC = 5;
const NPI_ISDN = 1;
const FAILED_STATS = new Set(['UNDELIV', 'REJECTD', 'EXPIRED', 'DELETED', 'UNKNOWN']);

/** What a receipt's text says: `id:… sub:… dlvrd:… submit date:… done date:… stat:DELIVRD err:…`. */
export function readReceipt(text: string): Receipt | null {
  const id = /(?:^|\s)id:(\S+)/i.exec(text)?.[1];
  const stat = /(?:^|\s)stat:(\w+)/i.exec(text)?.[1]?.toUpperCase();
  if (!id || !stat) return null;
  if (stat === 'DELIVRD') return { providerMessageId: id, status: 'delivered', stat };
  if (FAILED_STATS.has(stat)) return { providerMessageId: id, status: 'failed', stat };
  return null; // ACCEPTD, ENROUTE: not final
}

const messageText = (pdu: Pdu): string => {
  const body = pdu.short_message;
  const message = typeof body === 'object' && body !== null && !Buffer.isBuffer(body) ? body.message : body;
  return Buffer.isBuffer(message) ? message.toString('utf8') : String(message ?? '');
};

/** smpp's error constants by value, to name a refusal (ESME_RTHROTTLED rather than 88). */
const errorName = (status: number) =>
  Object.entries(smpp).find(([key, value]) => key.startsWith('ESME_') && value === status)?.[0] ??
  `status ${status}`;

class SmppLink {
  private session: Session | null = null;
  private bound: Promise<Session> | null = null;

  constructor(
    private readonly url: URL,
    private readonly onDeliver: (pdu: Pdu) => void,
  ) {}

  /** The bound session, binding first when there is none. */
  bind(): Promise<Session> {
    if (this.bound) return this.bound;
    let attempt: Promise<Session> | null = null;
    attempt = new Promise<Session>((resolve, reject) => {
      const { hostname, port } = this.url;
      const session = smpp.connect({
        url: `smpp://${hostname}:${port || 2775}`,
        auto_enquire_link_period: ENQUIRE_LINK_MS,
      });
      const fail = (error: Error) => {
        clearTimeout(timer);
        this.drop(session, attempt);
        reject(error);
      };
      const timer = setTimeout(
        () => fail(new Error('SMSC did not answer the bind in time')),
        BIND_TIMEOUT_MS,
      );
      session.on('connect', () =>
        session.bind_transceiver(
          {
            system_id: decodeURIComponent(this.url.username),
            password: decodeURIComponent(this.url.password),
          },
          (pdu) => {
            if (pdu.command_status !== 0)
              return fail(new Error(`SMSC refused the bind: ${errorName(pdu.command_status)}`));
            clearTimeout(timer);
            this.session = session;
            resolve(session);
          },
        ),
      );
      session.on('deliver_sm', (pdu: Pdu) => {
        session.send(pdu.response());
        this.onDeliver(pdu);
      });
      // The SMSC's own enquire_link must be answered or it drops the session.
      session.on('enquire_link', (pdu: Pdu) => session.send(pdu.response()));
      session.on('error', (error: Error) => fail(error));
      session.on('close', () => fail(new Error('SMSC closed the connection')));
    });
    this.bound = attempt;
    return attempt;
  }

  /** Forgets `session` (once it failed or closed) so the next text binds again; a newer bind is kept. */
  private drop(session: Session, attempt: Promise<Session> | null) {
    const current = attempt === null ? this.session === session : this.bound === attempt;
    if (this.session === session) this.session = null;
    if (current) this.bound = null;
    session.destroy();
  }

  async submit(to: string, text: string, sender: string): Promise<string> {
    const session = await this.bind();
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        // A session that stops answering is no use to the texts behind this one either. The SMSC may
        // have taken the text all the same: the outbox settles it by its receipt (inDoubt).
        this.drop(session, null);
        reject(Object.assign(new Error('SMSC did not answer the text in time'), { inDoubt: true }));
      }, SUBMIT_TIMEOUT_MS());
      const written = session.submit_sm(
        {
          source_addr: sender,
          source_addr_ton: /^\+?\d+$/.test(sender) ? TON_INTERNATIONAL : TON_ALPHANUMERIC,
          source_addr_npi: /^\+?\d+$/.test(sender) ? NPI_ISDN : 0,
          destination_addr: to.replace(/^\+/, ''),
          dest_addr_ton: TON_INTERNATIONAL,
          dest_addr_npi: NPI_ISDN,
          short_message: text,
          data_coding: isGsm7(text) ? DATA_CODING_GSM7 : DATA_CODING_UCS2,
          registered_delivery: 1,
        },
        (pdu) => {
          clearTimeout(timer);
          if (pdu.command_status !== 0)
            reject(new Error(`SMSC refused the text: ${errorName(pdu.command_status)}`));
          else resolve(String(pdu.message_id));
        },
      );
      if (!written) {
        clearTimeout(timer);
        this.drop(session, null);
        reject(new Error('SMSC connection is closed'));
      }
    });
  }

  close() {
    const session = this.session;
    this.bound = null;
    this.session = null;
    if (!session) return;
    session.unbind(() => session.destroy());
    setTimeout(() => session.destroy(), 1000).unref();
  }
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const receiptHandlers: Array<(receipt: Receipt) => Promise<void>> = [];
  const inboundHandlers: Array<(inbound: Inbound) => Promise<void>> = [];
  let link: SmppLink | null = null;
  let closed = false;

  const run = <T>(handlers: Array<(value: T) => Promise<void>>, value: T) => {
    if (closed) return;
    for (const handler of handlers)
      handler(value).catch((error: Error) =>
        strapi.log.warn(`[fie] sms: a text from the SMSC was not handled: ${error.message}`),
      );
  };

  /** A deliver_sm: a receipt for one of our texts, or a text a phone sent. */
  function delivered(pdu: Pdu) {
    const text = messageText(pdu);
    if (((pdu.esm_class ?? 0) & ESM_RECEIPT_MASK) === ESM_RECEIPT) {
      const receipt = readReceipt(text);
      const to = pdu.source_addr ? `+${String(pdu.source_addr).replace(/^\+/, '')}` : undefined;
      if (receipt) run(receiptHandlers, { ...receipt, ...(to ? { to } : {}) });
      return;
    }
    if (pdu.source_addr) run(inboundHandlers, { from: pdu.source_addr, text });
  }

  const sender = () => process.env.SMS_SENDER || 'FieHomes';

  const service = {
    /** True when texts can be sent: SMS_ENABLED is on and an SMSC or HTTP provider is set. */
    enabled(): boolean {
      return process.env.SMS_ENABLED === 'true' && Boolean(process.env.SMPP_URL || process.env.SMS_HTTP_URL);
    },

    /** Hands `text` to the SMSC for `to` (E.164); answers the SMSC's message id. */
    async send(to: string, text: string, reference: string): Promise<string> {
      if (!service.enabled()) throw new Error('Texts are not enabled (SMS_ENABLED, SMPP_URL)');
      if (closed) throw new Error('The cms is stopping');
      if (process.env.SMS_HTTP_URL && !process.env.SMPP_URL) return sendHttp(to, text, reference);
      link ??= new SmppLink(new URL(process.env.SMPP_URL as string), delivered);
      return link.submit(to, text, sender());
    },

    onReceipt(handler: (receipt: Receipt) => Promise<void>) {
      receiptHandlers.push(handler);
    },
    onInbound(handler: (inbound: Inbound) => Promise<void>) {
      inboundHandlers.push(handler);
    },
    /** An HTTP provider's receipt or inbound text, posted to the cms (the same handlers as SMPP's). */
    received(event: { receipt?: Receipt; inbound?: Inbound }) {
      if (event.receipt) run(receiptHandlers, event.receipt);
      if (event.inbound) run(inboundHandlers, event.inbound);
    },

    /** Binds now (at start, so receipts and inbound texts reach this process before it sends anything). */
    async connect(): Promise<void> {
      if (!service.enabled() || !process.env.SMPP_URL) return;
      link ??= new SmppLink(new URL(process.env.SMPP_URL), delivered);
      await link.bind();
    },

    /** Unbinds at shutdown; what the SMSC still sends is left to the other processes. */
    close() {
      closed = true;
      link?.close();
      link = null;
    },
  };

  /**
   * An HTTP provider: `POST SMS_HTTP_URL` with a JSON body `{from, to, text, reference}` (and
   * `Authorization: Bearer SMS_HTTP_TOKEN` when set); a 2xx answer with `{id}` is the provider's
   * message id. `reference` is the outbox's id for the text, the same on every try, so a provider
   * that keeps references can refuse a repeat.
   */
  async function sendHttp(to: string, text: string, reference: string): Promise<string> {
    const token = process.env.SMS_HTTP_TOKEN;
    const response = await fetch(process.env.SMS_HTTP_URL as string, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ from: sender(), to, text, reference }),
      signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS()),
    });
    const body = (await response.json().catch(() => null)) as { id?: unknown } | null;
    if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
    if (typeof body?.id !== 'string' && typeof body?.id !== 'number')
      throw new Error('SMS provider answered without a message id');
    return String(body.id);
  }

  return service;
};
