import { useSession } from '../../lib/session/use-session';
import { StaffShell, type StaffScreenProps } from './staff-shell';
import { overviewPath } from './staff-pages';
import { textLink } from '../shared/form-field';

/** A back-office page whose screen is still to come, inside the real layout so navigation works. */
export default function NotReadyScreen(props: StaffScreenProps) {
  return (
    <StaffShell {...props}>
      <NotReady />
    </StaffShell>
  );
}

export function NotReady() {
  const { session } = useSession();
  return (
    <section
      aria-labelledby="not-ready"
      className="max-w-2xl rounded-xl border border-stone-200 bg-white p-6"
    >
      <h2 id="not-ready" className="text-lg font-semibold text-ink">
        Coming soon
      </h2>
      <p className="mt-2 text-stone-700">This back-office screen is not available yet.</p>
      {session && (
        <p className="mt-4">
          <a
            href={overviewPath(session.user.role === 'superadmin' ? 'superadmin' : 'admin')}
            className={textLink}
          >
            Back to the overview
          </a>
        </p>
      )}
    </section>
  );
}
