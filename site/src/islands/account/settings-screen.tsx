import { useEffect, useState } from 'react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { LANGUAGES, MESSAGES, type Language } from '@fie/domain';
import { inLanguage, signOut } from '../../lib/session/store';
import { LANGUAGE_TAGS } from '../../i18n/routes';
import { useSession } from '../../lib/session/use-session';
import { accountApi, accountKeys, messageOf } from '../shared/account-api';
import { AppToaster } from '../shared/app-toaster';
import { ChangePasswordForm } from '../shared/change-password-form';
import { TabList, type TabDef } from '../shared/tabs';
import { inputClass, primaryButton, secondaryButton } from '../shared/form-field';
import { Guard } from '../shared/guard';
import { readPreferences, savePreferences, type NotificationPreferences } from './notification-preferences';
import { PROFILE_UPDATE_FAILED, ProfileForm } from './profile-form';
import { queryClient } from '../shared/query-client';

type TabKey = 'account' | 'security' | 'notifications' | 'password';
const TABS: TabDef<TabKey>[] = [
  { key: 'account', label: 'Account' },
  { key: 'security', label: 'Security' },
  { key: 'notifications', label: 'Notifications' },
  { key: 'password', label: 'Password' },
];

export default function SettingsScreen() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppToaster />
      <Guard access="signed-in">
        <Settings />
      </Guard>
    </QueryClientProvider>
  );
}

function Settings() {
  const [tab, setTab] = useState<TabKey>('account');
  useEffect(() => {
    const key = window.location.hash.slice(1);
    if (TABS.some((t) => t.key === key)) setTab(key as TabKey);
  }, []);
  const select = (key: TabKey) => {
    setTab(key);
    history.replaceState(null, '', `#${key}`);
  };
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Settings</h1>
      <div className="mt-5">
        <TabList tabs={TABS} selected={tab} onSelect={select} label="Settings sections" />
      </div>
      {TABS.map(({ key }) => (
        <section
          key={key}
          role="tabpanel"
          id={`panel-${key}`}
          aria-labelledby={`tab-${key}`}
          hidden={tab !== key}
          tabIndex={0}
          className="mt-5 rounded-xl border border-stone-200 bg-white p-5 sm:p-6"
        >
          {tab === key && key === 'account' && <AccountTab />}
          {tab === key && key === 'security' && <SecurityTab />}
          {tab === key && key === 'notifications' && <NotificationsTab />}
          {tab === key && key === 'password' && (
            <>
              <h2 className="mb-4 text-lg font-semibold text-ink">Change password</h2>
              <ChangePasswordForm />
            </>
          )}
        </section>
      ))}
    </div>
  );
}

function AccountTab() {
  const profile = useQuery({ queryKey: accountKeys.profile, queryFn: accountApi.profile });
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold text-ink">Account details</h2>
        {profile.data && (
          <p className="mt-1 text-sm text-stone-600">
            Signed in as {profile.data.email}. Your e-mail address cannot be changed here.
          </p>
        )}
        <div className="mt-4 max-w-md">
          {profile.isPending && (
            <p role="status" className="text-stone-600">
              Loading…
            </p>
          )}
          {profile.isError && (
            <p role="alert" className="text-red-800">
              Failed to load your profile. Please try again.
            </p>
          )}
          {profile.data && <ProfileForm profile={profile.data} />}
        </div>
      </div>
      {profile.data && <LanguageSetting current={profile.data.language ?? 'en'} />}
    </div>
  );
}

/**
 * The account's language: saved to the profile (e-mails, reminders and alerts use it, and signing in
 * opens the site in it), then this page opens in it.
 */
function LanguageSetting({ current }: { current: Language }) {
  const [busy, setBusy] = useState(false);
  const choose = async (language: Language) => {
    if (language === current) return;
    setBusy(true);
    try {
      await accountApi.updateProfile({ language });
      window.location.assign(`${inLanguage('/settings', language)}#account`);
    } catch (error) {
      toast.error(messageOf(error, PROFILE_UPDATE_FAILED));
      setBusy(false);
    }
  };
  return (
    <div className="max-w-md border-t border-stone-200 pt-5">
      <label htmlFor="language" className="block text-sm font-semibold text-stone-800">
        Language
      </label>
      <select
        id="language"
        className={inputClass}
        defaultValue={current}
        disabled={busy}
        aria-describedby="language-note"
        onChange={(event) => void choose(event.target.value as Language)}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_TAGS[code].name}
          </option>
        ))}
      </select>
      <p id="language-note" className="mt-1 text-sm text-stone-600">
        The site opens in it when you sign in, and our e-mails to you use it.
      </p>
    </div>
  );
}

function SecurityTab() {
  const { session } = useSession();
  const [busy, setBusy] = useState(false);
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-ink">Security</h2>
      <p className="text-stone-700">
        You are signed in as <strong className="break-all">{session?.user.email}</strong>. Sessions renew
        themselves quietly while you use the site; signing out ends this one.
      </p>
      <p className="text-stone-700">
        To sign out everywhere else, change your password: that ends your sessions on other devices.
      </p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={secondaryButton}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await signOut();
            window.location.assign('/login');
          }}
        >
          Sign out of this device
        </button>
      </div>
    </div>
  );
}

const OPTIONS: Array<{ name: keyof NotificationPreferences; label: string; detail: string }> = [
  {
    name: 'viewingUpdates',
    label: 'Viewing updates',
    detail: 'Confirmations, changes and reminders for your property viewings.',
  },
  {
    name: 'enquiryUpdates',
    label: 'Enquiry updates',
    detail: 'When our team answers or updates one of your enquiries.',
  },
  {
    name: 'newProperties',
    label: 'New properties',
    detail: 'Occasional news about new properties in your cities.',
  },
];

function NotificationsTab() {
  const { session } = useSession();
  const userId = session?.user.id ?? '';
  const { register, handleSubmit, reset, formState } = useForm<NotificationPreferences>({
    defaultValues: readPreferences(userId),
  });
  useEffect(() => reset(readPreferences(userId)), [userId, reset]);
  return (
    <form
      onSubmit={handleSubmit((preferences) => {
        try {
          savePreferences(userId, preferences);
          reset(preferences);
          toast.success(MESSAGES.settingsSaved);
        } catch {
          toast.error('Failed to save settings. Please try again.');
        }
      })}
      className="space-y-4"
    >
      <fieldset>
        <legend className="text-lg font-semibold text-ink">Notifications</legend>
        <p className="mt-1 text-sm text-stone-600">
          Saved in this browser. E-mails that confirm a booking or a password change are always sent.
        </p>
        <div className="mt-4 space-y-3">
          {OPTIONS.map((option) => (
            <label
              key={option.name}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-200 p-3 hover:bg-stone-50"
            >
              <input
                type="checkbox"
                className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
                {...register(option.name)}
              />
              <span>
                <span className="block font-semibold text-ink">{option.label}</span>
                <span className="block text-sm text-stone-600">{option.detail}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className={`${primaryButton} sm:w-auto`} disabled={!formState.isDirty}>
        Save preferences
      </button>
    </form>
  );
}
