import { describe, expect, it } from 'vitest';
import { describeAction } from '../src/islands/back-office/activity-log';

describe("the activity log's words", () => {
  it('name the action and the kind of record', () => {
    expect(
      describeAction({ action: 'created', resource: { type: 'deal', id: 'd1', label: 'Esi Quaye' } }),
    ).toBe('Created deal');
    expect(
      describeAction({ action: 'kept-unapproved', resource: { type: 'property', id: 'p1', label: 'Osu' } }),
    ).toBe('Kept unapproved property');
    expect(
      describeAction({
        action: 'status-changed',
        resource: { type: 'appointment', id: 'a1', label: 'House in Osu' },
      }),
    ).toBe('Changed status of appointment');
    expect(
      describeAction({
        action: 'admin-added',
        resource: { type: 'admin', id: 'u1', label: 'kofi@fiehomes.local' },
      }),
    ).toBe('Added administrator');
    expect(
      describeAction({
        action: 'user-deactivated',
        resource: { type: 'user', id: 'u2', label: 'ama@example.com' },
      }),
    ).toBe('Deactivated user');
    expect(
      describeAction({
        action: 'settings-changed',
        resource: { type: 'settings', id: null, label: 'System settings' },
      }),
    ).toBe('Changed system settings');
  });
});
