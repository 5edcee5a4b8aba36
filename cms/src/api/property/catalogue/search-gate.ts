import { MESSAGES } from '@fie/domain';
import { TooManyRequestsError } from '../../../shared/too-many-requests-error';
import { listingSettings } from './listing-settings';

/**
 * A ceiling on the public listing's text searches that are read from the database (not kept): at
 * most `running` at once in this process, up to `waiting` more queued for at most `waitMs` each;
 * the rest answer 429 with Retry-After at once. A search can cost far more than a filtered page, and
 * varying its page size, sort or cursor makes each request a new one, so nothing else bounds how
 * many are read at the same time. LISTING_SEARCHES, LISTING_SEARCH_QUEUE and LISTING_SEARCH_WAIT_MS
 * tune it (4, 16 and 2,000 ms).
 */
export function createSearchGate({
  running,
  waiting,
  waitMs,
}: {
  running: number;
  waiting: number;
  waitMs: number;
}) {
  let active = 0;
  const queue: Array<{ admit: () => void }> = [];
  const busy = () => new TooManyRequestsError(MESSAGES.searchesBusy, Math.max(1, Math.ceil(waitMs / 1000)));

  function release() {
    const next = queue.shift();
    if (next)
      next.admit(); // the slot passes straight to the one waiting longest
    else active -= 1;
  }

  return {
    /** Waits for a place (or refuses with 429); answers the function that gives it back. */
    async enter(): Promise<() => void> {
      if (active < running) {
        active += 1;
        return once(release);
      }
      if (queue.length >= waiting) throw busy();
      return new Promise<() => void>((resolve, reject) => {
        const entry = {
          admit: () => {
            clearTimeout(timer);
            resolve(once(release));
          },
        };
        const timer = setTimeout(() => {
          queue.splice(queue.indexOf(entry), 1);
          reject(busy());
        }, waitMs);
        queue.push(entry);
      });
    },
    /** Searches reading now, and waiting (for tests and benches). */
    load: () => ({ active, waiting: queue.length }),
    /** Whether a search arriving now would be refused at once (every place taken, the queue full). */
    full: () => active >= running && queue.length >= waiting,
    /** The 429 a search meets when the gate is full. */
    busy,
  };
}

const once = (fn: () => void) => {
  let done = false;
  return () => {
    if (!done) {
      done = true;
      fn();
    }
  };
};

/** This process's gate. */
export const searchGate = createSearchGate({
  running: listingSettings.searchesRunning,
  waiting: listingSettings.searchesWaiting,
  waitMs: listingSettings.searchWaitMs,
});
