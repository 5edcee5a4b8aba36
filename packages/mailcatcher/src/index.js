// A real SMTP listener that keeps what it receives: used by `npm start` so a person can read
// outgoing e-mail (sign-up codes, password resets) locally, and by tests that read a code out of a message.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** Starts the listener; see index.d.ts for the option and result types. */
export async function startMailCatcher({
  host = '127.0.0.1',
  port = 1025,
  dir = null,
  log = null,
  onMessage = null,
  maxMessages = 500,
} = {}) {
  if (!Number.isInteger(maxMessages) || maxMessages < 1) {
    throw new TypeError(`maxMessages must be a positive integer, got ${maxMessages}`);
  }
  if (dir) await mkdir(dir, { recursive: true });

  const messages = [];
  const waiters = new Set();
  let counter = 0;
  let closed = false;

  const say = (line) => {
    if (typeof log === 'function') log(line);
  };

  const accept = (message) => {
    messages.push(message);
    // Oldest first out: a long `npm start` session must not grow without limit.
    if (messages.length > maxMessages) messages.splice(0, messages.length - maxMessages);
    for (const waiter of waiters) {
      if (waiter.matches(message)) {
        waiters.delete(waiter);
        clearTimeout(waiter.timer);
        waiter.resolve(message);
      }
    }
  };

  const server = new SMTPServer({
    secure: false,
    // Local catcher: no TLS, any credentials (or none) are accepted.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username || 'anonymous' });
    },
    size: MAX_MESSAGE_BYTES,
    banner: 'Fie Homes mail catcher',
    logger: false,
    // Idle SMTP clients must not keep close() waiting for the default 30 s.
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', async () => {
        if (stream.sizeExceeded) {
          const error = new Error(`Message exceeds the ${MAX_MESSAGE_BYTES} byte limit`);
          error.responseCode = 552;
          callback(error);
          return;
        }
        try {
          const raw = Buffer.concat(chunks);
          const id = ++counter;
          const message = await toMessage(id, raw, session);
          if (dir) message.file = await saveMessage(dir, message);
          accept(message);
          say(summaryLine(message));
          if (typeof onMessage === 'function') {
            try {
              await onMessage(message);
            } catch (error) {
              say(`[mail] onMessage failed: ${error instanceof Error ? error.message : error}`);
            }
          }
          callback(null, `Message ${id} caught`);
        } catch (error) {
          say(`[mail] could not store a message: ${error instanceof Error ? error.message : error}`);
          const failure = new Error('Mail catcher could not store the message');
          failure.responseCode = 451;
          callback(failure);
        }
      });
    },
  });

  // Connection-level errors (a client hanging up mid-session) are not fatal for a catcher.
  const onServerError = (error) => say(`[mail] SMTP error: ${error.message}`);

  await new Promise((resolve, reject) => {
    const onListenError = (error) => {
      server.off('error', onListenError);
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Mail catcher cannot listen on ${host}:${port}: the port is already in use`)
          : error,
      );
    };
    server.once('error', onListenError);
    server.listen(port, host, () => {
      server.off('error', onListenError);
      server.on('error', onServerError);
      resolve(undefined);
    });
  });

  const address = server.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;

  return {
    host,
    port: boundPort,
    messages,

    waitFor(predicate, { timeoutMs = 10000 } = {}) {
      const matches = toMatcher(predicate);
      // Newest first: a test that asks for "the code sent to x" wants the latest one.
      for (let i = messages.length - 1; i >= 0; i--) {
        if (matches(messages[i])) return Promise.resolve(messages[i]);
      }
      if (closed) return Promise.reject(new Error('Mail catcher is closed'));
      return new Promise((resolve, reject) => {
        const waiter = {
          matches,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            reject(
              new Error(
                `No e-mail matching ${describe(predicate)} arrived within ${timeoutMs} ms ` +
                  `(${messages.length} caught: ${
                    messages
                      .slice(-5)
                      .map((m) => `${m.to.join(',')} "${m.subject}"`)
                      .join('; ') || 'none'
                  })`,
              ),
            );
          }, timeoutMs),
        };
        waiters.add(waiter);
      });
    },

    clear() {
      messages.length = 0;
    },

    async close() {
      if (closed) return;
      closed = true;
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error('Mail catcher closed before a matching e-mail arrived'));
      }
      waiters.clear();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
      server.off('error', onServerError);
    },
  };
}

async function toMessage(id, raw, session) {
  const parsed = await simpleParser(raw, { skipImageLinks: true });
  const envelopeTo = (session.envelope.rcptTo || []).map((r) => r.address.toLowerCase());
  const headerTo = addressList(parsed.to);
  const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
  return {
    id,
    // The envelope is who the message was actually delivered to (it includes Bcc).
    from: addressList(parsed.from)[0] || envelopeFrom,
    to: envelopeTo.length ? envelopeTo : headerTo,
    subject: parsed.subject || '',
    // The Message-ID header as sent (with its angle brackets), or null when the message has none.
    messageId: parsed.messageId || null,
    text: parsed.text || '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    attachments: (parsed.attachments || []).map((a) => ({
      filename: a.filename || null,
      contentType: a.contentType,
      content: a.content.toString('utf8'),
    })),
    date: parsed.date || new Date(),
    raw: raw.toString('utf8'),
    file: null,
  };
}

function addressList(field) {
  if (!field) return [];
  const groups = Array.isArray(field) ? field : [field];
  return groups
    .flatMap((group) =>
      (group.value || []).flatMap((entry) =>
        entry.group ? entry.group.map((g) => g.address) : [entry.address],
      ),
    )
    .filter(Boolean)
    .map((address) => address.toLowerCase());
}

async function saveMessage(dir, message) {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const base = path.join(dir, `${stamp}-${message.id}`);
  const readable = [
    `From: ${message.from}`,
    `To: ${message.to.join(', ')}`,
    `Subject: ${message.subject}`,
    `Date: ${message.date.toISOString()}`,
    '',
    message.text || '(no text body)',
    '',
  ].join('\n');
  await writeFile(`${base}.eml`, message.raw);
  await writeFile(`${base}.txt`, readable);
  return `${base}.eml`;
}

function summaryLine(message) {
  return `[mail] #${message.id} ${message.from || '?'} → ${message.to.join(', ') || '?'} "${message.subject}"`;
}

function toMatcher(predicate) {
  if (typeof predicate === 'function') return predicate;
  if (!predicate || typeof predicate !== 'object' || typeof predicate.to !== 'string') {
    throw new TypeError('waitFor needs a function or { to: string, subject?: string | RegExp }');
  }
  const to = predicate.to.toLowerCase();
  const { subject } = predicate;
  return (message) => {
    if (!message.to.includes(to)) return false;
    if (subject === undefined) return true;
    if (subject instanceof RegExp) {
      subject.lastIndex = 0; // a /g or /y pattern would otherwise remember the previous match
      return subject.test(message.subject);
    }
    return message.subject.includes(subject);
  };
}

function describe(predicate) {
  if (typeof predicate === 'function') return 'the predicate';
  const parts = [`to ${predicate.to}`];
  if (predicate.subject !== undefined) parts.push(`subject ${String(predicate.subject)}`);
  return parts.join(' and ');
}
