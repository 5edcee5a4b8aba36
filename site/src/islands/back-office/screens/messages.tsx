import { StaffShell, type StaffScreenProps } from '../staff-shell';
import { ThreadsManager } from '../messages/threads-manager';

/** /admin/messages: the staff inbox of conversations. */
export default function MessagesScreen(props: StaffScreenProps) {
  return (
    <StaffShell {...props}>
      <ThreadsManager />
    </StaffShell>
  );
}
