// The seeker's dashboard names a viewing's property in the page's language: its type and place from
// the listing, or, once the listing is deleted, from the label the viewing kept (stored in English).
import { describe, expect, it } from 'vitest';
import type { Appointment } from '@fie/domain';
import { propertyLabel } from '../src/islands/account/appointment-view';
import { DASHBOARD } from '../src/i18n/account';
import { dashboardValues } from '../src/i18n/enumerations';

const viewing = (product: Appointment['product'], propertyLabel: string | null): Appointment =>
  ({
    _id: 'a1',
    user: null,
    product,
    propertyLabel,
    date: '2026-12-09',
    time: '11:00',
    status: 'Ongoing',
    comments: null,
    startsAt: '2026-12-09T11:00:00.000Z',
    clientNoShow: false,
    createdAt: null,
    updatedAt: null,
  }) as unknown as Appointment;

const labelIn = (language: 'en' | 'fr' | 'es', appointment: Appointment) => {
  const values = dashboardValues(language);
  return propertyLabel(appointment, DASHBOARD[language], (stored) => values[stored] ?? stored);
};

describe("the dashboard's property label", () => {
  const listed = {
    _id: 'p1',
    propertyType: 'Apartment',
    location: 'Cantonments, Accra',
  } as Appointment['product'];

  it('composes a listed property in the page language', () => {
    expect(labelIn('fr', viewing(listed, 'Apartment in Cantonments, Accra'))).toBe(
      'Appartement à Cantonments, Accra',
    );
    expect(labelIn('es', viewing(listed, 'Apartment in Cantonments, Accra'))).toBe(
      'Apartamento en Cantonments, Accra',
    );
  });

  it('puts the kept label of a deleted property in the page language too', () => {
    const gone = viewing(null, 'Apartment in Cantonments, Accra');
    expect(labelIn('fr', gone)).toBe('Appartement à Cantonments, Accra');
    expect(labelIn('es', viewing(null, 'House in East Legon, Accra'))).toBe('Casa en East Legon, Accra');
    expect(labelIn('en', gone)).toBe('Apartment in Cantonments, Accra');
  });

  it('says the property is gone when nothing was kept', () => {
    expect(labelIn('fr', viewing(null, null))).toBe(DASHBOARD.fr.propertyGone);
  });
});
