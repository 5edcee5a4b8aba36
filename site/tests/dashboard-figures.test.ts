import { describe, expect, it } from 'vitest';
import { describeTrend, greetingName } from '../src/islands/back-office/dashboard-figures';

const figure = (last30Days: number, previous30Days: number, changePercent: number | null) => ({
  total: 100,
  last30Days,
  previous30Days,
  changePercent,
});

describe('the dashboard greeting', () => {
  it('uses the first word of the full name', () => {
    expect(greetingName({ fullName: 'Kofi Addo', email: 'admin@fiehomes.local' })).toBe('Kofi');
    expect(greetingName({ fullName: '  Efua   Boateng ', email: 'superadmin@fiehomes.local' })).toBe('Efua');
  });

  it('says "Administrator" when the account has no full name', () => {
    // The stored record fills a missing name with the e-mail's local part.
    expect(greetingName({ fullName: 'admin', email: 'admin@fiehomes.local' })).toBe('Administrator');
    expect(greetingName({ fullName: '', email: 'admin@fiehomes.local' })).toBe('Administrator');
    expect(greetingName({ fullName: '   ', email: 'x@y.z' })).toBe('Administrator');
  });
});

describe('the 30-day trend of a figure', () => {
  it('gives the change in per cent with the figures behind it', () => {
    expect(describeTrend(figure(5, 4, 25), 'listed')).toEqual({
      tone: 'up',
      headline: '+25%',
      detail: '5 listed in the last 30 days, 4 in the 30 before',
    });
    expect(describeTrend(figure(3, 4, -25), 'booked')).toEqual({
      tone: 'down',
      headline: '−25%',
      detail: '3 booked in the last 30 days, 4 in the 30 before',
    });
    expect(describeTrend(figure(4, 4, 0), 'closed')).toMatchObject({ tone: 'flat', headline: '0%' });
    expect(describeTrend(figure(7, 3, 133.3), 'received').headline).toBe('+133.3%');
  });

  it('gives the count of new ones when there is nothing to compare with', () => {
    expect(describeTrend(figure(3, 0, null), 'received')).toEqual({
      tone: 'up',
      headline: '+3',
      detail: '3 received in the last 30 days, none in the 30 before',
    });
    expect(describeTrend(figure(0, 0, null), 'closed')).toEqual({
      tone: 'flat',
      headline: 'No change',
      detail: 'None closed in the last 30 days',
    });
  });

  it('writes large figures with thousands separators', () => {
    expect(describeTrend(figure(12_500, 10_000, 25), 'listed').detail).toBe(
      '12,500 listed in the last 30 days, 10,000 in the 30 before',
    );
  });
});
