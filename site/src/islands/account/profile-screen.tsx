import { useState } from 'react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { formatGhanaPhone } from '@fie/domain';
import { format, parseISO } from 'date-fns';
import { es, fr } from 'date-fns/locale';
import { initials } from '../../lib/session/store';
import { accountApi, accountKeys } from '../shared/account-api';
import { AppToaster } from '../shared/app-toaster';
import { secondaryButton } from '../shared/form-field';
import { Guard } from '../shared/guard';
import { ProfileForm } from './profile-form';
import { queryClient } from '../shared/query-client';
import { useWords, WithWords, type IslandWords } from '../shared/island-words';
import type { AreaTexts } from '../../i18n/account';
export default function ProfileScreen({ words }: { words?: IslandWords }) {
  return (
    <WithWords words={words}>
      <QueryClientProvider client={queryClient}>
        <AppToaster />
        <Guard access="signed-in">
          <ProfileView />
        </Guard>
      </QueryClientProvider>
    </WithWords>
  );
}

function ProfileView() {
  const { t, language, link } = useWords<AreaTexts>();
  const roleLabel = { user: t.roleUser, admin: t.roleAdmin, superadmin: t.roleSuperadmin } as const;
  const profile = useQuery({ queryKey: accountKeys.profile, queryFn: accountApi.profile });
  const [editing, setEditing] = useState(false);

  if (profile.isPending)
    return (
      <p role="status" className="py-16 text-center text-stone-600">
        {t.loadingProfile}
      </p>
    );
  if (profile.isError)
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
        {t.profileFailed}
      </p>
    );
  const p = profile.data;
  const rows: Array<[string, string | null]> = [
    [t.fullName, p.fullName],
    [t.email, p.email],
    [t.phone, p.phone ? formatGhanaPhone(p.phone) : null],
    [t.location, p.location],
    [t.memberSince, p.createdAt ? memberSince(p.createdAt, language) : null],
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
          <h1 className="truncate text-2xl font-bold text-ink">{p.fullName || t.yourProfile}</h1>
          <p className="text-stone-600">{roleLabel[p.role]}</p>
        </div>
      </div>
      <section
        className="mt-6 rounded-xl border border-stone-200 bg-white p-5 sm:p-6"
        aria-labelledby="details-heading"
      >
        <div className="flex items-center justify-between gap-3">
          <h2 id="details-heading" className="text-lg font-semibold text-ink">
            {editing ? t.editYourDetails : t.yourDetails}
          </h2>
          {!editing && (
            <button type="button" className={secondaryButton} onClick={() => setEditing(true)}>
              {t.editProfile}
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
                  {value || t.notProvided}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <p className="mt-4 flex flex-wrap gap-4 text-sm">
        <a href={link('/settings')} className="font-semibold text-brand-700 hover:underline">
          {t.settingsAndPassword}
        </a>
        <a href={link('/dashboard')} className="font-semibold text-brand-700 hover:underline">
          {t.backToDashboard}
        </a>
      </p>
    </div>
  );
}

/** "9 March 2026", "9 mars 2026", "9 de marzo de 2026": the day the account was created. */
function memberSince(iso: string, language: 'en' | 'fr' | 'es'): string {
  const day = parseISO(iso);
  if (language === 'en') return format(day, 'd MMMM yyyy');
  return format(day, language === 'es' ? "d 'de' MMMM 'de' yyyy" : 'd MMMM yyyy', {
    locale: language === 'es' ? es : fr,
  });
}
