import { ActionCards, FigureCards, Greeting, QUICK_ACTIONS } from './dashboard-cards';
import { StaffShell, type StaffScreenProps } from './staff-shell';
import { LeadsCard } from './leads-card';
import { TextsCard } from './texts-card';
import { ReplyTimesCard } from './reply-times-card';
import { NeedsConfirmingCard } from './availability/needs-confirming-card';

/** /admin-dashboard, the admin's dashboard, on the cms's real figures. */
export default function AdminDashboardScreen(props: StaffScreenProps) {
  return (
    <StaffShell {...props}>
      <div className="space-y-8">
        <Greeting intro="Here is how the business is doing. Trends compare the last 30 days with the 30 before." />
        <FigureCards />
        <NeedsConfirmingCard />
        <LeadsCard />
        <TextsCard />
        <ReplyTimesCard />
        <ActionCards heading="Quick actions" id="quick-actions" cards={QUICK_ACTIONS} />
      </div>
    </StaffShell>
  );
}
