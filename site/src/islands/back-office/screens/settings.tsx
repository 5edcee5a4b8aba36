import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../lib/session/use-session';
import { accountApi, accountKeys } from '../../shared/account-api';
import { ChangePasswordForm } from '../../shared/change-password-form';
import { TabList, type TabDef } from '../../shared/tabs';
import { StaffShell, type StaffScreenProps } from '../staff-shell';
import { Banners, LoadFailure, useBanners } from '../kit';
import { AccountTab, NotificationsTab } from '../settings/profile-tabs';
import { SystemTab } from '../settings/system-tab';
import { LOAD_SETTINGS_FAILED } from '../settings/settings-api';

/** /admin/settings: the account, its password and notices; the system for the superadmin. */
export default function SettingsScreen(props: StaffScreenProps) {
  return (
    <StaffShell {...props}>
      <Settings />
    </StaffShell>
  );
}

export type SettingsTab = 'account' | 'security' | 'notifications' | 'system';

/** The tabs a role sees: System Settings is the superadmin's only. */
export function settingsTabs(role: string | undefined): TabDef<SettingsTab>[] {
  const tabs: TabDef<SettingsTab>[] = [
    { key: 'account', label: 'Account Settings' },
    { key: 'security', label: 'Security' },
    { key: 'notifications', label: 'Notifications' },
  ];
  if (role === 'superadmin') tabs.push({ key: 'system', label: 'System Settings' });
  return tabs;
}

export function Settings() {
  const { session } = useSession();
  const tabs = settingsTabs(session?.user.role);
  const [tab, setTab] = useState<SettingsTab>('account');
  const banners = useBanners();
  const profile = useQuery({ queryKey: accountKeys.profile, queryFn: accountApi.profile });
  // A link such as /admin/settings#system opens that tab (when the role has it).
  useEffect(() => {
    const key = window.location.hash.slice(1);
    if (tabs.some((t) => t.key === key)) setTab(key as SettingsTab);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // On phones the tabs scroll sideways: keep the open one in view (System Settings is the last).
  useEffect(() => {
    document.getElementById(`tab-${tab}`)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  const select = (key: SettingsTab) => {
    setTab(key);
    banners.clearSuccess();
    banners.clearError();
    history.replaceState(null, '', `#${key}`);
  };

  return (
    <div className="max-w-3xl">
      <TabList tabs={tabs} selected={tab} onSelect={select} label="Settings sections" />
      <div className="mt-4">
        <Banners state={banners} />
      </div>
      {tabs.map(({ key }) => (
        // Every panel stays mounted, so what was typed in one tab survives a look at another.
        <section
          key={key}
          role="tabpanel"
          id={`panel-${key}`}
          aria-labelledby={`tab-${key}`}
          hidden={tab !== key}
          tabIndex={0}
          className="rounded-xl border border-stone-200 bg-white p-5 sm:p-6"
        >
          {key === 'security' ? (
            <>
              <h2 className="mb-4 text-lg font-semibold text-ink">Change password</h2>
              <ChangePasswordForm />
            </>
          ) : key === 'system' ? (
            <SystemTab banners={banners} />
          ) : profile.isPending ? (
            <p role="status" className="text-stone-600">
              Loading your settings…
            </p>
          ) : profile.isError ? (
            <LoadFailure error={profile.error} fallback={LOAD_SETTINGS_FAILED} />
          ) : key === 'account' ? (
            <AccountTab profile={profile.data} banners={banners} />
          ) : (
            <NotificationsTab profile={profile.data} banners={banners} />
          )}
        </section>
      ))}
    </div>
  );
}
