// The back-office's pages: who may open each, its title, and the sidebar menu
// each staff role sees. Plain data and functions, so the Astro pages and the islands share one list.
import type { IconName } from '../../lib/icon-paths';
import type { Access } from '../../lib/session/guard';

export type StaffRole = 'admin' | 'superadmin';
export type StaffPageKey =
  | 'admin-dashboard'
  | 'super-admin-dashboard'
  | 'users'
  | 'properties'
  | 'appointments'
  | 'enquiries'
  | 'messages'
  | 'deals'
  | 'settings'
  | 'admins'
  | 'unapproved-properties'
  | 'unapproved-deals'
  | 'reports';

/**
 * What the menu counts: the superadmin's approval queues, the open reports both roles act on, and the
 * conversations with a seeker's message nobody on staff has read.
 */
export type QueueKey = 'properties' | 'deals' | 'reports' | 'messages';

export interface StaffPage {
  path: string;
  /** The top bar's heading and the document title. */
  title: string;
  access: Exclude<Access, 'signed-in'>;
}

export const STAFF_PAGES: Record<StaffPageKey, StaffPage> = {
  'admin-dashboard': { path: '/admin-dashboard', title: 'Admin Dashboard', access: 'staff' },
  'super-admin-dashboard': {
    path: '/super-admin-dashboard',
    title: 'SuperAdmin Dashboard',
    access: 'superadmin',
  },
  users: { path: '/admin/users', title: 'Users', access: 'staff' },
  properties: { path: '/admin/properties', title: 'All Properties', access: 'staff' },
  appointments: { path: '/admin/appointments', title: 'Appointments', access: 'staff' },
  enquiries: { path: '/admin/enquiries', title: 'Customer Enquiries', access: 'staff' },
  messages: { path: '/admin/messages', title: 'Messages', access: 'staff' },
  deals: { path: '/admin/deals', title: 'Property Deals', access: 'staff' },
  settings: { path: '/admin/settings', title: 'Settings', access: 'staff' },
  admins: { path: '/admin/admins', title: 'Administrators', access: 'superadmin' },
  'unapproved-properties': {
    path: '/admin/unapproved-properties',
    title: 'Pending Properties',
    access: 'superadmin',
  },
  'unapproved-deals': { path: '/admin/unapproved-deals', title: 'Pending Deals', access: 'superadmin' },
  reports: { path: '/admin/reports', title: 'Reported Listings', access: 'staff' },
};

export interface MenuItem {
  /** The page the entry opens; 'overview' is the role's own dashboard. */
  key: StaffPageKey | 'overview';
  label: string;
  href: string;
  icon: IconName;
  /** The superadmin's queue entries and Reports carry a count of what waits. */
  queue?: QueueKey;
  /** Starts the superadmin's own group of entries (drawn with a divider above it). */
  groupStart?: boolean;
}

const ENTRY = (
  key: StaffPageKey,
  label: string,
  icon: IconName,
  extra: Partial<MenuItem> = {},
): MenuItem => ({
  key,
  label,
  href: STAFF_PAGES[key].path,
  icon,
  ...extra,
});

/** The role's own dashboard: the Overview entry and where staff land. */
export function overviewPath(role: StaffRole): string {
  return role === 'superadmin'
    ? STAFF_PAGES['super-admin-dashboard'].path
    : STAFF_PAGES['admin-dashboard'].path;
}

/**
 * The sidebar menu of a staff role: Overview, Users, Properties, Appointments, Enquiries, Messages,
 * Deals, Reports and Settings for both; the superadmin also gets Administrators and the two approval queues.
 */
export function staffMenu(role: StaffRole): MenuItem[] {
  const common = [
    { key: 'overview', label: 'Overview', href: overviewPath(role), icon: 'grid' } satisfies MenuItem,
    ENTRY('users', 'Users', 'users'),
    ENTRY('properties', 'Properties', 'building'),
    ENTRY('appointments', 'Appointments', 'calendar'),
    ENTRY('enquiries', 'Enquiries', 'message'),
    ENTRY('messages', 'Messages', 'mail', { queue: 'messages' }),
    ENTRY('deals', 'Deals', 'briefcase'),
    ENTRY('reports', 'Reports', 'flag', { queue: 'reports' }),
  ];
  const superadminOnly =
    role === 'superadmin'
      ? [
          ENTRY('admins', 'Administrators', 'shield', { groupStart: true }),
          ENTRY('unapproved-properties', 'Unapproved Properties', 'inbox', { queue: 'properties' }),
          ENTRY('unapproved-deals', 'Unapproved Deals', 'clock', { queue: 'deals' }),
        ]
      : [];
  return [...common, ...superadminOnly, ENTRY('settings', 'Settings', 'settings', { groupStart: true })];
}

/** Whether a menu entry is the page being shown (Overview stands for either dashboard). */
export function isCurrent(item: MenuItem, page: StaffPageKey): boolean {
  if (item.key === 'overview') return page === 'admin-dashboard' || page === 'super-admin-dashboard';
  return item.key === page;
}

export const ROLE_BADGE: Record<StaffRole, string> = { superadmin: 'Super Admin', admin: 'Administrator' };
