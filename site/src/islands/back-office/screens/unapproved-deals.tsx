import { StaffShell, type StaffScreenProps } from '../staff-shell';
import { DealQueue } from '../approvals/deal-queue';

/** /admin/unapproved-deals, "Pending Deals" (superadmin only). */
export default function UnapprovedDealsScreen(props: StaffScreenProps) {
  return (
    <StaffShell {...props}>
      <DealQueue />
    </StaffShell>
  );
}
