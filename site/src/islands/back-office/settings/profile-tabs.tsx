import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { MESSAGES, profileUpdateSchema, type Profile, type ProfileUpdateInput } from '@fie/domain';
import { updateSessionUser } from '../../../lib/session/store';
import { accountApi, accountKeys } from '../../shared/account-api';
import { Field, inputClass } from '../../shared/form-field';
import { smallPrimaryButton, type BannerState } from '../kit';
import { SAVE_SETTINGS_FAILED } from './settings-api';

const accountSchema = z.object({ fullName: profileUpdateSchema.shape.fullName.unwrap() });
type AccountInput = z.input<typeof accountSchema>;

/** Both staff notice switches are on unless the account turned them off. */
export function notificationChoices(profile: Pick<Profile, 'emailNotifications' | 'systemAlerts'>) {
  return {
    emailNotifications: profile.emailNotifications !== false,
    systemAlerts: profile.systemAlerts !== false,
  };
}

/** PUT /api/profile; the answer replaces the cached profile, and the top bar's name follows. */
function useSaveProfile(banners: BannerState, onSaved: (profile: Profile) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileUpdateInput) => accountApi.updateProfile(changes),
    onSuccess: (profile) => {
      client.setQueryData(accountKeys.profile, profile);
      updateSessionUser({ fullName: profile.fullName ?? undefined });
      onSaved(profile);
      banners.succeed(MESSAGES.settingsSaved);
    },
    onError: (error) => banners.fail(error, SAVE_SETTINGS_FAILED),
  });
}

/** Account Settings: the full name saves to the server; the e-mail is read-only. */
export function AccountTab({ profile, banners }: { profile: Profile; banners: BannerState }) {
  const { register, handleSubmit, reset, formState } = useForm<AccountInput>({
    resolver: zodResolver(accountSchema),
    defaultValues: { fullName: profile.fullName ?? '' },
  });
  useEffect(() => reset({ fullName: profile.fullName ?? '' }), [profile.fullName, reset]);
  const save = useSaveProfile(banners, (p) => reset({ fullName: p.fullName ?? '' }));
  return (
    <form
      noValidate
      onSubmit={handleSubmit((input) => save.mutate({ fullName: input.fullName }))}
      className="max-w-md space-y-4"
    >
      <h2 className="text-lg font-semibold text-ink">Account Settings</h2>
      <Field
        label="Full name"
        autoComplete="name"
        {...register('fullName')}
        error={formState.errors.fullName?.message}
      />
      <div>
        <label htmlFor="settings-email" className="block text-sm font-semibold text-stone-800">
          Email
        </label>
        <input
          id="settings-email"
          type="email"
          value={profile.email}
          readOnly
          aria-describedby="settings-email-note"
          className={`${inputClass} read-only:bg-stone-100 read-only:text-stone-700`}
        />
        <p id="settings-email-note" className="mt-1 text-sm text-stone-600">
          Your sign-in e-mail cannot be changed here.
        </p>
      </div>
      <button
        type="submit"
        className={smallPrimaryButton}
        disabled={save.isPending}
        aria-busy={save.isPending || undefined}
      >
        {save.isPending ? 'Saving…' : 'Save Changes'}
      </button>
    </form>
  );
}

const SWITCHES = [
  {
    name: 'emailNotifications',
    label: 'E-mail notifications',
    detail:
      'An e-mail for each new viewing and, for approvers, each listing or deal that waits for approval.',
  },
  {
    name: 'systemAlerts',
    label: 'System alerts',
    detail: 'An e-mail when maintenance mode is switched on or off.',
  },
] as const;

/** Notifications: the two staff notice switches, stored on the account (both on by default). */
export function NotificationsTab({ profile, banners }: { profile: Profile; banners: BannerState }) {
  const { register, handleSubmit, reset } = useForm({ defaultValues: notificationChoices(profile) });
  useEffect(() => reset(notificationChoices(profile)), [profile, reset]);
  const save = useSaveProfile(banners, (p) => reset(notificationChoices(p)));
  return (
    <form onSubmit={handleSubmit((choices) => save.mutate(choices))} className="max-w-xl space-y-4">
      <fieldset>
        <legend className="text-lg font-semibold text-ink">Notifications</legend>
        <div className="mt-4 space-y-3">
          {SWITCHES.map((s) => (
            <label
              key={s.name}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-200 p-3 hover:bg-stone-50"
            >
              <input
                type="checkbox"
                className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
                {...register(s.name)}
              />
              <span>
                <span className="block font-semibold text-ink">{s.label}</span>
                <span className="block text-sm text-stone-700">{s.detail}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <button
        type="submit"
        className={smallPrimaryButton}
        disabled={save.isPending}
        aria-busy={save.isPending || undefined}
      >
        {save.isPending ? 'Saving…' : 'Save Changes'}
      </button>
    </form>
  );
}
