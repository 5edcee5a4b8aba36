import { MESSAGES, staffUserListSchema, type StaffUser } from '@fie/domain';
import { useSession } from '../../../lib/session/use-session';
import { StaffShell, type StaffScreenProps } from '../staff-shell';
import { badge, rowButton, rowDangerButton, smallPrimaryButton, useStaffList } from '../kit';
import { AccountConfirm, AddAccountDialog, PeopleList, useAccountDialogs } from '../people/people-list';
import { peopleApi, peopleKeys } from '../people/api';
import {
  accountLabel,
  accountState,
  activeChange,
  bookingPause,
  codeTextFailure,
  liftText,
} from '../people/people-view';

/** /admin/users: the seekers, searched by e-mail on the server and paged. */
export default function UsersScreen(props: StaffScreenProps) {
  return (
    <StaffShell {...props}>
      <Users />
    </StaffShell>
  );
}

type Open = { kind: 'add' } | { kind: 'active'; user: StaffUser } | { kind: 'lift'; user: StaffUser };

export function Users() {
  const { session } = useSession();
  // "Add New User" and the actions column are the superadmin's only; the server enforces the same.
  const superadmin = session?.user.role === 'superadmin';
  const list = useStaffList({ key: peopleKeys.users, path: '/api/users', schema: staffUserListSchema });
  const { banners, open, setOpen, close, changed } = useAccountDialogs<Open>([
    peopleKeys.users,
    peopleKeys.audit,
  ]);
  const change = open?.kind === 'active' ? activeChange(open.user) : null;
  // Admins see an actions column only when a seeker on the page has a booking pause to lift.
  const liftable = list.items.some((u) => bookingPause(u));
  const liftButton = (u: StaffUser) =>
    bookingPause(u) && (
      <button
        type="button"
        className={rowButton}
        onClick={() => setOpen({ kind: 'lift', user: u })}
        aria-label={`Lift booking restriction of ${accountLabel(u)}`}
      >
        Lift restriction
      </button>
    );

  return (
    <PeopleList
      noun={['user', 'users']}
      label="Users"
      heading="All Users"
      action={
        superadmin && (
          <button type="button" className={smallPrimaryButton} onClick={() => setOpen({ kind: 'add' })}>
            Add New User
          </button>
        )
      }
      searchPlaceholder="Search users by email..."
      searchLabel="Search users by email"
      list={list}
      banners={banners}
      loadFailed={MESSAGES.loadUsersFailed}
      dateHeader="Joined"
      kindColumn={{
        header: 'Status',
        cell: (u) => {
          const state = accountState(u);
          const pause = bookingPause(u);
          const undelivered = codeTextFailure(u);
          return (
            <span className="inline-flex flex-col items-start gap-1">
              <span className={state.className}>{state.label}</span>
              {pause && <span className={badge.amber}>{pause}</span>}
              {undelivered && <span className={badge.red}>{undelivered}</span>}
            </span>
          );
        },
      }}
      actions={
        superadmin
          ? (u) => {
              const deactivating = u.active !== false;
              return (
                <span className="inline-flex flex-wrap justify-end gap-2">
                  {liftButton(u)}
                  <button
                    type="button"
                    className={deactivating ? rowDangerButton : rowButton}
                    onClick={() => setOpen({ kind: 'active', user: u })}
                    aria-label={`${deactivating ? 'Deactivate' : 'Reactivate'} ${accountLabel(u)}`}
                  >
                    {deactivating ? 'Deactivate' : 'Reactivate'}
                  </button>
                </span>
              );
            }
          : liftable
            ? liftButton
            : undefined
      }
    >
      {open?.kind === 'add' && <AddAccountDialog kind="user" onClose={close} onAdded={changed} />}
      {open?.kind === 'active' && change && (
        <AccountConfirm
          title={change.title}
          message={change.message}
          confirmLabel={change.confirmLabel}
          failed={change.failed}
          danger={!change.activate}
          run={() => peopleApi.setActive(open.user._id, change.activate)}
          onDone={changed}
          onClose={close}
        />
      )}
      {open?.kind === 'lift' && (
        <AccountConfirm
          {...liftText(open.user)}
          danger={false}
          run={() => peopleApi.liftBookingRestriction(open.user._id)}
          onDone={changed}
          onClose={close}
        />
      )}
    </PeopleList>
  );
}
