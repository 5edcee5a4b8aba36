// One purge for every site process. The cms's webhook reaches one process (whichever the load
// balancer picks); that process clears its own page cache and publishes the purge on Redis, and every
// other process, subscribed to the channel, clears its own. Without REDIS_URL there is one process
// and nothing to tell. If Redis is away when a purge comes, the other processes' pages still expire
// within PAGE_CACHE_SECONDS (30 s by default): a lost purge is bounded, never permanent.
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';

export const PURGE_CHANNEL = 'fie:site-cache:purge';

/**
 * @param {{ redisUrl?: string, channel?: string, onPurge: () => void, log?: Pick<Console, 'error'> }} options
 * `onPurge` runs when another process broadcasts a purge (not for this process's own broadcasts).
 * @returns {{ shared: boolean, ready: Promise<void>, broadcast(): Promise<number>, close(): Promise<void> }}
 * `broadcast` resolves to how many processes (this one included) heard it, 0 when Redis is away.
 */
export function createPurgeBus({ redisUrl, channel = PURGE_CHANNEL, onPurge, log = console }) {
  if (!redisUrl) return { shared: false, ready: Promise.resolve(), broadcast: async () => 0, close: async () => {} };
  const me = randomUUID();
  let lastLogged = 0;
  const report = (what) => (error) => {
    // One line every half minute while Redis is away, not one per reconnection attempt.
    if (Date.now() - lastLogged < 30_000) return;
    lastLogged = Date.now();
    log.error(`site: purge bus (Redis) ${what}: ${error?.message ?? error}`);
  };
  // Keep retrying, at most every 5 s; a publish while disconnected fails at once instead of waiting.
  const options = { url: redisUrl, disableOfflineQueue: true, socket: { reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5_000), connectTimeout: 5_000 } };
  const publisher = createClient(options);
  const subscriber = createClient(options);
  publisher.on('error', report('publisher'));
  subscriber.on('error', report('subscriber'));
  const ready = Promise.all([
    publisher.connect(),
    subscriber.connect().then(() =>
      subscriber.subscribe(channel, (message) => {
        if (message !== me) onPurge();
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
        return Number(await publisher.publish(channel, me));
      } catch (error) {
        report('publishing')(error);
        return 0;
      }
    },
    async close() {
      await Promise.allSettled([subscriber.close?.() ?? subscriber.quit(), publisher.close?.() ?? publisher.quit()]);
    },
  };
}
