import { describe, expect, it } from 'vitest';
import { dashboardStatsSchema } from '../../src/index.js';

const figure = { total: 24, last30Days: 5, previous30Days: 4, changePercent: 25 };
const answer = {
  properties: figure,
  appointments: { ...figure, previous30Days: 0, changePercent: null },
  enquiries: figure,
  dealsClosed: figure,
  pendingApprovals: { properties: 3, deals: 1, total: 4 },
  generatedAt: '2026-11-23T07:00:00.000Z',
};

describe('dashboardStatsSchema', () => {
  it("reads the cms's dashboard figures, with no percentage when there is nothing to compare with", () => {
    expect(dashboardStatsSchema.parse(answer)).toEqual(answer);
  });

  it('refuses an answer that is not counts', () => {
    expect(dashboardStatsSchema.safeParse({ ...answer, properties: { ...figure, total: -1 } }).success).toBe(
      false,
    );
    expect(
      dashboardStatsSchema.safeParse({ ...answer, enquiries: { ...figure, last30Days: 1.5 } }).success,
    ).toBe(false);
    expect(dashboardStatsSchema.safeParse({ ...answer, pendingApprovals: undefined }).success).toBe(false);
  });
});
