// One purge for every site process. The cms's webhook reaches one process (whichever the load
// balancer picks); that process clears its own page cache and publishes the purge on Redis, and every
// other process, subscribed to the channel, clears its own. Without REDIS_URL there is one process
// and nothing to tell. If Redis is away when a purge comes, the other processes' pages still expire
// within PAGE_CACHE_SECONDS (30 s by default): a lost purge is bounded, never permanent.
//
// Anyone who can publish on the Redis server could otherwise empty every site cache at will (and
// keep the site rendering every page afresh). So each message is signed with the purge token the
// site processes share (CACHE_PURGE_TOKEN, HMAC-SHA256 over the sender and the time), heard only
// while a minute old at most and only once; an unsigned, forged, stale or replayed message is
// ignored and logged.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createClient } from 'redis';

export const PURGE_CHANNEL = 'fie:site-cache:purge';

/** How long a signed purge message is heard after it was sent. */
const MESSAGE_SECONDS = 60;

const signature = (secret, body) => createHmac('sha256', secret).update(`purge\n${body}`).digest('base64url');

/**
 * A purge message: `<sender>.<unix seconds>.<nonce>.<signature>`. The nonce makes two purges sent in
 * the same second two messages, so telling replays apart never drops a real one.
 */
export function signPurgeMessage(secret, sender, now = Date.now()) {
  const body = `${sender}.${Math.floor(now / 1000)}.${randomBytes(8).toString('hex')}`;
  return `${body}.${signature(secret, body)}`;
}

/**
 * Checks a purge message: `{ ok: true, sender }` when it is signed with `secret` and at most
 * MESSAGE_SECONDS old (or a little ahead, for clocks apart), else `{ ok: false, why }`.
 */
export function readPurgeMessage(secret, message, now = Date.now()) {
  const m = /^([A-Za-z0-9-]{1,64})\.(\d{1,12})\.([0-9a-f]{16})\.([A-Za-z0-9_-]{43})$/.exec(String(message));
  if (!m) return { ok: false, why: 'unsigned' };
  const given = Buffer.from(m[4]);
  const wanted = Buffer.from(signature(secret, `${m[1]}.${m[2]}.${m[3]}`));
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
    return { ok: false, why: 'badly signed' };
  if (Math.abs(Math.floor(now / 1000) - Number(m[2])) > MESSAGE_SECONDS) return { ok: false, why: 'stale' };
  return { ok: true, sender: m[1] };
}

/**
 * @param {{ redisUrl?: string, secret?: string, channel?: string, onPurge: () => void, log?: Pick<Console, 'error'> }} options
 * `secret`: the purge token the processes share; without it (or without Redis) there is no bus.
 * `onPurge` runs when another process broadcasts a signed purge (not for this process's own broadcasts).
 * @returns {{ shared: boolean, ready: Promise<void>, broadcast(): Promise<number>, close(): Promise<void> }}
 * `broadcast` resolves to how many processes (this one included) heard it, 0 when Redis is away.
 */
export function createPurgeBus({ redisUrl, secret, channel = PURGE_CHANNEL, onPurge, log = console }) {
  if (!redisUrl || !secret)
    return { shared: false, ready: Promise.resolve(), broadcast: async () => 0, close: async () => {} };
  const me = randomUUID();
  let refusedLogged = 0;
  // Each message is heard once: one captured off the channel and published again is a replay.
  const heard = new Map();
  let lastLogged = 0;
  const report = (what) => (error) => {
    // One line every half minute while Redis is away, not one per reconnection attempt.
    if (Date.now() - lastLogged < 30_000) return;
    lastLogged = Date.now();
    log.error(`site: purge bus (Redis) ${what}: ${error?.message ?? error}`);
  };
  // Keep retrying, at most every 5 s; a publish while disconnected fails at once instead of waiting.
  const options = {
    url: redisUrl,
    disableOfflineQueue: true,
    socket: { reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5_000), connectTimeout: 5_000 },
  };
  const publisher = createClient(options);
  const subscriber = createClient(options);
  publisher.on('error', report('publisher'));
  subscriber.on('error', report('subscriber'));
  const ready = Promise.all([
    publisher.connect(),
    subscriber.connect().then(() =>
      subscriber.subscribe(channel, (message) => {
        const now = Date.now();
        for (const [seen, until] of heard) if (until < now) heard.delete(seen);
        const read = heard.has(message)
          ? { ok: false, why: 'replayed' }
          : readPurgeMessage(secret, message, now);
        if (read.ok) heard.set(message, now + 2 * MESSAGE_SECONDS * 1000);
        if (!read.ok) {
          // At most one line a minute: a flood of forged messages must not flood the log too.
          if (Date.now() - refusedLogged > 60_000) {
            refusedLogged = Date.now();
            log.error(
              `site: purge bus ignored a message on ${channel} (${read.why}): is something else publishing there, or is CACHE_PURGE_TOKEN different between the site processes?`,
            );
          }
          return;
        }
        if (read.sender !== me) onPurge();
      }),
    ),
  ]).then(
    () => undefined,
    (error) => report('connecting')(error),
  );
  return {
    shared: true,
    ready,
    async broadcast() {
      try {
        return Number(await publisher.publish(channel, signPurgeMessage(secret, me)));
      } catch (error) {
        report('publishing')(error);
        return 0;
      }
    },
    async close() {
      await Promise.allSettled([
        subscriber.close?.() ?? subscriber.quit(),
        publisher.close?.() ?? publisher.quit(),
      ]);
    },
  };
}
