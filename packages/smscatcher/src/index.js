// A real SMPP 3.4 listener standing in for an aggregator's SMSC: `npm start` runs it so a person can
// read texts (sign-up codes, viewing confirmations) locally, and tests read codes from it as they read
// them from the mail catcher. It speaks the protocol for real: binds with a system id and password,
// answers submit_sm with a message id, sends a delivery receipt (deliver_sm) for each text, and can
// send a text from a phone (an inbound deliver_sm, such as STOP) to every bound client.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import smpp from 'smpp';

const ESM_RECEIPT = 0x04;
const DATA_CODING_UCS2 = 0x08;

/** Starts the listener; see index.d.ts for the option and result types. */
export async function startSmsCatcher({
  host = '127.0.0.1',
  port = 2775,
  systemId = null,
  password = null,
  dir = null,
  log = null,
  onText = null,
  maxTexts = 2000,
  receiptStatus = () => 'DELIVRD',
  receiptDelayMs = 0,
  answerDelayMs = 0,
} = {}) {
  if (dir) await mkdir(dir, { recursive: true });
  const texts = [];
  const waiters = new Set();
  const sessions = new Set();
  let counter = 0;
  let closed = false;
  // While refusing, binds are answered "system error" and submits "throttled": an SMSC that is away.
  let refusing = false;
  // While holding, texts are taken but not answered until release(): the moment a client may die.
  let holding = false;
  const heldAnswers = [];

  const say = (line) => {
    if (typeof log === 'function') log(line);
  };

  const accept = (text) => {
    texts.push(text);
    if (texts.length > maxTexts) texts.splice(0, texts.length - maxTexts);
    for (const waiter of waiters) {
      if (waiter.matches(text)) {
        waiters.delete(waiter);
        clearTimeout(waiter.timer);
        waiter.resolve(text);
      }
    }
  };

  // Receipts wait here until a bound session takes them, as an SMSC keeps them for the account: the
  // session the text came on first, else any other bound one. A receipt is kept until the client
  // answers it (deliver_sm_resp); one sent down a session that closes unanswered is sent again on
  // another, so a client process that dies does not take its receipts with it.
  const queued = [];
  const pushReceipt = (item) => {
    const session = [item.session, ...sessions].find((s) => s && sessions.has(s) && s.socket.writable);
    if (!session) return queued.push(item);
    const stamp = smppDate(new Date());
    session.unanswered ??= new Set();
    session.unanswered.add(item);
    session.deliver_sm(
      {
        source_addr: item.text.to,
        destination_addr: item.text.from,
        esm_class: ESM_RECEIPT,
        short_message: `id:${item.text.messageId} sub:001 dlvrd:${item.stat === 'DELIVRD' ? '001' : '000'} submit date:${stamp} done date:${stamp} stat:${item.stat} err:000 text:`,
      },
      () => session.unanswered.delete(item),
    );
  };
  const flushReceipts = () => {
    for (const item of queued.splice(0)) pushReceipt({ ...item, session: null });
  };
  const retry = setInterval(flushReceipts, 1000);
  retry.unref();
  const lost = (session) => {
    sessions.delete(session);
    for (const item of session.unanswered ?? []) queued.push({ ...item, session: null });
    session.unanswered?.clear();
    flushReceipts();
  };

  const server = smpp.createServer((session) => {
    let bound = false;
    session.on('error', (error) => say(`[sms] session error: ${error.message}`));
    for (const command of ['bind_transceiver', 'bind_transmitter', 'bind_receiver']) {
      session.on(command, (pdu) => {
        const refused =
          refusing || (systemId !== null && (pdu.system_id !== systemId || pdu.password !== password));
        if (refused) {
          session.send(pdu.response({ command_status: refusing ? smpp.ESME_RSYSERR : smpp.ESME_RBINDFAIL }));
          session.close();
          return;
        }
        bound = true;
        sessions.add(session);
        session.send(pdu.response({ system_id: 'fie-smscatcher' }));
        if (pdu.command !== 'bind_transmitter') setImmediate(flushReceipts);
      });
    }
    session.on('enquire_link', (pdu) => session.send(pdu.response()));
    session.on('unbind', (pdu) => {
      session.send(pdu.response());
      lost(session);
      session.close();
    });
    session.on('close', () => lost(session));
    session.on('submit_sm', async (pdu) => {
      if (!bound) return session.send(pdu.response({ command_status: smpp.ESME_RINVBNDSTS }));
      if (refusing) return session.send(pdu.response({ command_status: smpp.ESME_RTHROTTLED }));
      const message = pdu.short_message?.message ?? pdu.short_message ?? '';
      const body = Buffer.isBuffer(message) ? message.toString('utf8') : String(message);
      const text = {
        id: ++counter,
        messageId: randomBytes(8).toString('hex'),
        from: pdu.source_addr,
        to: pdu.destination_addr.startsWith('+') ? pdu.destination_addr : `+${pdu.destination_addr}`,
        text: body,
        encoding: (pdu.data_coding & 0x0f) === DATA_CODING_UCS2 ? 'UCS-2' : 'GSM-7',
        receiptRequested: Boolean(pdu.registered_delivery & 0x01),
        date: new Date(),
        file: null,
      };
      // The text is taken before it is answered: a client that dies while waiting for the answer has
      // still sent it (its receipt follows), as with a real SMSC.
      const answer = () =>
        session.socket.writable && session.send(pdu.response({ message_id: text.messageId }));
      if (answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, answerDelayMs));
      if (holding) await new Promise((resolve) => heldAnswers.push(resolve));
      answer();
      try {
        if (dir) text.file = await saveText(dir, text);
      } catch (error) {
        say(`[sms] could not save a text: ${error.message}`);
      }
      accept(text);
      say(`[sms] ${text.to} <- ${text.from}: ${text.text}`);
      if (typeof onText === 'function') {
        try {
          await onText(text);
        } catch (error) {
          say(`[sms] onText failed: ${error.message}`);
        }
      }
      if (text.receiptRequested) {
        const send = () => !closed && pushReceipt({ session, text, stat: receiptStatus(text) });
        if (receiptDelayMs > 0) setTimeout(send, receiptDelayMs).unref();
        else send();
      }
    });
  });

  await new Promise((resolve, reject) => {
    const onError = (error) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`SMS catcher cannot listen on ${host}:${port}: the port is already in use`)
          : error,
      );
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      server.on('error', (error) => say(`[sms] server error: ${error.message}`));
      resolve(undefined);
    });
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;

  return {
    host,
    port: boundPort,
    url: `smpp://${systemId ?? 'fie'}:${password ?? 'fie'}@${host}:${boundPort}`,
    texts,

    waitFor(match, { timeoutMs = 10000 } = {}) {
      const matches =
        typeof match === 'function'
          ? match
          : (t) =>
              t.to === match.to &&
              (!match.text ||
                (match.text instanceof RegExp ? match.text.test(t.text) : t.text.includes(match.text)));
      for (let i = texts.length - 1; i >= 0; i--) if (matches(texts[i])) return Promise.resolve(texts[i]);
      if (closed) return Promise.reject(new Error('SMS catcher is closed'));
      return new Promise((resolve, reject) => {
        const waiter = {
          matches,
          resolve,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            reject(
              new Error(
                `No text matching ${typeof match === 'function' ? 'the predicate' : JSON.stringify(match)} arrived within ${timeoutMs} ms (${texts.length} caught: ${
                  texts
                    .slice(-5)
                    .map((t) => `${t.to} "${t.text.slice(0, 40)}"`)
                    .join('; ') || 'none'
                })`,
              ),
            );
          }, timeoutMs),
          reject,
        };
        waiters.add(waiter);
      });
    },

    /** A text from a phone to the service (`to` is the sender id it was sent to). */
    inbound(from, text, to = 'FieHomes') {
      let sent = 0;
      for (const session of sessions) {
        if (!session.socket.writable) continue;
        session.deliver_sm({ source_addr: from, destination_addr: to, esm_class: 0, short_message: text });
        sent++;
        // One bound client is enough, as an SMSC routes a mobile-originated text to one session.
        break;
      }
      return sent;
    },

    /** Refuse every bind and submit until `resume()`, and drop the clients bound now: the SMSC away. */
    refuse() {
      refusing = true;
      for (const session of [...sessions]) {
        lost(session);
        session.destroy();
      }
    },
    resume() {
      refusing = false;
    },

    /** Take texts but answer none until `release()`. */
    hold() {
      holding = true;
    },
    /** Answer the texts held (those whose client is gone get no answer, and their receipts go on). */
    release() {
      holding = false;
      for (const answer of heldAnswers.splice(0)) answer();
    },
    /** Texts taken and not yet answered while holding. */
    get held() {
      return heldAnswers.length;
    },

    get boundClients() {
      return sessions.size;
    },

    clear() {
      texts.length = 0;
    },

    async close() {
      if (closed) return;
      closed = true;
      clearInterval(retry);
      queued.length = 0;
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error('SMS catcher closed before a matching text arrived'));
      }
      waiters.clear();
      for (const session of sessions) session.destroy();
      await new Promise((resolve) => {
        server.close(() => resolve(undefined));
        // Clients that never bound keep the server open: close their sockets too.
        for (const session of server.sessions ?? []) session.destroy();
      });
    },
  };
}

/** SMPP's receipt date: YYMMDDhhmm. */
function smppDate(d) {
  const p = (n) => String(n).padStart(2, '0');
  return `${p(d.getUTCFullYear() % 100)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}`;
}

async function saveText(dir, text) {
  const stamp = text.date.toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${stamp}-${text.id}.txt`);
  await writeFile(
    file,
    `To: ${text.to}\nFrom: ${text.from}\nDate: ${text.date.toISOString()}\nEncoding: ${text.encoding}\nMessage-Id: ${text.messageId}\n\n${text.text}\n`,
  );
  return file;
}
