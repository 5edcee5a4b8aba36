import type { DashboardStats } from '@fie/domain';
import { Icon } from '../shared/icon';
import {
  isCurrent,
  ROLE_BADGE,
  staffMenu,
  type QueueKey,
  type StaffPageKey,
  type StaffRole,
} from './staff-pages';

const BADGE_CLASS: Record<StaffRole, string> = {
  superadmin: 'bg-red-100 text-red-800',
  admin: 'bg-blue-100 text-blue-800',
};

/** What waits in each approval queue (the superadmin's figures) and the open reports, once loaded. */
export type QueueCounts = Partial<Record<QueueKey, number>>;

export function queueCounts(
  stats: DashboardStats | undefined,
  openReports: number | undefined,
  unreadThreads?: number,
): QueueCounts | undefined {
  if (!stats && openReports === undefined && unreadThreads === undefined) return undefined;
  return {
    ...(stats && { properties: stats.pendingApprovals.properties, deals: stats.pendingApprovals.deals }),
    ...(openReports !== undefined && { reports: openReports }),
    ...(unreadThreads !== undefined && { messages: unreadThreads }),
  };
}

/** The brand (a link to the public site) and the role badge at the top of the sidebar and the drawer. */
export function SidebarHeader({
  brand,
  logoUrl,
  role,
  collapsed,
}: {
  brand: string;
  logoUrl: string | null;
  role: StaffRole;
  collapsed: boolean;
}) {
  const badge = ROLE_BADGE[role];
  return (
    <div className={`border-b border-white/10 py-3 ${collapsed ? 'px-2' : 'px-4'}`}>
      <a
        href="/"
        className={`flex items-center gap-3 rounded-lg p-1 font-bold text-white hover:bg-white/10 ${collapsed ? 'justify-center' : ''}`}
      >
        <img
          src={logoUrl ?? '/favicon.svg'}
          alt=""
          width={32}
          height={32}
          className="h-8 w-8 shrink-0 rounded bg-white p-0.5"
        />
        <span className={collapsed ? 'sr-only' : 'truncate'}>{brand}</span>
      </a>
      <p className={`mt-2 flex ${collapsed ? 'justify-center' : ''}`}>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE_CLASS[role]}`}
          title={collapsed ? badge : undefined}
        >
          {collapsed ? (
            <>
              <span aria-hidden="true">{role === 'superadmin' ? 'SA' : 'AD'}</span>
              <span className="sr-only">{badge}</span>
            </>
          ) : (
            badge
          )}
        </span>
      </p>
    </div>
  );
}

/** The menu of the role: icons with labels, or icons alone (labels kept for screen readers) when collapsed. */
export function StaffMenu({
  role,
  page,
  collapsed,
  counts,
}: {
  role: StaffRole;
  page: StaffPageKey;
  collapsed: boolean;
  counts: QueueCounts | undefined;
}) {
  return (
    <ul className="space-y-1">
      {staffMenu(role).map((item) => {
        const current = isCurrent(item, page);
        const count = item.queue && counts ? counts[item.queue] : undefined;
        return (
          <li key={item.key} className={item.groupStart ? 'mt-3 border-t border-white/10 pt-3' : undefined}>
            <a
              href={item.href}
              aria-current={current ? 'page' : undefined}
              title={collapsed ? item.label : undefined}
              className={`relative flex min-h-11 items-center gap-3 rounded-lg py-2 text-sm font-medium ${collapsed ? 'justify-center px-2' : 'px-3'} ${
                current ? 'bg-brand-600 text-white' : 'text-stone-200 hover:bg-white/10 hover:text-white'
              }`}
            >
              <Icon name={item.icon} className="shrink-0" />
              <span className={collapsed ? 'sr-only' : 'min-w-0 flex-1 leading-snug'}>{item.label}</span>
              {count !== undefined && <QueueCount count={count} collapsed={collapsed} />}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function QueueCount({ count, collapsed }: { count: number; collapsed: boolean }) {
  const tone = count > 0 ? 'bg-amber-300 text-stone-900' : 'bg-stone-700 text-white';
  const place = collapsed
    ? 'absolute right-0.5 top-0.5 min-w-5 px-1 text-[11px] leading-5'
    : 'min-w-6 px-1.5 text-xs leading-5';
  return (
    <>
      <span
        aria-hidden="true"
        data-queue-count={count}
        className={`rounded-full text-center font-bold ${tone} ${place}`}
      >
        {count > 99 ? '99+' : count}
      </span>
      {/* The space (a flex container draws none) keeps the name "Unapproved Deals (3 waiting)" in every browser. */}{' '}
      <span className="sr-only">({count} waiting)</span>
    </>
  );
}
