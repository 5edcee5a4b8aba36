import { StaffShell, type StaffScreenProps } from '../staff-shell';
import { ReportsManager } from '../reports/reports-manager';

/** /admin/reports, "Reported Listings". */
export default function ReportsScreen(props: StaffScreenProps) {
  return (
    <StaffShell {...props}>
      <ReportsManager />
    </StaffShell>
  );
}
