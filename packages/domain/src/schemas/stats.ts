import { z } from 'zod';

// GET /api/stats: the back-office dashboards' figures, counted by the cms (cms/src/api/stats).
const count = z.number().int().min(0);

/** One figure: its total and what was added in the last 30 days against the 30 before. */
export const statFigureSchema = z.object({
  total: count,
  last30Days: count,
  previous30Days: count,
  /** Percentage change of last30Days over previous30Days; null when there is nothing to compare with. */
  changePercent: z.number().nullable(),
});
export type StatFigure = z.output<typeof statFigureSchema>;

export const dashboardStatsSchema = z.object({
  properties: statFigureSchema,
  appointments: statFigureSchema,
  enquiries: statFigureSchema,
  dealsClosed: statFigureSchema,
  /** What waits in the superadmin's approval queues. */
  pendingApprovals: z.object({ properties: count, deals: count, total: count }),
  /**
   * Today's texts (Accra's day): how many of each kind (code, viewing, alert, stop), in all, how many
   * the network reported failed, and the day's budget. Optional: an answer from before texts.
   */
  texts: z
    .object({
      /** Whether the cms sends texts at all (SMS_ENABLED). */
      enabled: z.boolean(),
      byKind: z.record(z.string(), count),
      total: count,
      failed: count,
      budget: count,
    })
    .optional(),
  generatedAt: z.string(),
});
export type DashboardStats = z.output<typeof dashboardStatsSchema>;
