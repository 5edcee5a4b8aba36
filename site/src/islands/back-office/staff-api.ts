// The back-office shell's calls, one function per endpoint; answers are parsed with the domain schemas.
import { dashboardStatsSchema, leadSummarySchema, type DashboardStats, type LeadSummary } from '@fie/domain';
import { callApi } from '../../lib/api-call';

export const staffApi = {
  /** GET /api/stats: the dashboards' figures and what waits in the approval queues. */
  stats: (): Promise<DashboardStats> => callApi('/api/stats', { method: 'GET' }, dashboardStatsSchema, true),
  /** GET /api/leads/summary: the last 30 days' WhatsApp and call leads, by channel and by listing. */
  leads: (): Promise<LeadSummary> =>
    callApi('/api/leads/summary?days=30', { method: 'GET' }, leadSummarySchema, true),
};

/** TanStack Query keys of the back-office; a screen that approves or adds something invalidates `stats`. */
export const staffKeys = {
  stats: ['staff', 'stats'] as const,
  leads: ['staff', 'leads'] as const,
};

/**
 * How the figures stay live: refetched every minute while the page is open and whenever the window
 * regains focus (the sidebar's queue counts and both dashboards share this one query).
 */
export const STATS_QUERY = {
  queryKey: staffKeys.stats,
  queryFn: staffApi.stats,
  refetchInterval: 60_000,
  refetchOnWindowFocus: true,
  staleTime: 0,
} as const;

/** The dashboards' leads card: refreshed as the figures are. */
export const LEADS_QUERY = {
  queryKey: staffKeys.leads,
  queryFn: staffApi.leads,
  refetchInterval: 60_000,
  refetchOnWindowFocus: true,
  staleTime: 0,
} as const;
