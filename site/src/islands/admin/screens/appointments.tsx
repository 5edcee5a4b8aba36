import { StaffShell, type StaffScreenProps } from '../staff-shell';
import { AppointmentsManager } from '../appointments/appointments-manager';

/** /admin/appointments (back-office §5). */
export default function AppointmentsScreen(props: StaffScreenProps) {
  return (
    <StaffShell {...props}>
      <AppointmentsManager />
    </StaffShell>
  );
}
