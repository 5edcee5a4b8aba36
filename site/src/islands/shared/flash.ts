// Toasts that must survive a page change (the screens navigate with full page loads): queued in
// sessionStorage, addressed to the page being opened, and shown by that page's toaster.
//
// Why addressed: the page that queues a flash keeps running until the next page replaces it. If its
// own toaster hydrates in that gap (the property page's toaster is `client:idle`, so it may hydrate
// after a quick click on "Book a Viewing"), an unaddressed flash was taken and shown on the page
// being left, and the login page then found nothing: the "Please log in to book a viewing" toast was
// lost now and then. A flash is now taken only by the page whose path it names.
const KEY = 'fie:flash';
/** A flash nobody took within this time (the navigation failed or went elsewhere) is dropped. */
const KEEP_MS = 60_000;

export interface Flash {
  kind: 'success' | 'error';
  message: string;
}

interface Queued extends Flash {
  /** The pathname of the page that shows it. */
  to: string;
  at: number;
}

function read(): Queued[] {
  const queued = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as unknown;
  if (!Array.isArray(queued)) return [];
  return queued.filter(
    (f): f is Queued =>
      !!f && typeof f.message === 'string' && typeof f.to === 'string' && typeof f.at === 'number',
  );
}

function pathnameOf(url: string): string {
  return new URL(url, window.location.href).pathname;
}

/** Queues `flash` for the page at `url` (its path; the query does not matter). */
export function queueFlash(flash: Flash, url: string): void {
  try {
    sessionStorage.setItem(
      KEY,
      JSON.stringify([...read(), { ...flash, to: pathnameOf(url), at: Date.now() }]),
    );
  } catch {
    // no storage: the toast is lost, the navigation still happens
  }
}

/** Queues `flash` for the page at `url` and opens it (a full page load). */
export function flashAndGo(flash: Flash, url: string): void {
  queueFlash(flash, url);
  window.location.assign(url);
}

/** The flashes addressed to this page, removed from the queue; others stay for their page. */
export function takeFlashes(): Flash[] {
  try {
    const here = window.location.pathname;
    const now = Date.now();
    const fresh = read().filter((f) => now - f.at >= 0 && now - f.at < KEEP_MS);
    const mine = fresh.filter((f) => f.to === here);
    const others = fresh.filter((f) => f.to !== here);
    if (others.length > 0) sessionStorage.setItem(KEY, JSON.stringify(others));
    else sessionStorage.removeItem(KEY);
    return mine.map(({ kind, message }) => ({ kind, message }));
  } catch {
    return [];
  }
}
