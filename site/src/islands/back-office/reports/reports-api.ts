// The reports screen's calls, one function per endpoint; answers parsed with the domain schemas.
import { reportListSchema, reportSchema, type Report, type ReportUpdateInput } from '@fie/domain';
import { callApi, callApiPage } from '../../../lib/api-call';

export const reportsApi = {
  /** PUT /api/reports/:id {status: 'resolved' | 'dismissed', note}. */
  decide: (id: string, input: ReportUpdateInput): Promise<Report> =>
    callApi(
      `/api/reports/${encodeURIComponent(id)}`,
      { method: 'PUT', body: JSON.stringify(input) },
      reportSchema,
      true,
    ),
  /** The number of open reports (the sidebar's count): one item asked for, X-Total-Count read. */
  openCount: async (): Promise<number> =>
    (await callApiPage('/api/reports?status=open&pageSize=1', reportListSchema, true)).total,
};

export const reportKeys = {
  list: ['staff', 'reports'] as const,
  openCount: ['staff', 'reports', 'open-count'] as const,
};

/** The sidebar's count of open reports, kept live as the approval counts are. */
export const OPEN_REPORTS_QUERY = {
  queryKey: reportKeys.openCount,
  queryFn: reportsApi.openCount,
  refetchInterval: 60_000,
  refetchOnWindowFocus: true,
  staleTime: 0,
} as const;
