import { StaffShell, type StaffScreenProps } from '../staff-shell';
import { DealsScreenBody } from '../deals/deals-screen';

/** /admin/deals, "Property Deals". */
export default function DealsScreen(props: StaffScreenProps) {
  return (
    <StaffShell {...props}>
      <DealsScreenBody />
    </StaffShell>
  );
}
