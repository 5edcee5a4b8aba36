import { describe, expect, it } from 'vitest';
import { isCurrent, overviewPath, STAFF_PAGES, staffMenu } from '../src/islands/back-office/staff-pages';

const labels = (role: 'admin' | 'superadmin') => staffMenu(role).map((item) => item.label);

describe('the back-office menu', () => {
  it('gives an admin Overview, Users, Properties, Appointments, Enquiries, Messages, Deals, Reports and Settings', () => {
    expect(labels('admin')).toEqual([
      'Overview',
      'Users',
      'Properties',
      'Appointments',
      'Enquiries',
      'Messages',
      'Deals',
      'Reports',
      'Settings',
    ]);
  });

  it('gives the superadmin Administrators and the two approval queues as well', () => {
    expect(labels('superadmin')).toEqual([
      'Overview',
      'Users',
      'Properties',
      'Appointments',
      'Enquiries',
      'Messages',
      'Deals',
      'Reports',
      'Administrators',
      'Unapproved Properties',
      'Unapproved Deals',
      'Settings',
    ]);
  });

  it("leads Overview to the role's own dashboard", () => {
    expect(staffMenu('admin')[0]!.href).toBe('/admin-dashboard');
    expect(staffMenu('superadmin')[0]!.href).toBe('/super-admin-dashboard');
    expect(overviewPath('admin')).toBe('/admin-dashboard');
    expect(overviewPath('superadmin')).toBe('/super-admin-dashboard');
  });

  it('counts what waits on the two queue entries, on Messages and on Reports', () => {
    const counted = staffMenu('superadmin').filter((item) => item.queue);
    expect(counted.map((item) => [item.label, item.queue])).toEqual([
      ['Messages', 'messages'],
      ['Reports', 'reports'],
      ['Unapproved Properties', 'properties'],
      ['Unapproved Deals', 'deals'],
    ]);
    expect(
      staffMenu('admin')
        .filter((item) => item.queue)
        .map((item) => item.queue),
    ).toEqual(['messages', 'reports']);
  });

  it('links every entry to its page and marks the page being shown', () => {
    for (const item of staffMenu('superadmin').slice(1)) {
      expect(item.href).toBe(STAFF_PAGES[item.key as keyof typeof STAFF_PAGES].path);
    }
    const [overview, users] = staffMenu('superadmin');
    expect(isCurrent(overview!, 'super-admin-dashboard')).toBe(true);
    expect(isCurrent(overview!, 'admin-dashboard')).toBe(true);
    expect(isCurrent(overview!, 'users')).toBe(false);
    expect(isCurrent(users!, 'users')).toBe(true);
  });

  it('keeps the superadmin pages for the superadmin', () => {
    const superadminOnly = Object.entries(STAFF_PAGES)
      .filter(([, page]) => page.access === 'superadmin')
      .map(([key]) => key);
    expect(superadminOnly.sort()).toEqual([
      'admins',
      'super-admin-dashboard',
      'unapproved-deals',
      'unapproved-properties',
    ]);
  });
});
