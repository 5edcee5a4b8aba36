// Favourites kept in this browser while signed out, and their hand-over to the account at sign-in.
// Framework-free and importing only the session store: the hearts script that uses it ships on the
// listing and home pages inside their first-load budgets (the domain package would bring zod).

import { apiFetch, getSession } from '../session/store';

export const BROWSER_FAVOURITES_KEY = 'favourites';
/** The account's own cap (FAVOURITES_MAX in @fie/domain, written out here for the reason above). */
export const BROWSER_FAVOURITES_MAX = 500;
/** A property's id as the API gives it (the cms refuses anything else anyway). */
const PROPERTY_ID = /^[a-z0-9]{1,64}$/;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled by the browser's privacy settings
  }
}

/** Valid ids once each, in the order given, keeping the newest (last) when over the cap. */
function normalise(ids: unknown[]): string[] {
  const unique = [
    ...new Set(ids.filter((id): id is string => typeof id === 'string' && PROPERTY_ID.test(id))),
  ];
  return unique.slice(-BROWSER_FAVOURITES_MAX);
}

/** The property ids saved in this browser, oldest first. */
export function browserFavourites(): string[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(BROWSER_FAVOURITES_KEY) ?? '[]');
    return Array.isArray(parsed) ? normalise(parsed) : [];
  } catch {
    return [];
  }
}

function write(ids: string[]): void {
  try {
    if (ids.length === 0) storage()?.removeItem(BROWSER_FAVOURITES_KEY);
    else storage()?.setItem(BROWSER_FAVOURITES_KEY, JSON.stringify(normalise(ids)));
  } catch {
    // storage full or disabled: the heart still changes for this page
  }
}

/** Saves a property in this browser; false when the list is full (as the account refuses past its cap). */
export function addBrowserFavourite(id: string): boolean {
  const ids = browserFavourites();
  if (ids.includes(id)) return true;
  if (ids.length >= BROWSER_FAVOURITES_MAX) return false;
  write([...ids, id]);
  return true;
}

export function removeBrowserFavourite(id: string): void {
  write(browserFavourites().filter((x) => x !== id));
}

export function clearBrowserFavourites(): void {
  write([]);
}

export interface MergeResult {
  /** Saved to the account now (or already there). */
  saved: number;
  /** No longer listed (404): dropped. */
  gone: number;
  /** The account is full: the rest were dropped, and the person should be told (MESSAGES.favouritesFull). */
  full: boolean;
  /** Left in the browser for a later page (the server or the network failed, or the session ended). */
  left: number;
}

let merging: Promise<MergeResult> | null = null;

/**
 * Hands the browser's favourites to the signed-in account: PUT each (oldest first, so the account's
 * newest-first order is the order they were hearted), then forgets it here. The server keeps a
 * property once per account, so merging twice (two tabs, a sign-in path and the hearts script) adds
 * no duplicates. Each id leaves the browser list as soon as it is settled, so a page left mid-way
 * loses nothing: the next page carries on. Concurrent callers on one page share one run.
 */
export function mergeBrowserFavourites(): Promise<MergeResult> {
  if (!merging) {
    const run = mergeNow();
    merging = run;
    void run.finally(() => {
      if (merging === run) merging = null;
    });
  }
  return merging;
}

async function mergeNow(): Promise<MergeResult> {
  const result: MergeResult = { saved: 0, gone: 0, full: false, left: 0 };
  const pending = browserFavourites();
  while (pending.length > 0 && getSession()) {
    const id = pending[0]!;
    let status: number;
    try {
      status = (await apiFetch(`/api/favourites/${encodeURIComponent(id)}`, { method: 'PUT' })).status;
    } catch {
      break; // offline: keep the rest for the next page
    }
    if (status === 400) {
      // The account is full; every other id would be refused the same way. Kept here they would be
      // tried again on every page, so they are dropped and the caller says why.
      result.full = true;
      pending.length = 0;
    } else if (status >= 200 && status < 300) {
      result.saved += 1;
      pending.shift();
    } else if (status === 404) {
      result.gone += 1;
      pending.shift();
    } else {
      break; // signed out meanwhile, rate-limited or a server error: try again later
    }
    write(pending);
  }
  result.left = pending.length;
  return result;
}

/**
 * The merge right after a sign-in, before the screen moves on: given at most `ms`, so a slow server
 * never holds the person back (whatever is left is merged by the next page with hearts or the
 * dashboard). Null when there was nothing to merge or time ran out.
 */
export async function mergeAfterSignIn(ms = 3000): Promise<MergeResult | null> {
  if (browserFavourites().length === 0) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([mergeBrowserFavourites(), late]);
  } finally {
    clearTimeout(timer);
  }
}
