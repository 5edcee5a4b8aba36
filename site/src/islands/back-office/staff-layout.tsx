import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { initials, signOut, type SessionUser } from '../../lib/session/store';
import { useSession } from '../../lib/session/use-session';
import { Icon } from '../shared/icon';
import { useMediaQuery, useSidebar } from './sidebar-state';
import { STATS_QUERY } from './staff-api';
import { OPEN_REPORTS_QUERY } from './reports/reports-api';
import { UNREAD_THREADS_QUERY } from './messages/threads-api';
import { StaffDrawer } from './staff-drawer';
import { STAFF_PAGES, type StaffPageKey, type StaffRole } from './staff-pages';
import { queueCounts, SidebarHeader, StaffMenu } from './staff-sidebar';

export interface StaffLayoutProps {
  page: StaffPageKey;
  brand: string;
  logoUrl: string | null;
  children: ReactNode;
}

const DRAWER_ID = 'staff-drawer';
const SIDEBAR_ID = 'staff-sidebar';

// Tailwind's md: from this width the sidebar is docked and the drawer is not used.
const DOCKED_QUERY = '(min-width: 768px)';

/**
 * The frame of every back-office page: the sidebar with the
 * role's menu, the top bar with the page's title, the account and Logout, and the page's screen.
 * Only ever shown to staff (StaffShell's guard comes first).
 */
export function StaffLayout({ page, brand, logoUrl, children }: StaffLayoutProps) {
  const { session } = useSession();
  const role = (session?.user.role === 'superadmin' ? 'superadmin' : 'admin') satisfies StaffRole;
  const sidebar = useSidebar();
  const counts = queueCounts(
    useQuery({ ...STATS_QUERY, enabled: role === 'superadmin' }).data,
    useQuery(OPEN_REPORTS_QUERY).data,
    useQuery(UNREAD_THREADS_QUERY).data,
  );
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const docked = useMediaQuery(DOCKED_QUERY);
  const { title } = STAFF_PAGES[page];

  // Every navigation starts at the top of the page, Back and Forward included.
  useEffect(() => {
    history.scrollRestoration = 'manual';
    window.scrollTo(0, 0);
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setDrawerOpen(false); // a page kept by the back-forward cache comes back as it was left
      window.scrollTo(0, 0);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  // A phone turned to a wide screen docks the sidebar: the drawer has no reason to stay open.
  useEffect(() => {
    if (docked) setDrawerOpen(false);
  }, [docked]);

  if (!session) return null;
  const { user } = session;

  return (
    <div className="flex-1">
      <aside
        id={SIDEBAR_ID}
        aria-label="Sidebar"
        className={`fixed inset-y-0 left-0 z-30 hidden flex-col bg-stone-900 text-stone-100 transition-[width] duration-200 motion-reduce:transition-none md:flex ${
          sidebar.collapsed ? 'w-[72px]' : 'w-64'
        }`}
      >
        <SidebarHeader brand={brand} logoUrl={logoUrl} role={role} collapsed={sidebar.collapsed} />
        <nav
          aria-label="Back office"
          className={`flex-1 overflow-y-auto py-4 ${sidebar.collapsed ? 'px-2' : 'px-3'}`}
        >
          <StaffMenu role={role} page={page} collapsed={sidebar.collapsed} counts={counts} />
        </nav>
        <div className="border-t border-white/10 p-2">
          <button
            type="button"
            onClick={sidebar.toggle}
            aria-controls={SIDEBAR_ID}
            aria-expanded={!sidebar.collapsed}
            title={sidebar.collapsed ? 'Expand sidebar' : undefined}
            className={`flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-stone-200 hover:bg-white/10 hover:text-white ${
              sidebar.collapsed ? 'justify-center' : ''
            }`}
          >
            <Icon name={sidebar.collapsed ? 'chevron-right' : 'chevron-left'} className="shrink-0" />
            <span className={sidebar.collapsed ? 'sr-only' : ''}>
              {sidebar.collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            </span>
          </button>
        </div>
      </aside>

      <div
        inert={drawerOpen}
        className={`flex min-h-screen flex-col transition-[padding] duration-200 motion-reduce:transition-none ${sidebar.collapsed ? 'md:pl-[72px]' : 'md:pl-64'}`}
      >
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-stone-200 bg-white px-4 sm:px-6">
          <button
            ref={menuButton}
            type="button"
            onClick={() => setDrawerOpen(true)}
            aria-controls={DRAWER_ID}
            aria-expanded={drawerOpen}
            className="-ml-2 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100 md:hidden"
          >
            <Icon name="menu" size={24} />
            <span className="sr-only">Open menu</span>
          </button>
          <h1 className="min-w-0 flex-1 truncate text-base font-bold text-ink sm:text-xl">{title}</h1>
          <div className="flex shrink-0 items-center gap-3">
            <div className="hidden max-w-56 text-right leading-tight sm:block">
              <p className="truncate text-sm font-semibold text-ink">{user.fullName}</p>
              <p className="truncate text-xs text-stone-600">{user.email}</p>
            </div>
            {/* On phones the title needs the room: the avatar, name and e-mail are in the drawer there. */}
            <Avatar user={user} className="hidden sm:flex" />
            <LogoutButton />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8">
          {children}
        </main>
      </div>

      {drawerOpen && (
        <StaffDrawer id={DRAWER_ID} label="Menu" onClose={closeDrawer} returnFocusTo={menuButton}>
          <div className="flex items-center justify-end px-2 pt-2">
            <button
              type="button"
              onClick={closeDrawer}
              className="inline-flex h-11 w-11 items-center justify-center rounded-md text-stone-200 hover:bg-white/10 hover:text-white"
            >
              <Icon name="close" size={24} />
              <span className="sr-only">Close menu</span>
            </button>
          </div>
          <SidebarHeader brand={brand} logoUrl={logoUrl} role={role} collapsed={false} />
          <nav aria-label="Back office" className="flex-1 px-3 py-4">
            <StaffMenu role={role} page={page} collapsed={false} counts={counts} />
          </nav>
          <div className="flex items-center gap-3 border-t border-white/10 px-4 py-3 text-sm">
            <Avatar user={user} className="flex" />
            <div className="min-w-0">
              <p className="truncate font-semibold text-white">{user.fullName}</p>
              <p className="break-all text-stone-300">{user.email}</p>
            </div>
          </div>
        </StaffDrawer>
      )}
    </div>
  );
}

/** The initials avatar; decorative, as the name is always written beside it or in the drawer. */
function Avatar({ user, className }: { user: SessionUser; className: string }) {
  return (
    <span
      aria-hidden="true"
      className={`${className} h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white`}
    >
      {initials(user.fullName, user.email)}
    </span>
  );
}

function LogoutButton() {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await signOut();
        window.location.assign('/login');
      }}
      className="inline-flex min-h-10 min-w-10 items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-800 hover:bg-stone-100 disabled:text-stone-500"
    >
      <Icon name="logout" size={18} />
      <span className="sr-only sm:not-sr-only">Logout</span>
    </button>
  );
}
