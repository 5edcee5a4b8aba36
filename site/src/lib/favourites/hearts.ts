// The favourite hearts of the public pages (FavouriteHeart.astro), plain DOM so it stays a couple of
// kilobytes. The pages are cached and the same for everyone, so the server renders every heart as a
// link to sign in; this turns each into a toggle button showing this visitor's state: the account's
// favourites when signed in, the browser's list (browser-favourites.ts) when not.

import { apiFetch, getSession, subscribeSession, type Session } from '../session/store';
import { pageWords } from '../page-words';
import {
  addBrowserFavourite,
  BROWSER_FAVOURITES_KEY,
  browserFavourites,
  mergeBrowserFavourites,
  removeBrowserFavourite,
} from './browser-favourites';

interface HeartTexts {
  save: string;
  remove: string;
  failed: string;
  savedInBrowser: string;
  full: string;
}
let pageTexts: HeartTexts | null = null;

/**
 * The hearts' words in the page's language: FavouriteHeart.astro puts them on each heart it renders
 * (data-heart-texts); a page without hearts (the sign-in's merge of the browser's list) has the same
 * messages among its page words. The script carries no words of its own.
 */
function words(): HeartTexts {
  if (pageTexts) return pageTexts;
  const carrier = document.querySelector<HTMLElement>('[data-heart-texts]');
  try {
    if (carrier) return (pageTexts = JSON.parse(carrier.dataset.heartTexts ?? '') as HeartTexts);
  } catch {
    // the page's messages, below
  }
  const { messages } = pageWords();
  return {
    save: messages.saveToFavourites ?? '',
    remove: messages.removeFromFavourites ?? '',
    failed: messages.favouriteNotUpdated ?? '',
    savedInBrowser: messages.favouriteSavedInBrowser ?? '',
    full: messages.favouritesFull ?? '',
  };
}

const MESSAGE_MS = 5_000;

let saved = new Set<string>();
/** Hearts toggled while the account's list was loading: they win over what it says. */
let toggledWhileLoading = new Map<string, boolean>();
let loading = false;
/** Bumped on every session change, so a late answer for an earlier session is ignored. */
let generation = 0;
let hintShown = false;
/** One request at a time per property, so a quick save-then-remove reaches the server in order. */
const queues = new Map<string, Promise<void>>();
let region: HTMLElement | null = null;
let messageTimer: ReturnType<typeof setTimeout> | undefined;

function render(button: HTMLElement): void {
  const on = saved.has(button.dataset.heart ?? '');
  button.setAttribute('aria-pressed', String(on));
  button.setAttribute('aria-label', on ? words().remove : words().save);
}

const buttons = () => Array.from(document.querySelectorAll<HTMLElement>('button[data-heart]'));
const renderAll = () => buttons().forEach(render);

function set(id: string, on: boolean): void {
  if (on) saved.add(id);
  else saved.delete(id);
  if (loading) toggledWhileLoading.set(id, on);
  buttons()
    .filter((b) => b.dataset.heart === id)
    .forEach(render);
}

/** The server's link to sign in becomes a button in its place, with the same look and contents. */
function upgrade(link: HTMLElement): void {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = link.className;
  button.dataset.heart = link.dataset.heart;
  if (link.dataset.heartTexts) button.dataset.heartTexts = link.dataset.heartTexts;
  button.append(...Array.from(link.childNodes));
  render(button);
  link.replaceWith(button);
}

const upgradeAll = () => document.querySelectorAll<HTMLElement>('a[data-heart]').forEach(upgrade);

/** A short message in a polite live region (the island pages' toasts would need React here). */
function say(text: string): void {
  if (!region) return;
  clearTimeout(messageTimer);
  const note = document.createElement('p');
  note.className =
    'pointer-events-auto max-w-sm rounded-lg bg-stone-900 px-4 py-3 text-sm font-medium text-white shadow-lg';
  note.textContent = text;
  region.replaceChildren(note);
  messageTimer = setTimeout(() => region?.replaceChildren(), MESSAGE_MS);
}

async function messageOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: unknown; error?: { message?: unknown } };
    const message = body.message ?? body.error?.message;
    if (typeof message === 'string' && message && res.status < 500) return message;
  } catch {
    // no JSON: the general message below
  }
  return words().failed;
}

