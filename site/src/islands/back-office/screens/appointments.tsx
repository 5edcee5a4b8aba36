import { StaffShell, type StaffScreenProps } from '../staff-shell';
import { AppointmentsManager } from '../appointments/appointments-manager';

/** /admin/appointments, the viewings booked and scheduled. */
export default function AppointmentsScreen(props: StaffScreenProps) {
  return (
    <StaffShell {...props}>
      <AppointmentsManager />
    </StaffShell>
  );
}
