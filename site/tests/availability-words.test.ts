import { describe, expect, it } from 'vitest';
import { availabilityWords, hiddenFromListing, UNCONFIRMED_WORDS } from '../src/lib/availability-words';

const now = new Date('2026-11-26T10:00:00Z');
const confirmedAt = (iso: string) => ({
  availabilityStatus: 'confirmed' as const,
  availabilityConfirmedAt: iso,
});

describe('availabilityWords', () => {
  it('counts Accra calendar days: today, yesterday, N days ago', () => {
    expect(availabilityWords(confirmedAt('2026-11-26T00:05:00Z'), now)?.text).toBe(
      'Availability confirmed today',
    );
    // 23:59 the day before is yesterday, however few hours ago.
    expect(availabilityWords(confirmedAt('2026-11-25T23:59:00Z'), now)?.text).toBe(
      'Availability confirmed yesterday',
    );
    expect(availabilityWords(confirmedAt('2026-11-23T12:00:00Z'), now)).toEqual({
      text: 'Availability confirmed 3 days ago',
      tone: 'confirmed',
    });
    expect(availabilityWords(confirmedAt('2026-11-05T12:00:00Z'), now)?.text).toBe(
      'Availability confirmed 21 days ago',
    );
  });

  it('names the date past three weeks', () => {
    expect(availabilityWords(confirmedAt('2026-11-04T12:00:00Z'), now)?.text).toBe(
      'Availability confirmed on 4 November 2026',
    );
  });

  it("speaks the page's language, dates included", () => {
    expect(availabilityWords(confirmedAt('2026-11-23T12:00:00Z'), now, 'fr')?.text).toBe(
      'Disponibilité confirmée il y a 3 jours',
    );
    expect(availabilityWords(confirmedAt('2026-11-04T12:00:00Z'), now, 'fr')?.text).toBe(
      'Disponibilité confirmée le 4 novembre 2026',
    );
    expect(availabilityWords(confirmedAt('2026-11-25T08:00:00Z'), now, 'es')?.text).toBe(
      'Disponibilidad confirmada ayer',
    );
    expect(availabilityWords(confirmedAt('2026-11-04T12:00:00Z'), now, 'es')?.text).toBe(
      'Disponibilidad confirmada el 4 de noviembre de 2026',
    );
    expect(availabilityWords({ availabilityStatus: 'unconfirmed' }, now, 'es')?.text).toBe(
      'Puede que ya no esté disponible: pregúntanos antes',
    );
  });

  it('warns when unconfirmed, and says nothing when the answer has no freshness', () => {
    expect(
      availabilityWords(
        { availabilityStatus: 'unconfirmed', availabilityConfirmedAt: '2026-10-01T00:00:00Z' },
        now,
      ),
    ).toEqual({ text: UNCONFIRMED_WORDS, tone: 'unconfirmed' });
    expect(UNCONFIRMED_WORDS).toBe('May no longer be available — ask us first');
    expect(availabilityWords({}, now)).toBeNull();
    expect(
      availabilityWords({ availabilityStatus: 'confirmed', availabilityConfirmedAt: null }, now),
    ).toBeNull();
  });

  it('says a listing is out of the listing only when approved and not listed', () => {
    expect(hiddenFromListing({ listed: false, approvalStatus: 'approved' })).toBe(true);
    expect(hiddenFromListing({ listed: true, approvalStatus: 'approved' })).toBe(false);
    expect(hiddenFromListing({ listed: false, approvalStatus: 'unapproved' })).toBe(false);
    expect(hiddenFromListing({ approvalStatus: 'approved' })).toBe(false);
  });
});
