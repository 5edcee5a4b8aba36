import { useState } from 'react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { formatGhanaPhone } from '@fie/domain';
import { format, parseISO } from 'date-fns';
import { initials } from '../../lib/session/store';
import { accountApi, accountKeys } from '../shared/account-api';
import { AppToaster } from '../shared/app-toaster';
import { secondaryButton } from '../shared/form-field';
import { Guard } from '../shared/guard';
import { ProfileForm } from './profile-form';
import { queryClient } from '../shared/query-client';

const ROLE_LABEL = { user: 'Property seeker', admin: 'Administrator', superadmin: 'Super Admin' } as const;

export default function ProfileScreen() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppToaster />
      <Guard access="signed-in">
        <ProfileView />
      </Guard>
    </QueryClientProvider>
  );
}

function ProfileView() {
  const profile = useQuery({ queryKey: accountKeys.profile, queryFn: accountApi.profile });
  const [editing, setEditing] = useState(false);

  if (profile.isPending)
    return (
      <p role="status" className="py-16 text-center text-stone-600">
        Loading profile…
      </p>
    );
  if (profile.isError)
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
        Failed to load your profile. Please try again.
      </p>
    );
  const p = profile.data;
  const rows: Array<[string, string | null]> = [
    ['Full name', p.fullName],
    ['Email', p.email],
    ['Phone', p.phone ? formatGhanaPhone(p.phone) : null],
    ['Location', p.location],
    ['Member since', p.createdAt ? format(parseISO(p.createdAt), 'd MMMM yyyy') : null],
  ];

  return (
    <div className="mx-auto max-w-2xl">
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xl font-bold text-white"
        >
          {initials(p.fullName, p.email)}
        </span>
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold text-ink">{p.fullName || 'Your profile'}</h1>
          <p className="text-stone-600">{ROLE_LABEL[p.role]}</p>
        </div>
      </div>
      <section
        className="mt-6 rounded-xl border border-stone-200 bg-white p-5 sm:p-6"
        aria-labelledby="details-heading"
      >
        <div className="flex items-center justify-between gap-3">
          <h2 id="details-heading" className="text-lg font-semibold text-ink">
            {editing ? 'Edit your details' : 'Your details'}
          </h2>
          {!editing && (
            <button type="button" className={secondaryButton} onClick={() => setEditing(true)}>
              Edit profile
            </button>
          )}
        </div>
        {editing ? (
          <div className="mt-4">
            <ProfileForm profile={p} onDone={() => setEditing(false)} />
          </div>
        ) : (
          <dl className="mt-4 divide-y divide-stone-100">
            {rows.map(([label, value]) => (
              <div key={label} className="grid gap-1 py-3 sm:grid-cols-3">
                <dt className="text-sm font-semibold text-stone-700">{label}</dt>
                <dd className={`break-words sm:col-span-2 ${value ? 'text-ink' : 'italic text-stone-600'}`}>
                  {value || 'Not provided'}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <p className="mt-4 flex flex-wrap gap-4 text-sm">
        <a href="/settings" className="font-semibold text-brand-700 hover:underline">
          Settings and password
        </a>
        <a href="/dashboard" className="font-semibold text-brand-700 hover:underline">
          Back to dashboard
        </a>
      </p>
    </div>
  );
}
