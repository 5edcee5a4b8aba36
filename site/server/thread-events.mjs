// The conversations' live events, served by the site: GET /api/threads/events is each browser's
// Server-Sent Events stream of its own threads (a seeker's) or of every thread (staff). Each site
// process holds ONE connection of its own to the cms's stream of every event (named by a key made
// from the secret they share, CACHE_PURGE_TOKEN), and hands each event to the browsers it concerns, so
// thousands of open pages cost the cms one connection per site process. The cms numbers events in the
// order they were committed: a browser that reconnects (EventSource sends its Last-Event-ID) first gets
// what it missed, asked of the cms, then the live ones, none twice.
import { createHash, createHmac } from 'node:crypto';

/** How often a quiet stream says it is alive (proxies close idle connections; a dead browser is noticed). */
const HEARTBEAT_MS = 25_000;
/** How long who a session is stays known, so a reconnecting crowd does not ask the cms each time. */
const IDENTITY_MS = 60_000;
/** How often an open stream checks its session is still live (signed out elsewhere, deactivated). */
const RECHECK_MS = 5 * 60_000;
/** The most events one browser is sent again on a reconnect, in the cms's batches of a thousand. */
const REPLAY_MAX = 10_000;
const REPLAY_BATCH = 1000;
const COOKIE = 'fie_refresh';

export function streamKey(secret) {
  return secret ? createHmac('sha256', secret).update('fie:thread-events').digest('base64url') : '';
}

