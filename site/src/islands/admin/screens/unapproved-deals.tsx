import { StaffShell, type StaffScreenProps } from '../staff-shell';
import { DealQueue } from '../approvals/deal-queue';

/** /admin/unapproved-deals, "Pending Deals" (back-office §8, superadmin). */
export default function UnapprovedDealsScreen(props: StaffScreenProps) {
  return (
    <StaffShell {...props}>
      <DealQueue />
    </StaffShell>
  );
}
