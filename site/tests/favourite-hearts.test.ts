// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, MESSAGES_FR } from '@fie/domain';

type Hearts = typeof import('../src/lib/favourites/hearts');
let hearts: Hearts;
let unmount: () => void = () => {};

const seeker = { id: '7', email: 'ama@fiehomes.local', role: 'user' as const, fullName: 'Ama Mensah' };
const signIn = () => {
  localStorage.setItem('token', 't1');
  localStorage.setItem('user', JSON.stringify(seeker));
};
const reply = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** Two cards' hearts as the server renders them: links to sign in. */
const page = (ids = ['abc1', 'abc2']) =>
  ids
    .map(
      (id) =>
        `<article><a href="/properties" class="card-link">Open</a><a href="/login?next=%2Fproperties" data-heart="${id}" aria-label="Save to favourites" class="heart"><svg></svg></a></article>`,
    )
    .join('');
const heart = (id: string) => document.querySelector<HTMLElement>(`[data-heart="${id}"]`)!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The words an English page carries for its scripts (Base.astro's #fie-page-words). */
const pageWordsElement = () =>
  `<script type="application/json" id="fie-page-words">${JSON.stringify({ messages: MESSAGES })}</script>`;

beforeEach(async () => {
  localStorage.clear();
  document.head.innerHTML = pageWordsElement();
  document.body.innerHTML = page();
  vi.resetModules();
  hearts = await import('../src/lib/favourites/hearts');
});
afterEach(() => {
  unmount();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the favourite hearts', () => {
  it("carry no words of their own: an English page's come from the page too", async () => {
    const { readFileSync } = await import('node:fs');
    const path = await import('node:path');
    const code = readFileSync(path.join(__dirname, '../src/lib/favourites/hearts.ts'), 'utf8');
    for (const text of [MESSAGES.saveToFavourites, MESSAGES.removeFromFavourites, MESSAGES.favouritesFull])
      expect(code).not.toContain(text);
  });

  it('signed out: become toggle buttons kept in the browser list, also for hearts swapped in later', async () => {
    localStorage.setItem('favourites', JSON.stringify(['abc2']));
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    unmount = hearts.mountHearts();
    const first = heart('abc1');
    expect(first.tagName).toBe('BUTTON');
    expect(first.className).toBe('heart');
    expect(first.querySelector('svg')).not.toBeNull();
    expect(first.getAttribute('aria-pressed')).toBe('false');
    expect(first.getAttribute('aria-label')).toBe('Save to favourites');
    expect(heart('abc2').getAttribute('aria-pressed')).toBe('true');
    expect(heart('abc2').getAttribute('aria-label')).toBe('Remove from favourites');

    first.click();
    expect(heart('abc1').getAttribute('aria-pressed')).toBe('true');
    expect(JSON.parse(localStorage.getItem('favourites')!)).toEqual(['abc2', 'abc1']);
    expect(document.querySelector('[role="status"]')!.textContent).toBe(MESSAGES.favouriteSavedInBrowser);
    heart('abc2').click();
    expect(heart('abc2').getAttribute('aria-pressed')).toBe('false');
    expect(JSON.parse(localStorage.getItem('favourites')!)).toEqual(['abc1']);

    // The listing swaps its results in place: the new hearts are upgraded and show the state too.
    document.body.insertAdjacentHTML('beforeend', page(['abc1', 'abc3']));
    await settle();
    expect(document.querySelectorAll('a[data-heart]')).toHaveLength(0);
    expect(document.querySelectorAll('[data-heart="abc1"][aria-pressed="true"]')).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("speak the page's language, from the words the page put on its hearts", async () => {
    const french = {
      save: MESSAGES_FR.saveToFavourites,
      remove: MESSAGES_FR.removeFromFavourites,
      failed: MESSAGES_FR.favouriteNotUpdated,
      savedInBrowser: MESSAGES_FR.favouriteSavedInBrowser,
      full: MESSAGES_FR.favouritesFull,
    };
    document.body.innerHTML = page().replaceAll(
      'data-heart=',
      `data-heart-texts='${JSON.stringify(french).replaceAll("'", '&#39;')}' data-heart=`,
    );
    vi.stubGlobal('fetch', vi.fn());
    unmount = hearts.mountHearts();
    expect(heart('abc1').getAttribute('aria-label')).toBe(french.save);
    heart('abc1').click();
    expect(heart('abc1').getAttribute('aria-label')).toBe(french.remove);
    expect(document.querySelector('[role="status"]')!.textContent).toBe(french.savedInBrowser);
  });

  it("signed in: the account's favourites, saved and removed at once, rolled back with the server's message", async () => {
    signIn();
    const calls: string[] = [];
    let putStatus = 201;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init: RequestInit = {}) => {
        calls.push(`${init.method ?? 'GET'} ${path}`);
        if (path === '/api/favourites') return reply(200, [{ propertyId: 'abc2', available: true }]);
        if (init.method === 'PUT')
          return putStatus === 400 ? reply(400, { message: MESSAGES.favouritesFull }) : reply(putStatus, {});
        return reply(204);
      }),
    );
    unmount = hearts.mountHearts();
    await vi.waitFor(() => expect(heart('abc2').getAttribute('aria-pressed')).toBe('true'));
    expect(heart('abc1').getAttribute('aria-pressed')).toBe('false');

    heart('abc1').click();
    expect(heart('abc1').getAttribute('aria-pressed')).toBe('true'); // before the server answers
    await settle();
    heart('abc2').click();
    expect(heart('abc2').getAttribute('aria-pressed')).toBe('false');
    await settle();
    expect(calls).toEqual(['GET /api/favourites', 'PUT /api/favourites/abc1', 'DELETE /api/favourites/abc2']);
    expect(localStorage.getItem('favourites')).toBeNull(); // nothing of the account's is kept in the browser

    putStatus = 400;
    heart('abc2').click();
    expect(heart('abc2').getAttribute('aria-pressed')).toBe('true');
    await vi.waitFor(() => expect(heart('abc2').getAttribute('aria-pressed')).toBe('false'));
    expect(document.querySelector('[role="status"]')!.textContent).toBe(MESSAGES.favouritesFull);
  });

  it("signed in with hearts from before: merges them first; signing out shows none of the account's", async () => {
    localStorage.setItem('favourites', JSON.stringify(['abc1']));
    signIn();
    const account = new Set<string>(['abc2']);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init: RequestInit = {}) => {
        if (path === '/api/favourites')
          return reply(
            200,
            [...account].map((propertyId) => ({ propertyId, available: true })),
          );
        if (init.method === 'PUT') account.add(path.split('/').pop()!);
        return reply(201, {});
      }),
    );
    unmount = hearts.mountHearts();
    await vi.waitFor(() => expect(heart('abc1').getAttribute('aria-pressed')).toBe('true'));
    expect(heart('abc2').getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('favourites')).toBeNull();

    const { clearSession } = await import('../src/lib/session/store');
    clearSession();
    expect(heart('abc1').getAttribute('aria-pressed')).toBe('false');
    expect(heart('abc2').getAttribute('aria-pressed')).toBe('false');
    expect(localStorage.getItem('favourites')).toBeNull();
  });
});
