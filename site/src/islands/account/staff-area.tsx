import type { Access } from '../../lib/session/guard';
import { useSession } from '../../lib/session/use-session';
import { Guard } from './guard';

/** A staff route's guard, ahead of its screen (the back-office screens come later). */
export default function StaffArea({ access, heading }: { access: Exclude<Access, 'signed-in'>; heading: string }) {
  return (
    <Guard access={access}>
      <StaffWelcome heading={heading} />
    </Guard>
  );
}

function StaffWelcome({ heading }: { heading: string }) {
  const { session } = useSession();
  return (
    <section className="rounded-xl border border-stone-200 bg-white p-6">
      <h1 className="text-2xl font-bold text-ink">{heading}</h1>
      <p className="mt-2 text-stone-700">
        Signed in as <strong>{session?.user.fullName}</strong> ({session?.user.role === 'superadmin' ? 'Super Admin' : 'Administrator'}).
      </p>
      <p className="mt-2 text-stone-700">This back-office screen is not available yet.</p>
      <p className="mt-4">
        <a href="/profile" className="font-semibold text-brand-700 hover:underline">
          Your profile
        </a>
      </p>
    </section>
  );
}
