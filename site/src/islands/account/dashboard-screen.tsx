import { useEffect, useState } from 'react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fill, firstName, type Appointment, type Enquiry, type Favourite } from '@fie/domain';
import { recentlyViewed } from '../../lib/history';
import { signOut } from '../../lib/session/store';
import { useSession } from '../../lib/session/use-session';
import { accountApi, accountKeys } from '../shared/account-api';
import { AppToaster } from '../shared/app-toaster';
import { upcoming } from './appointment-view';
import { AppointmentsTab, formatViewingDate } from './appointments-tab';
import { TabList, type TabDef } from '../shared/tabs';
import { EnquiriesTab } from './enquiries-tab';
import { Guard } from '../shared/guard';
import { HistoryTab } from './history-tab';
import { favouritesQuery, SavedTab } from './saved-tab';
import { queryClient } from '../shared/query-client';
import { propertyLabel } from './appointment-view';
import { BrowseLink } from './empty-state';
import { BookingRestrictionCard } from './booking-restriction-card';
import { useWords, WithWords, type IslandWords } from '../shared/island-words';
import type { DashboardTexts } from '../../i18n/account';
type TabKey = 'overview' | 'appointments' | 'enquiries' | 'saved' | 'history';
const TAB_KEYS: TabKey[] = ['overview', 'appointments', 'enquiries', 'saved', 'history'];
const tabs = (t: DashboardTexts): TabDef<TabKey>[] => [
  { key: 'overview', label: t.tabOverview },
  { key: 'appointments', label: t.tabAppointments },
  { key: 'enquiries', label: t.tabEnquiries },
  { key: 'saved', label: t.tabSaved },
  { key: 'history', label: t.tabHistory },
];

const isTab = (value: string): value is TabKey => (TAB_KEYS as string[]).includes(value);

export default function DashboardScreen({ words }: { words?: IslandWords }) {
  return (
    <WithWords words={words}>
      <QueryClientProvider client={queryClient}>
        <AppToaster />
        <Guard access="signed-in">
          <Dashboard />
        </Guard>
      </QueryClientProvider>
    </WithWords>
  );
}

function Dashboard() {
  const { t, say, link } = useWords<DashboardTexts>();
  const TABS = tabs(t);
  const { session } = useSession();
  const [tab, setTab] = useState<TabKey>('overview');
  const appointments = useQuery({ queryKey: accountKeys.appointments, queryFn: accountApi.appointments });
  const enquiries = useQuery({ queryKey: accountKeys.enquiries, queryFn: accountApi.enquiries });
  const favourites = useQuery(favouritesQuery(say));

  useEffect(() => {
    const fromHash = () => {
      const key = window.location.hash.slice(1);
      if (isTab(key)) setTab(key);
    };
    fromHash();
    window.addEventListener('hashchange', fromHash);
    return () => window.removeEventListener('hashchange', fromHash);
  }, []);

  const select = (key: TabKey) => {
    setTab(key);
    history.replaceState(null, '', key === 'overview' ? window.location.pathname : `#${key}`);
  };

  if (!session) return null;
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-ink sm:text-3xl">
            {fill(t.welcome, { name: firstName(session.user.fullName, session.user.email) })}
          </h1>
          <p className="mt-1 text-stone-600">{t.intro}</p>
        </div>
        <div className="flex gap-2">
          <a
            href={link('/profile')}
            className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100"
          >
            {t.profile}
          </a>
          <button
            type="button"
            onClick={async () => {
              await signOut();
              window.location.assign(link('/login'));
            }}
            className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-semibold text-stone-800 hover:bg-stone-100"
          >
            {t.signOut}
          </button>
        </div>
      </div>
      <div className="mt-6">
        <TabList tabs={TABS} selected={tab} onSelect={select} label={t.sections} />
      </div>
      {TABS.map(({ key }) => (
        <div
          key={key}
          role="tabpanel"
          id={`panel-${key}`}
          aria-labelledby={`tab-${key}`}
          hidden={tab !== key}
          tabIndex={0}
          className="pt-5 focus-visible:outline-offset-4"
        >
          {tab === key && key === 'overview' && (
            <Overview
              appointments={appointments.data}
              enquiries={enquiries.data}
              favourites={favourites.data}
              onOpen={select}
            />
          )}
          {tab === key && key === 'appointments' && <AppointmentsTab query={appointments} />}
          {tab === key && key === 'enquiries' && <EnquiriesTab query={enquiries} />}
          {tab === key && key === 'saved' && <SavedTab query={favourites} />}
          {tab === key && key === 'history' && <HistoryTab />}
        </div>
      ))}
    </div>
  );
}

function Overview({
  appointments,
  enquiries,
  favourites,
  onOpen,
}: {
  appointments?: Appointment[];
  enquiries?: Enquiry[];
  favourites?: Favourite[];
  onOpen: (key: TabKey) => void;
}) {
  const { t, value, language } = useWords<DashboardTexts>();
  const [viewed, setViewed] = useState<number | null>(null);
  useEffect(() => setViewed(recentlyViewed().length), []);
  const coming = appointments ? upcoming(appointments, new Date()) : undefined;
  const next = coming?.[0];
  const stats: Array<{ label: string; value: number | undefined | null; tab: TabKey }> = [
    { label: t.upcomingViewings, value: coming?.length, tab: 'appointments' },
    { label: t.tabEnquiries, value: enquiries?.length, tab: 'enquiries' },
    { label: t.savedProperties, value: favourites?.length, tab: 'saved' },
    { label: t.recentlyViewed, value: viewed, tab: 'history' },
  ];
  return (
    <div className="space-y-5">
      <BookingRestrictionCard />
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
        {stats.map((stat) => (
          <li key={stat.label}>
            <button
              type="button"
              onClick={() => onOpen(stat.tab)}
              className="h-full w-full rounded-xl border border-stone-200 bg-white p-3 text-left hover:border-brand-600 sm:p-4"
            >
              <span className="block text-2xl font-bold text-ink sm:text-3xl">{stat.value ?? '–'}</span>
              <span className="block text-xs font-medium text-stone-700 sm:text-sm">{stat.label}</span>
            </button>
          </li>
        ))}
      </ul>
      <section className="rounded-xl border border-stone-200 bg-white p-5" aria-labelledby="next-viewing">
        <h2 id="next-viewing" className="text-lg font-semibold text-ink">
          {t.nextViewing}
        </h2>
        {next ? (
          <p className="mt-2 text-stone-800">
            <NextViewing
              property={propertyLabel(next, t, value)}
              text={fill(t.nextViewingAt, {
                property: '{property}',
                date: formatViewingDate(next.date, language),
                time: next.time,
              })}
            />
          </p>
        ) : (
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <p className="text-stone-700">{appointments ? t.noUpcoming : t.loading}</p>
            {appointments && <BrowseLink />}
          </div>
        )}
      </section>
    </div>
  );
}

/** "{property} on Mon 9 Mar 2026 at 10:00" with the property's name in bold, wherever the language puts it. */
function NextViewing({ property, text }: { property: string; text: string }) {
  const [before, after] = text.split('{property}');
  return (
    <>
      {before}
      <strong>{property}</strong>
      {after}
    </>
  );
}
