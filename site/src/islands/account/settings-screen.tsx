import { useEffect, useState } from 'react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { fill, LANGUAGES, type Language } from '@fie/domain';
import { inLanguage, signOut } from '../../lib/session/store';
import { LANGUAGE_TAGS } from '../../i18n/routes';
import { useSession } from '../../lib/session/use-session';
import { accountApi, accountKeys, messageOf } from '../shared/account-api';
import { AppToaster } from '../shared/app-toaster';
import { ChangePasswordForm } from '../shared/change-password-form';
import { TabList, type TabDef } from '../shared/tabs';
import { inputClass, secondaryButton } from '../shared/form-field';
import { Guard } from '../shared/guard';
import { ProfileForm } from './profile-form';
import { NotificationChoices } from './notification-choices';
import { queryClient } from '../shared/query-client';
import { WithEmail } from './code-entry';
import { useWords, WithWords, type IslandWords } from '../shared/island-words';
import type { AreaTexts } from '../../i18n/account';
type TabKey = 'account' | 'security' | 'notifications' | 'password';
const tabs = (t: AreaTexts): TabDef<TabKey>[] => [
  { key: 'account', label: t.tabAccount },
  { key: 'security', label: t.tabSecurity },
  { key: 'notifications', label: t.tabNotifications },
  { key: 'password', label: t.tabPassword },
];

export default function SettingsScreen({ words }: { words?: IslandWords }) {
  return (
    <WithWords words={words}>
      <QueryClientProvider client={queryClient}>
        <AppToaster />
        <Guard access="signed-in">
          <Settings />
        </Guard>
      </QueryClientProvider>
    </WithWords>
  );
}

function Settings() {
  const { t } = useWords<AreaTexts>();
  const TABS = tabs(t);
  const [tab, setTab] = useState<TabKey>('account');
  useEffect(() => {
    const key = window.location.hash.slice(1);
    if (TABS.some((t) => t.key === key)) setTab(key as TabKey);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, from the address's #hash
  const select = (key: TabKey) => {
    setTab(key);
    history.replaceState(null, '', `#${key}`);
  };
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">{t.settingsTitle}</h1>
      <div className="mt-5">
        <TabList tabs={TABS} selected={tab} onSelect={select} label={t.settingsSections} />
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
          {tab === key && key === 'notifications' && <NotificationChoices />}
          {tab === key && key === 'password' && (
            <>
              <h2 className="mb-4 text-lg font-semibold text-ink">{t.changePassword}</h2>
              <ChangePasswordForm />
            </>
          )}
        </section>
      ))}
    </div>
  );
}

function AccountTab() {
  const { t } = useWords<AreaTexts>();
  const profile = useQuery({ queryKey: accountKeys.profile, queryFn: accountApi.profile });
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold text-ink">{t.accountDetails}</h2>
        {profile.data && (
          <p className="mt-1 text-sm text-stone-600">{fill(t.emailFixed, { email: profile.data.email })}</p>
        )}
        <div className="mt-4 max-w-md">
          {profile.isPending && (
            <p role="status" className="text-stone-600">
              {t.loading}
            </p>
          )}
          {profile.isError && (
            <p role="alert" className="text-red-800">
              {t.profileFailed}
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
  const { t } = useWords<AreaTexts>();
  const [busy, setBusy] = useState(false);
  const choose = async (language: Language) => {
    if (language === current) return;
    setBusy(true);
    try {
      await accountApi.updateProfile({ language });
      window.location.assign(`${inLanguage('/settings', language)}#account`);
    } catch (error) {
      toast.error(messageOf(error, t.profileUpdateFailed));
      setBusy(false);
    }
  };
  return (
    <div className="max-w-md border-t border-stone-200 pt-5">
      <label htmlFor="language" className="block text-sm font-semibold text-stone-800">
        {t.language}
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
        {t.languageNote}
      </p>
    </div>
  );
}

function SecurityTab() {
  const { t, link } = useWords<AreaTexts>();
  const { session } = useSession();
  const [busy, setBusy] = useState(false);
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-ink">{t.tabSecurity}</h2>
      <p className="text-stone-700">
        <WithEmail text={t.securitySession} email={session?.user.email ?? ''} />
      </p>
      <p className="text-stone-700">{t.securityEverywhere}</p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={secondaryButton}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await signOut();
            window.location.assign(link('/login'));
          }}
        >
          {t.signOutDevice}
        </button>
      </div>
    </div>
  );
}
