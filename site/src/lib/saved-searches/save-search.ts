// "Save this search" on the listing pages (SaveSearch.astro), plain DOM to keep the listing's
// first-load JavaScript small. The page is cached and the same for everyone, so the server renders
// a link to sign in; this turns it into a button that opens the panel, where a signed-in visitor
// picks how often to hear of new matches and saves the filters the address holds at that moment.

import { apiFetch, getSession, loginUrl } from '../session/store';
import { hasAreaFilter, pageWords, savedSearchFilters, savedSearchLabel } from './listing-filters';

/** The hash a sign-in comes back with, so the panel opens by itself on return. */
export const SAVE_SEARCH_HASH = '#save-search';

const q = <T extends Element = HTMLElement>(scope: ParentNode, selector: string) =>
  scope.querySelector<T>(selector);

const here = () => `${location.pathname}${location.search}`;

/** The server's message for a refused save, when it gave one a person can read. */
async function refusal(res: Response): Promise<string | null> {
  try {
    const body = (await res.json()) as { message?: unknown; error?: { message?: unknown } };
    const message = body.message ?? body.error?.message;
    return typeof message === 'string' && message && res.status < 500 ? message : null;
  } catch {
    return null;
  }
}

/** The server's link becomes a button in its place, with the same look and contents. */
function upgrade(root: HTMLElement): void {
  const link = q<HTMLAnchorElement>(root, 'a[data-save-search-toggle]');
  const panel = q(root, '[data-save-search-panel]');
  if (!link || !panel) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = link.className;
  button.dataset.saveSearchToggle = '';
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-controls', panel.id);
  button.append(...Array.from(link.childNodes));
  link.replaceWith(button);
}

function toggleOf(root: HTMLElement) {
  return q<HTMLButtonElement>(root, 'button[data-save-search-toggle]');
}

function close(root: HTMLElement, { focusToggle }: { focusToggle: boolean }): void {
  const panel = q(root, '[data-save-search-panel]');
  const toggle = toggleOf(root);
  if (panel) panel.hidden = true;
  toggle?.setAttribute('aria-expanded', 'false');
  if (focusToggle) toggle?.focus();
}

function open(root: HTMLElement): void {
  if (!getSession()) {
    window.location.assign(loginUrl(`${here()}${SAVE_SEARCH_HASH}`));
    return;
  }
  const panel = q(root, '[data-save-search-panel]');
  if (!panel) return;
  const label = q(panel, '[data-save-search-label]');
  if (label)
    label.textContent = savedSearchLabel(
      savedSearchFilters(location.pathname, location.search),
      pageWords(panel.dataset.searchWords),
    );
  const area = q(panel, '[data-save-search-area]');
  if (area) area.hidden = !hasAreaFilter(location.search);
  const fields = q(panel, '[data-save-search-fields]');
  if (fields) fields.hidden = false;
  for (const region of panel.querySelectorAll('[data-save-search-status], [data-save-search-error]'))
    region.replaceChildren();
  panel.hidden = false;
  toggleOf(root)?.setAttribute('aria-expanded', 'true');
  q<HTMLInputElement>(panel, 'input[name="frequency"]:checked')?.focus();
}

async function save(root: HTMLElement, form: HTMLFormElement): Promise<void> {
  const status = q(form, '[data-save-search-status]');
  const alert = q(form, '[data-save-search-error]');
  const submit = q<HTMLButtonElement>(form, 'button[type="submit"]');
  if (!status || !alert || !submit || submit.disabled) return;
  if (!getSession()) return open(root); // signed out in another tab meanwhile: to sign in
  const frequency = new FormData(form).get('frequency') ?? 'daily';
  // The address at this moment: the listing keeps it in step with the filters on screen.
  const query = savedSearchFilters(location.pathname, location.search);
  status.replaceChildren();
  alert.replaceChildren();
  submit.disabled = true;
  let failure: string | null = null;
  let duplicate = false;
  try {
    const res = await apiFetch('/api/saved-searches', {
      method: 'POST',
      body: JSON.stringify({ query, frequency }),
    });
    if (res.status === 401) return open(root); // the session ended: sign in again, then back here
    if (res.ok) {
      const saved = (await res.json().catch(() => null)) as { label?: unknown } | null;
      const label = q(form, '[data-save-search-label]');
      if (label && typeof saved?.label === 'string') label.textContent = saved.label;
      const done = q<HTMLTemplateElement>(form, 'template[data-save-search-done]');
      if (done) status.replaceChildren(done.content.cloneNode(true));
      const fields = q(form, '[data-save-search-fields]');
      if (fields) fields.hidden = true;
      q(status, 'a')?.focus();
      return;
    }
    failure = (await refusal(res)) ?? form.dataset.failed ?? '';
    duplicate = res.status === 409;
  } catch {
    failure = form.dataset.failed ?? '';
  } finally {
    submit.disabled = false;
  }
  const note = document.createElement('p');
  note.textContent = failure;
  // Already saved: the way to the one that exists.
  const done = q<HTMLTemplateElement>(form, 'template[data-save-search-done]');
  const manage = duplicate && done ? q(done.content, 'a') : null;
  if (manage) note.append(' ', manage.cloneNode(true));
  alert.replaceChildren(note);
}

/**
 * Runs once per listing page. Clicks and submits are handled on the listing's root, which stays
 * while the listing swaps its heading and results in place; each new heading's link is upgraded.
 */
export function mountSaveSearch(): void {
  const root = document.querySelector<HTMLElement>('[data-listing]');
  if (!root || root.dataset.saveSearchMounted) return;
  root.dataset.saveSearchMounted = '1';
  upgrade(root);
  new MutationObserver(() => upgrade(root)).observe(root, { childList: true });

  root.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target.closest('button[data-save-search-toggle]')) {
      const panel = q(root, '[data-save-search-panel]');
      if (panel && !panel.hidden) close(root, { focusToggle: false });
      else open(root);
    } else if (target.closest('[data-save-search-cancel]')) {
      close(root, { focusToggle: true });
    }
  });
  root.addEventListener('submit', (event) => {
    const form = (event.target as Element).closest<HTMLFormElement>('form[data-save-search-panel]');
    if (!form) return;
    event.preventDefault();
    void save(root, form);
  });
  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const panel = (event.target as Element).closest<HTMLElement>('[data-save-search-panel]');
    if (panel && !panel.hidden) close(root, { focusToggle: true });
  });

  // Back from signing in with the panel asked for: open it, and drop the hash from the address.
  if (location.hash === SAVE_SEARCH_HASH) {
    history.replaceState(history.state, '', here());
    if (getSession()) open(root);
  }
}
