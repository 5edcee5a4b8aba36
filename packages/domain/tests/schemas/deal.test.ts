import { describe, expect, it } from 'vitest';
import {
  approvalActionSchema,
  dealInputSchema,
  dealSchema,
  dealUpdateSchema,
  MESSAGES,
  NO_AGENT_INVOLVED,
} from '../../src/index.js';
import { messageAt, parsed, problems } from '../helpers.js';

const valid = {
  closerName: 'Yaw Asante',
  dealDate: '2025-06-02',
  commission: 'GH₵1,500',
  tenantName: 'Abena Mensah',
  tenantContact: '0241234567',
  tenancyStartDate: '2025-07-01',
  tenancyEndDate: '2026-06-30',
};

describe('dealInputSchema', () => {
  it('accepts a deal and fills the agent fields with the no-agent default', () => {
    expect(parsed(dealInputSchema, { ...valid, nameOfAgentInvolved: '', agentContact: null })).toEqual({
      ...valid,
      nameOfAgentInvolved: NO_AGENT_INVOLVED,
      commissionToAgent: 'No agent involved',
      agentContact: NO_AGENT_INVOLVED,
      comments: '',
    });
  });

  it('keeps given agent details and a linked property', () => {
    expect(parsed(dealInputSchema, { ...valid, nameOfAgentInvolved: 'Kojo', product: 'p1' })).toMatchObject({
      nameOfAgentInvolved: 'Kojo',
      product: 'p1',
    });
  });

  it.each([
    ['closerName', MESSAGES.closerNameRequired],
    ['dealDate', MESSAGES.dealDateRequired],
    ['commission', 'Commission is required'],
    ['tenantName', MESSAGES.tenantNameRequired],
    ['tenantContact', MESSAGES.tenantContactRequired],
    ['tenancyStartDate', MESSAGES.tenancyStartRequired],
    ['tenancyEndDate', MESSAGES.tenancyEndRequired],
  ])('requires %s', (field, message) => {
    expect(messageAt(dealInputSchema, { ...valid, [field]: '' }, field)).toBe(message);
  });

  it('refuses a tenancy that ends before it starts, even alongside other errors', () => {
    const backwards = { ...valid, tenancyStartDate: '2025-07-01', tenancyEndDate: '2025-06-30' };
    expect(messageAt(dealInputSchema, backwards, 'tenancyEndDate')).toBe(
      'Tenancy end date cannot be before the start date',
    );
    expect(messageAt(dealInputSchema, { ...backwards, closerName: '' }, 'tenancyEndDate')).toBe(
      MESSAGES.tenancyEndBeforeStart,
    );
    expect(
      messageAt(dealInputSchema, { ...valid, tenancyEndDate: valid.tenancyStartDate }, 'tenancyEndDate'),
    ).toBeUndefined();
  });

  it('refuses impossible dates', () => {
    expect(messageAt(dealInputSchema, { ...valid, dealDate: '2025-02-30' }, 'dealDate')).toBe(
      MESSAGES.invalidDate,
    );
  });
});

describe('dealUpdateSchema', () => {
  it('accepts a partial change and leaves agent fields alone when absent', () => {
    expect(parsed(dealUpdateSchema, { commission: '$200' })).toEqual({ commission: '$200' });
    expect(parsed(dealUpdateSchema, { agentContact: '' })).toEqual({ agentContact: NO_AGENT_INVOLVED });
  });

  it('checks the tenancy order only when both dates are given', () => {
    expect(parsed(dealUpdateSchema, { tenancyEndDate: '2020-01-01' })).toEqual({
      tenancyEndDate: '2020-01-01',
    });
    expect(
      messageAt(
        dealUpdateSchema,
        { tenancyStartDate: '2025-07-01', tenancyEndDate: '2025-01-01' },
        'tenancyEndDate',
      ),
    ).toBe(MESSAGES.tenancyEndBeforeStart);
  });

  it('refuses blanking a required field', () => {
    expect(messageAt(dealUpdateSchema, { tenantName: ' ' }, 'tenantName')).toBe(MESSAGES.tenantNameRequired);
  });
});

describe('approvalActionSchema', () => {
  it('accepts approve and unapprove only', () => {
    expect(parsed(approvalActionSchema, { action: 'approve' })).toEqual({ action: 'approve' });
    expect(parsed(approvalActionSchema, { action: 'unapprove' })).toEqual({ action: 'unapprove' });
    expect(messageAt(approvalActionSchema, { action: 'reject' }, 'action')).toBe(
      'Action must be approve or unapprove',
    );
    expect(messageAt(approvalActionSchema, {}, 'action')).toBe(MESSAGES.invalidApprovalAction);
  });
});

describe('dealSchema (response)', () => {
  const deal = {
    _id: 'd1',
    ...valid,
    nameOfAgentInvolved: NO_AGENT_INVOLVED,
    commissionToAgent: NO_AGENT_INVOLVED,
    agentContact: NO_AGENT_INVOLVED,
    comments: null,
    product: null,
    loggedBy: { email: 'admin@fie.com' },
    approvalStatus: 'unapproved',
    createdAt: '2025-06-02T12:00:00.000Z',
  };

  it('reads a deal logged by an embedded or plain-id user', () => {
    expect(parsed(dealSchema, deal)).toEqual(deal);
    expect(parsed(dealSchema, { ...deal, loggedBy: 'u9' }).loggedBy).toBe('u9');
  });

  it('keeps a superadmin\'s "Changes requested" note (staff answers), null once cleared', () => {
    expect(
      parsed(dealSchema, { ...deal, changesRequested: 'The commission does not match.' }).changesRequested,
    ).toBe('The commission does not match.');
    expect(parsed(dealSchema, { ...deal, changesRequested: null }).changesRequested).toBeNull();
  });

  it('refuses an unknown approval status', () => {
    expect(problems(dealSchema, { ...deal, approvalStatus: 'pending' }).map((p) => p.path)).toEqual([
      'approvalStatus',
    ]);
  });
});
