import { useQuery } from '@tanstack/react-query';
import { textBudgetShare } from '@fie/domain';
import { formatCount } from './dashboard-figures';
import { panelClass } from './kit';
import { STATS_QUERY } from './staff-api';

/** The kinds of text in the order staff read them, with their names. */
const KINDS: Array<{ kind: string; label: string }> = [
  { kind: 'code', label: 'Codes' },
  { kind: 'viewing', label: 'Viewings' },
  { kind: 'alert', label: 'Alerts' },
  { kind: 'message', label: 'Messages' },
  { kind: 'stop', label: 'STOP replies' },
];

const BAR: Record<ReturnType<typeof textBudgetShare>['tone'], string> = {
  ok: 'bg-brand-600',
  warn: 'bg-amber-500',
  spent: 'bg-red-600',
};

/**
 * "Texts today": how many texts of each kind went today (Accra's day) against the daily budget, and
 * how many the networks reported undelivered. Shown only where the cms sends texts.
 */
export function TextsCard() {
  const stats = useQuery(STATS_QUERY);
  const texts = stats.data?.texts;
  if (!texts?.enabled) return null;
  const share = textBudgetShare(texts);
  const other = texts.total - KINDS.reduce((n, k) => n + (texts.byKind[k.kind] ?? 0), 0);
  return (
    <section aria-labelledby="texts-heading">
      <h2 id="texts-heading" className="text-lg font-semibold text-ink">
        Texts today
      </h2>
      <p className="text-sm text-stone-600">
        Texts sent since midnight (Accra), against the daily budget in System settings.
      </p>
      <div className={`${panelClass} mt-3 p-5`}>
        <p className="text-ink">
          <span className="text-2xl font-bold">
            <data value={texts.total}>{formatCount(texts.total)}</data>
          </span>{' '}
          of {formatCount(texts.budget)} texts
          {share.tone === 'spent' && (
            <span className="ml-2 font-semibold text-red-800">
              Budget reached: codes go by e-mail only until midnight
            </span>
          )}
        </p>
        <div
          className="mt-2 h-2 w-full overflow-hidden rounded-full bg-stone-200"
          role="progressbar"
          aria-label="Share of today's text budget used"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={share.percent}
          aria-valuetext={`${share.percent}% of the budget`}
        >
          <div className={`h-full ${BAR[share.tone]}`} style={{ width: `${share.percent}%` }} />
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-6">
          {KINDS.map((k) => (
            <Count key={k.kind} label={k.label} value={texts.byKind[k.kind] ?? 0} />
          ))}
          {other > 0 && <Count label="Other" value={other} />}
          <Count label="Undelivered" value={texts.failed} alert={texts.failed > 0} />
        </dl>
      </div>
    </section>
  );
}

function Count({ label, value, alert = false }: { label: string; value: number; alert?: boolean }) {
  return (
    <div className="rounded-lg border border-stone-200 p-2.5 sm:p-3">
      <dt className="text-sm font-semibold text-stone-700">{label}</dt>
      <dd className={`mt-1 text-xl font-bold ${alert ? 'text-red-800' : 'text-ink'}`}>
        <data value={value}>{formatCount(value)}</data>
      </dd>
    </div>
  );
}