function cookieValue(header, name) {
  for (const part of String(header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return '';
}

/**
 * @param {{ cmsUrl: string, secret: string, log?: Pick<Console, 'warn' | 'error'> }} options
 */
export function createThreadEvents({ cmsUrl, secret, log = console }) {
  const key = streamKey(secret);
  /** @type {Map<number, Set<{ res: import('node:http').ServerResponse, last: number }>>} */
  const seekers = new Map();
  /** @type {Set<{ res: import('node:http').ServerResponse, last: number }>} */
  const staff = new Set();
  const identities = new Map();
  let upstream = null;
  let lastEvent = null;
  let stopped = false;
  let connected = false;

  /** Sends `event` to one browser, once and in order; while its missed events are fetched, holds it. */
  function write(client, event, replaying = false) {
    if (client.pending && !replaying) {
      client.pending.push(event);
      return;
    }
    if (event.id <= client.last) return;
    client.last = event.id;
    const { seeker: _seeker, ...visible } = event;
    client.res.write(`id: ${event.id}\ndata: ${JSON.stringify(visible)}\n\n`);
  }

  function deliver(event) {
    lastEvent = event.id;
    for (const client of staff) write(client, event);
    for (const client of seekers.get(event.seeker) ?? []) write(client, event);
  }

  /** The one connection to the cms's stream, kept open, picked up after the last event it had. */
  async function follow() {
    while (!stopped) {
      const controller = new AbortController();
      upstream = controller;
      try {
        const after = lastEvent === null ? '' : `?after=${lastEvent}`;
        const res = await fetch(`${cmsUrl}/api/threads/internal/stream${after}`, {
          headers: { 'x-fie-stream-key': key, accept: 'text/event-stream' },
          signal: controller.signal,
        });
        if (res.status !== 200) throw new Error(`the cms answered ${res.status}`);
        connected = true;
        let text = '';
        const decoder = new TextDecoder();
        for await (const chunk of res.body) {
          text += decoder.decode(chunk, { stream: true });
          let end;
          while ((end = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, end);
            text = text.slice(end + 2);
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (data) deliver(JSON.parse(data));
          }
        }
        throw new Error('the cms ended the stream');
      } catch (error) {
        connected = false;
        if (stopped) return;
        log.warn(`site: conversation events: ${error.message}; connecting again in 1 s`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  async function cms(path, init = {}) {
    return fetch(`${cmsUrl}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
  }

  /** Who the session in the refresh cookie is ({ user, staff }), or null when there is none or it ended. */
  async function identify(refresh, forwardedFor) {
    if (!refresh || !/^[\w.-]{10,2000}$/.test(refresh)) return null;
    const id = createHash('sha256').update(refresh).digest('base64url');
    const known = identities.get(id);
    if (known && known.until > Date.now()) return known.who;
    const headers = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
    const renewed = await cms('/api/refresh', {
      method: 'POST',
      headers: { ...headers, cookie: `${COOKIE}=${refresh}` },
    });
    if (renewed.status === 401) return null;
    if (!renewed.ok) throw new Error(`the cms answered ${renewed.status} to a renewal`);
    const { token } = await renewed.json();
    const me = await cms('/api/threads/identity', {
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    if (me.status === 401 || me.status === 403) return null;
    if (!me.ok) throw new Error(`the cms answered ${me.status} for the identity`);
    const who = await me.json();
    if (identities.size > 10_000) identities.clear();
    identities.set(id, { who, until: Date.now() + IDENTITY_MS });
    return who;
  }

  function refuse(res, status, message) {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ error: { status, message } }));
  }

  /** GET /api/threads/events */
  async function handle(req, res) {
    if (req.method !== 'GET') return refuse(res, 405, 'Use GET');
    if (!key)
      return refuse(res, 503, 'Live conversations are not set up here; reload the page for new messages.');
    const refresh = cookieValue(req.headers.cookie, COOKIE);
    const forwardedFor = String(req.headers['x-forwarded-for'] ?? '') || undefined;
    let who;
    try {
      who = await identify(refresh, forwardedFor);
    } catch (error) {
      log.error(`site: conversation events: ${error.message}`);
      return refuse(res, 503, 'Live conversations are unavailable just now.');
    }
    if (!who) return refuse(res, 401, 'Please sign in to continue.');
    // The browser's Last-Event-ID (or ?after=) when it reconnects: a plain event number, else none. A
    // missing one must not read as 0, which would replay every event kept to each new page.
    const given = String(
      req.headers['last-event-id'] ?? new URL(req.url, 'http://x').searchParams.get('after') ?? '',
    );
    const lastId = /^\d{1,15}$/.test(given) ? Number(given) : NaN;
    req.socket.setTimeout(0);
    req.socket.setNoDelay(true);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    // Reconnects after 2 s, not the browser's default 3.
    res.write('retry: 2000\n\n');
    const resuming = Number.isSafeInteger(lastId) && lastId >= 0;
    const client = { res, last: resuming ? lastId : (lastEvent ?? 0), pending: resuming ? [] : null };
    const group = who.staff
      ? staff
      : (seekers.get(who.user) ?? seekers.set(who.user, new Set()).get(who.user));
    group.add(client);
    if (resuming) {
      // What it missed, asked of the cms; live events meanwhile wait in `pending`, then follow in order.
      try {
        for (let asked = 0; asked < REPLAY_MAX; ) {
          const query = `after=${client.last}${who.staff ? '' : `&seeker=${who.user}`}`;
          const replay = await cms(`/api/threads/internal/events?${query}`, {
            headers: { 'x-fie-stream-key': key },
          });
          if (!replay.ok) throw new Error(`the cms answered ${replay.status}`);
          const missed = await replay.json();
          for (const event of missed) write(client, event, true);
          asked += missed.length;
          if (missed.length < REPLAY_BATCH) break;
        }
      } catch (error) {
        log.warn(`site: conversation events: could not replay (${error.message})`);
      }
      const held = client.pending;
      client.pending = null;
      for (const event of held) write(client, event);
    }
    const beat = setInterval(() => res.write(': beat\n\n'), HEARTBEAT_MS);
    const recheck = setInterval(() => {
      identities.delete(createHash('sha256').update(refresh).digest('base64url'));
      identify(refresh, forwardedFor)
        .then((still) => {
          if (!still) res.end();
        })
        .catch(() => {});
    }, RECHECK_MS);
    const close = () => {
      clearInterval(beat);
      clearInterval(recheck);
      group.delete(client);
      if (!who.staff && group.size === 0) seekers.delete(who.user);
    };
    req.on('close', close);
    res.on('error', close);
  }

  if (key) void follow();

  return {
    handle,
    /** How many browsers hold a stream here (for the benchmark and the logs). */
    get streams() {
      let n = staff.size;
      for (const group of seekers.values()) n += group.size;
      return n;
    },
    get connected() {
      return connected;
    },
    /** Stops following the cms and ends every browser's stream (they reconnect to another process). */
    close() {
      stopped = true;
      upstream?.abort();
      for (const client of staff) client.res.end();
      for (const group of seekers.values()) for (const client of group) client.res.end();
    },
  };
}
