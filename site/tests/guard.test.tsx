// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { guardDecision } from '../src/lib/session/guard';
import { Guard } from '../src/islands/shared/guard';
import { clearSession, setSession, type Role } from '../src/lib/session/store';

const as = (role: Role) => ({ token: 't', user: { id: '1', email: 'a@b.c', role, fullName: 'A B' } });

describe('who may see a protected page', () => {
  it('sends signed-out visitors to sign in and back', () => {
    for (const access of ['signed-in', 'staff', 'superadmin'] as const) {
      expect(guardDecision(null, access, '/settings#password')).toEqual({
        allow: false,
        redirect: '/login?next=%2Fsettings%23password',
      });
    }
  });

  it('lets any account into the seeker pages', () => {
    for (const role of ['user', 'admin', 'superadmin'] as const)
      expect(guardDecision(as(role), 'signed-in', '/dashboard')).toEqual({ allow: true });
  });

  it('lets admins and superadmins into staff pages and sends seekers to /login', () => {
    expect(guardDecision(as('admin'), 'staff', '/admin/users')).toEqual({ allow: true });
    expect(guardDecision(as('superadmin'), 'staff', '/admin/users')).toEqual({ allow: true });
    expect(guardDecision(as('user'), 'staff', '/admin/users')).toEqual({
      allow: false,
      redirect: '/login?next=%2Fadmin%2Fusers',
    });
  });

  it('keeps superadmin pages for superadmins and sends others to /dashboard', () => {
    expect(guardDecision(as('superadmin'), 'superadmin', '/admin/admins')).toEqual({ allow: true });
    expect(guardDecision(as('admin'), 'superadmin', '/admin/admins')).toEqual({
      allow: false,
      redirect: '/dashboard',
    });
    expect(guardDecision(as('user'), 'superadmin', '/super-admin-dashboard')).toEqual({
      allow: false,
      redirect: '/dashboard',
    });
  });
});

describe('the Guard island', () => {
  const replace = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    replace.mockReset();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      pathname: '/dashboard',
      search: '',
      hash: '',
      replace,
    } as Location);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows "Loading secure area..." and sends a signed-out visitor to /login', async () => {
    render(
      <Guard access="signed-in">
        <p>secret</p>
      </Guard>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading secure area...');
    expect(screen.queryByText('secret')).toBeNull();
    expect(replace).toHaveBeenCalledWith('/login?next=%2Fdashboard');
  });

  it('shows the page to a signed-in account and leaves when it signs out in another tab', async () => {
    setSession('t', as('user').user);
    render(
      <Guard access="signed-in">
        <p>secret</p>
      </Guard>,
    );
    expect(screen.getByText('secret')).toBeTruthy();
    await act(async () => clearSession());
    expect(screen.queryByText('secret')).toBeNull();
    expect(replace).toHaveBeenCalledWith('/login?next=%2Fdashboard');
  });
});
