import { MESSAGES, staffUserListSchema, type StaffUser } from '@fie/domain';
import { useSession } from '../../../lib/session/use-session';
import { StaffShell, type StaffScreenProps } from '../staff-shell';
import { staffKeys } from '../staff-api';
import { badge, rowDangerButton, smallPrimaryButton, useStaffList } from '../kit';
import { AccountConfirm, AddAccountDialog, PeopleList, useAccountDialogs } from '../people/people-list';
import { peopleApi, peopleKeys } from '../people/api';
import { accountLabel, revokeText, ROLE_LABEL } from '../people/people-view';

/** /admin/admins (superadmin only): the staff accounts, added and revoked here. */
export default function AdminsScreen(props: StaffScreenProps) {
  return (
    <StaffShell {...props}>
      <Admins />
    </StaffShell>
  );
}

type Open = { kind: 'add' } | { kind: 'revoke'; user: StaffUser };

export function Admins() {
  const { session } = useSession();
  const list = useStaffList({ key: peopleKeys.admins, path: '/api/admins', schema: staffUserListSchema });
  const { banners, open, setOpen, close, changed } = useAccountDialogs<Open>([
    peopleKeys.admins,
    peopleKeys.users,
    peopleKeys.audit,
    staffKeys.stats,
  ]);
  const revoke = open?.kind === 'revoke' ? revokeText(open.user) : null;

  return (
    <PeopleList
      noun={['administrator', 'administrators']}
      label="Administrators"
      heading="All Administrators"
      action={
        <button type="button" className={smallPrimaryButton} onClick={() => setOpen({ kind: 'add' })}>
          Add New Admin
        </button>
      }
      searchPlaceholder="Search admins by email..."
      searchLabel="Search administrators by email"
      list={list}
      banners={banners}
      loadFailed={MESSAGES.loadAdminsFailed}
      dateHeader="Added"
      you={session?.user.id}
      kindColumn={{
        header: 'Role',
        cell: (u) => (
          <span className={u.role === 'superadmin' ? badge.amber : badge.blue}>{ROLE_LABEL[u.role]}</span>
        ),
      }}
      actions={(u) => (
        <button
          type="button"
          className={rowDangerButton}
          onClick={() => setOpen({ kind: 'revoke', user: u })}
          aria-label={`Revoke ${accountLabel(u)}`}
        >
          Revoke
        </button>
      )}
    >
      {open?.kind === 'add' && <AddAccountDialog kind="admin" onClose={close} onAdded={changed} />}
      {open?.kind === 'revoke' && revoke && (
        <AccountConfirm
          title={revoke.title}
          message={revoke.message}
          confirmLabel={revoke.confirmLabel}
          failed={revoke.failed}
          run={() => peopleApi.revoke(open.user._id)}
          onDone={changed}
          onClose={close}
        />
      )}
    </PeopleList>
  );
}
