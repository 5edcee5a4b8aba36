// Progressive enhancement of the listing page. Without JavaScript it is plain forms and links; with
// it, filter changes and page links fetch the same server-rendered page and swap the results in
// place (no full reload). The URL stays the single source of truth: every state has its own
// address, Back and Forward work, and a filter change returns to page 1.

import { fetchRegion } from './page-region';
import { mountHearts } from '../lib/favourites/hearts';

const TYPING_DELAY_MS = 350;

export function urlFromForm(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    const v = String(value).trim();
    // Blank fields and the default sort add nothing; a new filter always starts at page 1.
    if (v === '' || key === 'page' || (key === 'sort' && v === 'newest')) continue;
    params.set(key, v);
  }
  const qs = params.toString();
  return qs ? `${form.action.split('?')[0]}?${qs}` : form.action.split('?')[0]!;
}

export function enhanceListing(): void {
  const root = document.querySelector<HTMLElement>('[data-listing]');
  if (!root) return;
  // The property cards' hearts bring their own script, but a page that opened with no results has
  // none: the cards swapped in later need it all the same.
  mountHearts();
  let controller: AbortController | null = null;
  let typingTimer: ReturnType<typeof setTimeout> | undefined;

  async function load(
    url: string,
    opts: { history: 'push' | 'replace' | 'none'; wholePage: boolean; focusHeading: boolean },
  ) {
    controller?.abort();
    controller = new AbortController();
    const results = root!.querySelector<HTMLElement>('#listing-results');
    results?.setAttribute('aria-busy', 'true');
    results?.querySelector('.listing-spinner')?.classList.replace('hidden', 'flex');
    try {
      const { region: fresh, title } = await fetchRegion(url, '[data-listing]', controller.signal);
      if (opts.wholePage) {
        // Parts marked data-keep (the open map) stay as they are, in the new page's place for them.
        const kept = [...root!.querySelectorAll<HTMLElement>('[data-keep][id]')];
        root!.innerHTML = fresh.innerHTML;
        for (const node of kept) root!.querySelector(`#${node.id}`)?.replaceWith(node);
      } else {
        for (const id of ['listing-head', 'listing-results']) {
          const next = fresh.querySelector(`#${id}`);
          const current = root!.querySelector(`#${id}`);
          if (next && current) current.replaceWith(next);
        }
      }
      document.title = title;
      // The open map (#map) stays open in the new address.
      const address = url + (location.hash === '#map' ? '#map' : '');
      if (opts.history === 'push') history.pushState({ listing: true }, '', address);
      if (opts.history === 'replace') history.replaceState({ listing: true }, '', address);
      document.dispatchEvent(new CustomEvent('listing:updated'));
      if (opts.focusHeading) {
        const heading = root!.querySelector<HTMLElement>('#listing-heading');
        heading?.focus({ preventScroll: true });
        root!.scrollIntoView({ block: 'start' });
      }
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      // Whatever went wrong, the plain page load still works.
      window.location.assign(url);
    }
  }

  root.addEventListener('submit', (event) => {
    const form = event.target as HTMLFormElement;
    if (form.id !== 'listing-form') return;
    event.preventDefault();
    clearTimeout(typingTimer);
    void load(urlFromForm(form), { history: 'push', wholePage: false, focusHeading: false });
  });

  root.addEventListener('change', (event) => {
    const target = event.target as HTMLElement;
    const form = target.closest<HTMLFormElement>('#listing-form');
    if (!form || !(target instanceof HTMLSelectElement)) return;
    void load(urlFromForm(form), { history: 'push', wholePage: false, focusHeading: false });
  });

  // Instant filtering while typing: the address follows along without adding a history entry per key.
  root.addEventListener('input', (event) => {
    const target = event.target as HTMLInputElement;
    const form = target.closest<HTMLFormElement>('#listing-form');
    if (!form || target instanceof HTMLSelectElement) return;
    clearTimeout(typingTimer);
    typingTimer = setTimeout(() => {
      if (form.checkValidity())
        void load(urlFromForm(form), { history: 'replace', wholePage: false, focusHeading: false });
    }, TYPING_DELAY_MS);
  });

  root.addEventListener('click', (event) => {
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>('a[href]');
    if (!link || !root.contains(link) || link.target || event.defaultPrevented) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || url.pathname !== location.pathname) return;
    event.preventDefault();
    void load(url.pathname + url.search, { history: 'push', wholePage: true, focusHeading: true });
  });

  // Search this area (the map view) asks for the listing of the map's bounds.
  document.addEventListener('listing:navigate', (event) => {
    void load((event as CustomEvent<string>).detail, {
      history: 'push',
      wholePage: true,
      focusHeading: false,
    });
  });

  window.addEventListener('popstate', () => {
    void load(location.pathname + location.search, { history: 'none', wholePage: true, focusHeading: false });
  });
}
