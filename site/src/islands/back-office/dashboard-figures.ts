// What the back-office dashboards say about their figures.
import type { StatFigure } from '@fie/domain';
import { emailName, type SessionUser } from '../../lib/session/store';

/**
 * The greeting's name: the first word of the full name, or "Administrator" when the account has
 * none. The stored user record fills a missing full name with the e-mail's local part, so that name
 * counts as none here.
 */
export function greetingName(user: Pick<SessionUser, 'fullName' | 'email'>): string {
  const name = user.fullName.trim();
  if (!name || name === emailName(user.email)) return 'Administrator';
  return name.split(/\s+/)[0]!;
}

const whole = new Intl.NumberFormat('en-GH');
const percent = new Intl.NumberFormat('en-GH', { maximumFractionDigits: 1 });

export function formatCount(n: number): string {
  return whole.format(n);
}

export type TrendTone = 'up' | 'down' | 'flat';

export interface Trend {
  tone: TrendTone;
  /** The change at a glance: "+25%", "−10%", "0%", "+3" or "No change". */
  headline: string;
  /** The figures behind it, in words. */
  detail: string;
}

/**
 * The 30-day trend of a figure. `verb` says what was counted ("listed", "booked"…). With nothing in
 * the 30 days before, there is no percentage to give, so the headline is the count of new ones.
 */
export function describeTrend(figure: StatFigure, verb: string): Trend {
  const { last30Days: last, previous30Days: previous, changePercent } = figure;
  if (changePercent === null) {
    if (last === 0)
      return { tone: 'flat', headline: 'No change', detail: `None ${verb} in the last 30 days` };
    return {
      tone: 'up',
      headline: `+${formatCount(last)}`,
      detail: `${formatCount(last)} ${verb} in the last 30 days, none in the 30 before`,
    };
  }
  const detail = `${formatCount(last)} ${verb} in the last 30 days, ${formatCount(previous)} in the 30 before`;
  if (changePercent > 0) return { tone: 'up', headline: `+${percent.format(changePercent)}%`, detail };
  if (changePercent < 0) return { tone: 'down', headline: `−${percent.format(-changePercent)}%`, detail };
  return { tone: 'flat', headline: '0%', detail };
}
