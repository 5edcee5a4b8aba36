import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DashboardStats, StatFigure } from '@fie/domain';
import type { IconName } from '../../lib/icon-paths';
import { messageOf } from '../../lib/api-call';
import { useSession } from '../../lib/session/use-session';
import { ErrorBanner, secondaryButton } from '../shared/form-field';
import { Icon } from '../shared/icon';
import { describeTrend, formatCount, greetingName, type TrendTone } from './dashboard-figures';
import { STATS_QUERY } from './staff-api';

export const STATS_FAILED = 'Failed to load the dashboard figures. Please try again.';

/** "Welcome back, Kofi!" with the first word of the full name, or "Administrator". */
export function Greeting({ intro }: { intro: string }) {
  const { session } = useSession();
  if (!session) return null;
  return (
    <div>
      <h2 className="text-2xl font-bold text-ink sm:text-3xl">Welcome back, {greetingName(session.user)}!</h2>
      <p className="mt-1 text-stone-600">{intro}</p>
    </div>
  );
}

interface FigureCard {
  key: keyof Pick<DashboardStats, 'properties' | 'appointments' | 'enquiries' | 'dealsClosed'>;
  label: string;
  /** What the figure counts, under its number. */
  caption: string;
  verb: string;
  icon: IconName;
  href: string;
}

const FIGURES: FigureCard[] = [
  {
    key: 'properties',
    label: 'Properties',
    caption: 'Approved listings',
    verb: 'listed',
    icon: 'building',
    href: '/admin/properties',
  },
  {
    key: 'appointments',
    label: 'Appointments',
    caption: 'Viewings booked',
    verb: 'booked',
    icon: 'calendar',
    href: '/admin/appointments',
  },
  {
    key: 'enquiries',
    label: 'Enquiries',
    caption: 'Customer enquiries',
    verb: 'received',
    icon: 'message',
    href: '/admin/enquiries',
  },
  {
    key: 'dealsClosed',
    label: 'Deals Closed',
    caption: 'Approved deals',
    verb: 'closed',
    icon: 'briefcase',
    href: '/admin/deals',
  },
];

const TONE: Record<TrendTone, { className: string; icon: IconName | null }> = {
  up: { className: 'bg-green-50 text-green-800', icon: 'trend-up' },
  down: { className: 'bg-red-50 text-red-800', icon: 'trend-down' },
  flat: { className: 'bg-stone-100 text-stone-700', icon: null },
};

/** The four figure cards, from GET /api/stats, with their 30-day trends. */
export function FigureCards() {
  const stats = useQuery(STATS_QUERY);
  const [dismissed, setDismissed] = useState(false);
  return (
    <section aria-labelledby="figures-heading">
      <h2 id="figures-heading" className="sr-only">
        Figures
      </h2>
      {stats.isError && !stats.data && !dismissed && (
        <div>
          <ErrorBanner message={messageOf(stats.error, STATS_FAILED)} onDismiss={() => setDismissed(true)} />
          <button
            type="button"
            className={`${secondaryButton} mb-4 text-sm`}
            onClick={() => void stats.refetch()}
          >
            Try again
          </button>
        </div>
      )}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy={stats.isPending}>
        {FIGURES.map((card) => (
          <li key={card.key}>
            <FigureCardView card={card} figure={stats.data?.[card.key]} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function FigureCardView({ card, figure }: { card: FigureCard; figure: StatFigure | undefined }) {
  const trend = figure && describeTrend(figure, card.verb);
  const tone = trend && TONE[trend.tone];
  return (
    <article
      aria-labelledby={`figure-${card.key}`}
      className="h-full rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={`figure-${card.key}`} className="text-sm font-semibold text-stone-700">
          {card.label}
        </h3>
        <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon name={card.icon} />
        </span>
      </div>
      <p className="mt-1 text-3xl font-bold text-ink">
        {figure ? (
          <data value={figure.total}>{formatCount(figure.total)}</data>
        ) : (
          <span className="inline-block h-8 w-16 animate-pulse rounded bg-stone-200 motion-reduce:animate-none">
            <span className="sr-only">Loading</span>
          </span>
        )}
      </p>
      <p className="text-sm text-stone-600">{card.caption}</p>
      {trend && tone && (
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <span
            className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold ${tone.className}`}
          >
            {tone.icon && <Icon name={tone.icon} size={16} />}
            {trend.headline}
          </span>
          <span className="text-stone-600">{trend.detail}</span>
        </p>
      )}
    </article>
  );
}

export interface ActionCard {
  title: string;
  description: string;
  href: string;
  icon: IconName;
}

/** Cards that open a back-office screen. */
export function ActionCards({ heading, id, cards }: { heading: string; id: string; cards: ActionCard[] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-ink">
        {heading}
      </h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {cards.map((card) => (
          <li key={card.href}>
            <a
              href={card.href}
              className="group flex h-full items-start gap-4 rounded-xl border border-stone-200 bg-white p-5 shadow-sm hover:border-brand-600 hover:shadow-md"
            >
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white">
                <Icon name={card.icon} />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-ink group-hover:text-brand-700">{card.title}</span>
                <span className="mt-1 block text-sm text-stone-600">{card.description}</span>
              </span>
              <Icon name="arrow-right" className="mt-1 shrink-0 text-stone-500 group-hover:text-brand-700" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const QUICK_ACTIONS: ActionCard[] = [
  {
    title: 'Manage Properties',
    description: 'Add, edit and remove listings.',
    href: '/admin/properties',
    icon: 'building',
  },
  {
    title: 'Manage Appointments',
    description: 'Schedule viewings and record how they went.',
    href: '/admin/appointments',
    icon: 'calendar',
  },
  {
    title: 'Manage Deals',
    description: 'Record closed tenancies and their commission.',
    href: '/admin/deals',
    icon: 'briefcase',
  },
];
