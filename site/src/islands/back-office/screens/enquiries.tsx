import { StaffShell, type StaffScreenProps } from '../staff-shell';
import { EnquiriesManager } from '../enquiries/enquiries-manager';

/** /admin/enquiries, "Customer Enquiries". */
export default function EnquiriesScreen(props: StaffScreenProps) {
  return (
    <StaffShell {...props}>
      <EnquiriesManager />
    </StaffShell>
  );
}
