// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The markup AccountMenu.astro renders (bar variant) on a French page, reduced to what the script reads.
const TEXTS = JSON.stringify({
  roles: { superadmin: 'Super-admin', admin: 'Admin', user: 'Utilisateur' },
  dashboards: {
    superadmin: 'Tableau de bord super-admin',
    admin: 'Tableau de bord admin',
    user: 'Tableau de bord',
  },
  seekerDashboard: '/fr/dashboard',
  signIn: '/fr/login',
  menuFor: 'Menu du compte de {name}',
});
const MARKUP = `
<div data-account-menu data-variant="bar" data-am-texts='${TEXTS}'>
  <div data-am-out><a href="/login">Login</a><a href="/register">Register</a></div>
  <div data-am-in hidden>
    <button type="button" data-am-toggle aria-expanded="false" aria-controls="p"><span data-am-initials></span></button>
    <div id="p" data-am-panel hidden>
      <p data-am-name></p><p data-am-email></p><span data-am-role class="badge"></span>
      <a href="/profile">Profile</a><a href="/dashboard" data-am-dashboard>Dashboard</a>
      <button type="button" data-am-signout>Sign out</button>
    </div>
  </div>
</div>
<a href="/elsewhere" id="outside">elsewhere</a>`;

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  document.body.innerHTML = MARKUP;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 200 })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function mount() {
  const { mountAccountMenus } = await import('../src/lib/session/account-menu');
  mountAccountMenus();
}

describe('the account menu', () => {
  it('shows Login and Register when signed out', async () => {
    await mount();
    expect($('[data-am-out]').hidden).toBe(false);
    expect($('[data-am-in]').hidden).toBe(true);
  });

  it('shows the initials, name, e-mail, role badge and dashboard of the signed-in account', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem(
      'user',
      JSON.stringify({
        id: '1',
        email: 'esi@fiehomes.local',
        role: 'superadmin',
        fullName: 'Esi Ankomah Boateng',
      }),
    );
    await mount();
    expect($('[data-am-out]').hidden).toBe(true);
    expect($('[data-am-initials]').textContent).toBe('EA');
    expect($('[data-am-name]').textContent).toBe('Esi Ankomah Boateng');
    expect($('[data-am-email]').textContent).toBe('esi@fiehomes.local');
    expect($('[data-am-role]').textContent).toBe('Super-admin');
    expect($('[data-am-role]').className).toContain('bg-red-100');
    expect($<HTMLAnchorElement>('[data-am-dashboard]').getAttribute('href')).toBe('/super-admin-dashboard');
    expect($('[data-am-dashboard]').textContent).toBe('Tableau de bord super-admin');
    expect($('[data-am-toggle]').getAttribute('aria-label')).toBe('Menu du compte de Esi Ankomah Boateng');
  });

  it('opens with the button, closes with Escape (focus back on the button) and on a click outside', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ id: '1', email: 'kofi@fiehomes.local', role: 'admin' }));
    await mount();
    const toggle = $('[data-am-toggle]');
    expect($('[data-am-initials]').textContent).toBe('K');
    expect($('[data-am-role]').className).toContain('bg-blue-100');
    toggle.click();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect($('[data-am-panel]').hidden).toBe(false);
    $('[data-am-panel] a').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect($('[data-am-panel]').hidden).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    toggle.click();
    $('#outside').click();
    expect($('[data-am-panel]').hidden).toBe(true);
  });

  it("signs out: clears the session and goes to the sign-in page in the page's language", async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem(
      'user',
      JSON.stringify({ id: '1', email: 'ama@fiehomes.local', role: 'user', fullName: 'Ama' }),
    );
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      search: '',
      assign,
    } as Location);
    await mount();
    expect($('[data-am-role]').className).toContain('bg-stone-200');
    expect($('[data-am-role]').textContent).toBe('Utilisateur');
    expect($<HTMLAnchorElement>('[data-am-dashboard]').getAttribute('href')).toBe('/fr/dashboard');
    $('[data-am-signout]').click();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/fr/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect($('[data-am-out]').hidden).toBe(false);
  });
});
