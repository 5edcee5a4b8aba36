import { useQuery } from '@tanstack/react-query';
import { formatCount } from './dashboard-figures';
import { ActionCards, FigureCards, Greeting, QUICK_ACTIONS, type ActionCard } from './dashboard-cards';
import { STATS_QUERY } from './staff-api';
import { StaffShell, type StaffScreenProps } from './staff-shell';
import { LeadsCard } from './leads-card';
import { TextsCard } from './texts-card';
import { ReplyTimesCard } from './reply-times-card';
import { NeedsConfirmingCard } from './availability/needs-confirming-card';
import { ActivityLog } from './activity-log';

const MANAGEMENT: ActionCard[] = [
  {
    title: 'User Management',
    description: 'Find seekers and look after their accounts.',
    href: '/admin/users',
    icon: 'users',
  },
  {
    title: 'Admin Management',
    description: 'Add administrators or revoke their access.',
    href: '/admin/admins',
    icon: 'shield',
  },
  {
    title: 'System Settings',
    description: 'The system e-mail, maintenance mode and your account.',
    href: '/admin/settings',
    icon: 'settings',
  },
];

/**
 * /super-admin-dashboard, the superadmin's overview: the admin's figures, what
 * waits for approval, the management cards and the activity log (the cms's staff audit trail).
 */
export default function SuperAdminDashboardScreen(props: StaffScreenProps) {
  return (
    <StaffShell {...props}>
      <div className="space-y-8">
        <Greeting intro="The system at a glance. Trends compare the last 30 days with the 30 before." />
        <FigureCards />
        <NeedsConfirmingCard />
        <LeadsCard />
        <TextsCard />
        <ReplyTimesCard />
        <ApprovalCards />
        <ActionCards heading="Management" id="management" cards={MANAGEMENT} />
        <ActionCards heading="Quick actions" id="quick-actions" cards={QUICK_ACTIONS} />
        <ActivityLog />
      </div>
    </StaffShell>
  );
}

/** The two approval queues with what waits in each (the same live figures as the sidebar's counts). */
function ApprovalCards() {
  const pending = useQuery(STATS_QUERY).data?.pendingApprovals;
  const cards: ActionCard[] = [
    {
      title: 'Unapproved Properties',
      description: waiting(pending?.properties, 'property', 'properties'),
      href: '/admin/unapproved-properties',
      icon: 'inbox',
    },
    {
      title: 'Unapproved Deals',
      description: waiting(pending?.deals, 'deal', 'deals'),
      href: '/admin/unapproved-deals',
      icon: 'clock',
    },
  ];
  return <ActionCards heading="Waiting for approval" id="approvals" cards={cards} />;
}

function waiting(n: number | undefined, one: string, many: string): string {
  if (n === undefined) return 'Loading…';
  if (n === 0) return `No ${many} waiting.`;
  return `${formatCount(n)} ${n === 1 ? one : many} waiting for your decision.`;
}
