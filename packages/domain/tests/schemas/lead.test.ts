import { describe, expect, it } from 'vitest';
import {
  LEAD_SUMMARY_DEFAULT_DAYS,
  MESSAGES,
  leadInputSchema,
  leadSummaryQuerySchema,
  leadSummarySchema,
} from '../../src/index.js';

describe('leadInputSchema', () => {
  it('takes a property and one of the two channels', () => {
    expect(leadInputSchema.parse({ propertyId: 'abc123', channel: 'whatsapp' })).toEqual({
      propertyId: 'abc123',
      channel: 'whatsapp',
    });
    expect(leadInputSchema.parse({ propertyId: 'abc123', channel: 'call' }).channel).toBe('call');
  });

  it('refuses another channel, and a missing property, with their own messages', () => {
    const channel = leadInputSchema.safeParse({ propertyId: 'abc123', channel: 'email' });
    expect(channel.success).toBe(false);
    expect(channel.error?.issues[0]?.message).toBe(MESSAGES.leadChannelInvalid);
    const property = leadInputSchema.safeParse({ channel: 'call' });
    expect(property.success).toBe(false);
    expect(property.error?.issues[0]?.message).toBe(MESSAGES.leadPropertyRequired);
  });
});

describe('leadSummaryQuerySchema', () => {
  it('reads 30 days by default and any whole number of days up to a year', () => {
    expect(leadSummaryQuerySchema.parse({}).days).toBe(LEAD_SUMMARY_DEFAULT_DAYS);
    expect(leadSummaryQuerySchema.parse({ days: '7' }).days).toBe(7);
  });

  it.each(['0', '366', '2.5', 'many'])('refuses days=%s', (days) => {
    const result = leadSummaryQuerySchema.safeParse({ days });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.leadSummaryDaysInvalid);
  });
});

describe('leadSummarySchema', () => {
  it('reads the summary and refuses counts that are not counts', () => {
    const answer = {
      days: 30,
      since: '2026-10-27T08:00:00.000Z',
      total: 3,
      byChannel: { whatsapp: 2, call: 1 },
      topListings: [{ propertyId: 'abc', title: 'House in Osu', total: 3, whatsapp: 2, call: 1 }],
    };
    expect(leadSummarySchema.parse(answer)).toEqual(answer);
    expect(leadSummarySchema.safeParse({ ...answer, total: -1 }).success).toBe(false);
  });
});