/** The account's favourites (after handing it any the browser still holds), or null if unreadable. */
async function accountFavourites(): Promise<Set<string> | null> {
  if (browserFavourites().length > 0) {
    const merged = await mergeBrowserFavourites();
    if (merged.full) say(words().full);
  }
  try {
    const res = await apiFetch('/api/favourites');
    if (!res.ok) return null;
    const body = (await res.json()) as unknown;
    const items = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
    if (!Array.isArray(items)) return null;
    return new Set(
      items
        .map((item) => (item as { propertyId?: unknown } | null)?.propertyId)
        .filter((id): id is string => typeof id === 'string'),
    );
  } catch {
    return null;
  }
}

async function load(session: Session | null): Promise<void> {
  const mine = ++generation;
  toggledWhileLoading = new Map();
  if (!session) {
    // Never the account's hearts: signing out leaves only what this browser itself kept.
    loading = false;
    saved = new Set(browserFavourites());
    renderAll();
    return;
  }
  saved = new Set();
  loading = true;
  renderAll();
  const ids = await accountFavourites();
  if (mine !== generation) return;
  loading = false;
  if (ids) saved = ids;
  for (const [id, on] of toggledWhileLoading) {
    if (on) saved.add(id);
    else saved.delete(id);
  }
  toggledWhileLoading = new Map();
  renderAll();
}

async function send(id: string, on: boolean): Promise<void> {
  let failure: string | null = null;
  try {
    const res = await apiFetch(`/api/favourites/${encodeURIComponent(id)}`, {
      method: on ? 'PUT' : 'DELETE',
    });
    if (!res.ok) failure = await messageOf(res);
  } catch {
    failure = words().failed;
  }
  // Rolled back only while the heart still shows this change (a later click has its own request).
  if (failure !== null && saved.has(id) === on) {
    set(id, !on);
    say(failure);
  }
}

function toggle(id: string): void {
  const on = !saved.has(id);
  if (!getSession()) {
    if (on && !addBrowserFavourite(id)) return say(words().full);
    if (!on) removeBrowserFavourite(id);
    set(id, on);
    if (on && !hintShown) {
      hintShown = true;
      say(words().savedInBrowser);
    }
    return;
  }
  set(id, on);
  const previous = queues.get(id) ?? Promise.resolve();
  const next = previous.then(() => send(id, on));
  queues.set(id, next);
  void next.finally(() => {
    if (queues.get(id) === next) queues.delete(id);
  });
}

/**
 * Runs on every page with hearts (FavouriteHeart.astro's script; a page may include it more than
 * once, so only the first call counts). Clicks are handled for the whole document, and hearts that
 * arrive later (the listing and the featured tabs swap results in place) are upgraded as they come.
 * Returns what undoes it (for tests: a page never needs to).
 */
export function mountHearts(): () => void {
  const root = document.documentElement;
  if (root.dataset.heartsMounted) return () => {};
  root.dataset.heartsMounted = '1';

  const live = document.createElement('div');
  live.setAttribute('role', 'status');
  live.className =
    'pointer-events-none fixed inset-x-4 top-20 z-[60] flex justify-center sm:left-auto sm:right-4 sm:justify-end';
  document.body.append(live);
  region = live;

  upgradeAll();
  const observer = new MutationObserver(() => {
    if (document.querySelector('a[data-heart]')) upgradeAll();
  });
  observer.observe(document.body, { childList: true, subtree: true });

  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>('button[data-heart]');
    const id = button?.dataset.heart;
    if (!id) return;
    event.preventDefault();
    toggle(id);
  };
  document.addEventListener('click', onClick);

  // Another tab signing in or out, or changing the browser's list while signed out.
  let current = getSession();
  const unsubscribe = subscribeSession(() => {
    const next = getSession();
    if (next?.token === current?.token && next?.user.id === current?.user.id) return;
    const sameAccount = next && current && next.user.id === current.user.id;
    current = next;
    if (!sameAccount) void load(next);
  });
  const onStorage = (event: StorageEvent) => {
    if (event.key === BROWSER_FAVOURITES_KEY && !getSession()) void load(null);
  };
  window.addEventListener('storage', onStorage);

  void load(current);
  return () => {
    observer.disconnect();
    document.removeEventListener('click', onClick);
    window.removeEventListener('storage', onStorage);
    unsubscribe();
    clearTimeout(messageTimer);
    live.remove();
    generation += 1;
    delete root.dataset.heartsMounted;
  };
}
