// The behaviour of AccountMenu.astro, plain DOM so it stays a few kilobytes.
import {
  dashboardPath,
  getSession,
  initials,
  signOut,
  subscribeSession,
  verifySession,
  apiFetch,
  type Role,
} from './store';

const BADGE: Record<Role, string> = {
  superadmin: 'bg-red-100 text-red-800',
  admin: 'bg-blue-100 text-blue-800',
  user: 'bg-stone-200 text-stone-800',
};

/** The menu's words, in the page's language, given by the page as the root's `data-am-texts`. */
export interface AccountMenuTexts {
  roles: Record<Role, string>;
  dashboards: Record<Role, string>;
  /** The seeker's dashboard in the page's language (the staff's are English only). */
  seekerDashboard: string;
  /** Where signing out leads: the sign-in page in the page's language. */
  signIn: string;
  /** "Account menu for {name}". */
  menuFor: string;
  /** Where a seeker's conversations are listed (their dashboard's enquiries and viewings). */
  seekerMessages: string;
  /** "{count} unread". */
  unread: string;
}

const textsOf = (root: HTMLElement) => JSON.parse(root.dataset.amTexts ?? '') as AccountMenuTexts;

const roots = () => Array.from(document.querySelectorAll<HTMLElement>('[data-account-menu]'));
const all = <T extends Element>(root: ParentNode, selector: string) =>
  Array.from(root.querySelectorAll<T>(selector));

function render(): void {
  const session = getSession();
  for (const root of roots()) {
    const out = root.querySelector<HTMLElement>('[data-am-out]');
    const inside = root.querySelector<HTMLElement>('[data-am-in]');
    if (!out || !inside) continue;
    out.hidden = Boolean(session);
    inside.hidden = !session;
    if (!session) {
      close(root, false);
      continue;
    }
    const { user } = session;
    const texts = textsOf(root);
    all(root, '[data-am-initials]').forEach((el) => (el.textContent = initials(user.fullName, user.email)));
    all(root, '[data-am-name]').forEach((el) => (el.textContent = user.fullName));
    all(root, '[data-am-email]').forEach((el) => (el.textContent = user.email));
    all(root, '[data-am-role]').forEach((el) => {
      el.textContent = texts.roles[user.role];
      el.className =
        el.className.replace(/\b(bg|text)-(red|blue|stone)-\d+\b/g, '').trim() + ' ' + BADGE[user.role];
    });
    all<HTMLAnchorElement>(root, '[data-am-dashboard]').forEach((a) => {
      a.href = user.role === 'user' ? texts.seekerDashboard : dashboardPath(user.role);
      a.textContent = texts.dashboards[user.role];
    });
    all<HTMLAnchorElement>(root, '[data-am-messages]').forEach((a) => {
      a.href = user.role === 'user' ? texts.seekerMessages : '/admin/messages';
    });
    const toggle = root.querySelector<HTMLElement>('[data-am-toggle]');
    toggle?.setAttribute('aria-label', texts.menuFor.replace('{name}', user.fullName));
  }
  void showUnread();
}

let unreadFor: string | null = null;
/**
 * The number of conversations with a message the account has not read, on the avatar and beside
 * Messages: asked once per page and account (a header of one small answer).
 */
async function showUnread(): Promise<void> {
  const session = getSession();
  const who = session ? `${session.user.role}:${session.user.email}` : null;
  if (!session || who === unreadFor) return;
  unreadFor = who;
  let count = 0;
  try {
    const res = await apiFetch('/api/threads?unread=1&pageSize=1', {
      headers: { Accept: 'application/json' },
    });
    if (res.ok) count = Number(res.headers.get('x-total-count')) || 0;
  } catch {
    return; // offline or signed out meanwhile: no count is shown
  }
  for (const root of roots()) {
    const texts = textsOf(root);
    const label = count > 0 ? texts.unread.replace('{count}', String(count)) : '';
    all(root, '[data-am-unread]').forEach((el) => (el.textContent = label ? `(${label})` : ''));
    all<HTMLElement>(root, '[data-am-unread-dot]').forEach((el) => {
      el.textContent = count > 9 ? '9+' : String(count);
      el.hidden = count === 0;
    });
  }
}

function close(root: HTMLElement, focusToggle: boolean): void {
  const toggle = root.querySelector<HTMLElement>('[data-am-toggle]');
  const panel = root.querySelector<HTMLElement>('[data-am-panel]');
  if (!toggle || !panel || panel.hidden) return;
  panel.hidden = true;
  toggle.setAttribute('aria-expanded', 'false');
  if (focusToggle) toggle.focus();
}

function wire(root: HTMLElement): void {
  const toggle = root.querySelector<HTMLElement>('[data-am-toggle]');
  const panel = root.querySelector<HTMLElement>('[data-am-panel]');
  if (toggle && panel) {
    toggle.addEventListener('click', () => {
      if (!panel.hidden) return close(root, false);
      panel.hidden = false;
      toggle.setAttribute('aria-expanded', 'true');
      panel.querySelector<HTMLElement>('a, button')?.focus();
    });
    root.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !panel.hidden) {
        event.preventDefault();
        close(root, true);
      }
    });
    root.addEventListener('focusout', (event) => {
      const next = event.relatedTarget as Node | null;
      if (next && !root.contains(next)) close(root, false);
    });
    document.addEventListener('click', (event) => {
      if (!root.contains(event.target as Node)) close(root, false);
    });
  }
  all<HTMLButtonElement>(root, '[data-am-signout]').forEach((button) =>
    button.addEventListener('click', async () => {
      button.disabled = true;
      await signOut();
      window.location.assign(textsOf(root).signIn);
    }),
  );
}

/**
 * Runs on every page (AccountMenu.astro): wires each account area on the page to the session store
 * and starts the background token check. (A social sign-in return is taken before this, by the
 * first inline script of the page: src/scripts/inline.)
 */
export function mountAccountMenus(): void {
  roots().forEach(wire);
  render();
  subscribeSession(render);
  void verifySession();
}
