import { MESSAGES } from '@fie/domain';
import { TooManyRequestsError } from '../../../shared/too-many-requests-error';
import { listingSettings } from './listing-settings';

/**
 * A ceiling on the public listing's text searches that are read from the database (not kept), shared
 * fairly between visitors. At most `running` read at once in this process, and up to `waiting` more
 * wait for at most `waitMs` each. A search can cost far more than a filtered page. Varying its page
 * size, sort or cursor makes each request a new one, so nothing else bounds how many are read at once.
 *
 * Fair between visitors (a visitor is a client's network, `shared/client-network.ts`):
 * - a place that comes free goes to the visitors waiting in turn, one search each, not to whoever sent
 *   the most;
 * - while the queue is full, a newcomer takes the waiting place of the newest search of the visitor
 *   holding the most places (reading and waiting). So one source flooding the gate gets 429s, and
 *   everyone else is still answered.
 * - a visitor holds at most `perVisitor` places (reading and waiting); past that its searches answer
 *   429 at once. A person searches one thing at a time; a carrier's NAT puts many phones behind one
 *   IPv4 address, which is why the budget is several places, and why an identical search being read
 *   already is waited for without a place (listing-sql.ts).
 *
 * LISTING_SEARCHES, LISTING_SEARCH_QUEUE, LISTING_SEARCHES_PER_VISITOR and LISTING_SEARCH_WAIT_MS tune
 * it (4, 64, 8 and 2,000 ms).
 */
export function createSearchGate(settings: {
  running: number;
  waiting: number;
  perVisitor: number;
  waitMs: number;
}) {
  type Entry = { admit: () => void; refuse: () => void };
  let active = 0;
  let queued = 0;
  /**
   * Each waiting visitor's searches, oldest first. The map's order is the visitors' turn: the one
   * served goes to the back (deleted and set again).
   */
  const queues = new Map<string, Entry[]>();
  /** How many searches each visitor is reading now. */
  const reading = new Map<string, number>();
  const busy = () =>
    new TooManyRequestsError(MESSAGES.searchesBusy, Math.max(1, Math.ceil(settings.waitMs / 1000)));

  const held = (visitor: string) => (reading.get(visitor) ?? 0) + (queues.get(visitor)?.length ?? 0);

  function startReading(visitor: string): () => void {
    reading.set(visitor, (reading.get(visitor) ?? 0) + 1);
    return once(() => release(visitor));
  }

  function release(visitor: string) {
    const left = (reading.get(visitor) ?? 1) - 1;
    if (left > 0) reading.set(visitor, left);
    else reading.delete(visitor);
    const first = queues.entries().next();
    if (first.done) {
      active -= 1;
      return;
    }
    const [next, entries] = first.value;
    const entry = entries.shift()!;
    queued -= 1;
    queues.delete(next);
    if (entries.length > 0) queues.set(next, entries);
    entry.admit(); // the place passes straight to the next visitor's oldest search
  }

  /**
   * The waiting visitor a newcomer of `visitor` may take a place from: the one holding the most places
   * (ties: the one whose turn is last), and only where taking one leaves the two fairer.
   */
  function displaces(visitor: string): string | undefined {
    let top = { visitor: '', count: 0 };
    for (const waiter of queues.keys()) {
      const count = held(waiter);
      if (count >= top.count) top = { visitor: waiter, count };
    }
    return top.visitor !== visitor && top.count > held(visitor) + 1 ? top.visitor : undefined;
  }

  function remove(visitor: string, entry: Entry): boolean {
    const entries = queues.get(visitor);
    const at = entries?.indexOf(entry) ?? -1;
    if (!entries || at < 0) return false;
    entries.splice(at, 1);
    queued -= 1;
    if (entries.length === 0) queues.delete(visitor);
    return true;
  }

  return {
    /** Waits for a place for `visitor`'s search (or refuses with 429); answers the function that gives it back. */
    async enter(visitor = ''): Promise<() => void> {
      const { running, waiting, waitMs } = settings;
      if (held(visitor) >= settings.perVisitor) throw busy();
      if (active < running) {
        active += 1;
        return startReading(visitor);
      }
      if (queued >= waiting) {
        const victim = displaces(visitor);
        if (victim === undefined) throw busy();
        const entries = queues.get(victim)!;
        const newest = entries[entries.length - 1]!;
        remove(victim, newest);
        newest.refuse();
      }
      return new Promise<() => void>((resolve, reject) => {
        const entry: Entry = {
          admit: () => {
            clearTimeout(timer);
            resolve(startReading(visitor));
          },
          refuse: () => {
            clearTimeout(timer);
            reject(busy());
          },
        };
        const timer = setTimeout(() => {
          if (remove(visitor, entry)) reject(busy());
        }, waitMs);
        const entries = queues.get(visitor);
        if (entries) entries.push(entry);
        else queues.set(visitor, [entry]);
        queued += 1;
      });
    },
    /** Searches reading now, and waiting (for tests and benches). */
    load: () => ({ active, waiting: queued, visitors: queues.size }),
    /**
     * Whether a search of `visitor` arriving now would be refused at once: the visitor holds its
     * budget, or every place is taken, the queue is full and it would displace nobody.
     */
    refuses: (visitor = '') =>
      held(visitor) >= settings.perVisitor ||
      (active >= settings.running && queued >= settings.waiting && displaces(visitor) === undefined),
    /** The 429 a search meets when the gate refuses it. */
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

/**
 * This process's gate. Its settings are read as it is used, not when this module loads: a process can
 * load the cms before its environment is final (the tests' template cms does).
 */
export const searchGate = createSearchGate({
  get running() {
    return listingSettings.searchesRunning;
  },
  get waiting() {
    return listingSettings.searchesWaiting;
  },
  get perVisitor() {
    return listingSettings.searchesPerVisitor;
  },
  get waitMs() {
    return listingSettings.searchWaitMs;
  },
});
