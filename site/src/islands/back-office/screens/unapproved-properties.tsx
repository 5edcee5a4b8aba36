import { StaffShell, type StaffScreenProps } from '../staff-shell';
import { PropertyQueue } from '../approvals/property-queue';

/** /admin/unapproved-properties, "Pending Properties" (superadmin only). */
export default function UnapprovedPropertiesScreen(props: StaffScreenProps) {
  return (
    <StaffShell {...props}>
      <PropertyQueue />
    </StaffShell>
  );
}
