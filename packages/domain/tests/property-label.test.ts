import { describe, expect, it } from 'vitest';
import {
  LANGUAGES,
  PROPERTY_TYPES,
  PROPERTY_TYPE_WORDS,
  localizePropertyLabel,
  propertyLabel,
  propertyLabelIn,
  splitPropertyLabel,
} from '../src/index.js';

describe('property labels in the reader’s language', () => {
  it('keeps the stored label English, as staff search it', () => {
    expect(propertyLabel({ propertyType: 'Apartment', location: 'Cantonments, Accra' })).toBe(
      'Apartment in Cantonments, Accra',
    );
  });

  it('composes the type and place in French and Spanish, with no English word', () => {
    const p = { propertyType: 'Apartment', location: 'Cantonments, Accra' };
    expect(propertyLabelIn('fr', p)).toBe('Appartement à Cantonments, Accra');
    expect(propertyLabelIn('es', p)).toBe('Apartamento en Cantonments, Accra');
    expect(propertyLabelIn('es', { propertyType: 'House', location: 'East Legon, Accra' })).toBe(
      'Casa en East Legon, Accra',
    );
  });

  it('has every type in every language', () => {
    for (const language of LANGUAGES)
      expect(Object.keys(PROPERTY_TYPE_WORDS[language]).sort()).toEqual([...PROPERTY_TYPES].sort());
  });

  it('translates a kept label, a place with " in " in it too, and leaves other text alone', () => {
    expect(localizePropertyLabel('fr', 'Apartment in Cantonments, Accra')).toBe(
      'Appartement à Cantonments, Accra',
    );
    expect(localizePropertyLabel('es', 'Land in Plot in Tema, Tema')).toBe('Terreno en Plot in Tema, Tema');
    expect(splitPropertyLabel('Land in Plot in Tema, Tema')).toEqual({
      propertyType: 'Land',
      location: 'Plot in Tema, Tema',
    });
    expect(localizePropertyLabel('fr', 'Office in Osu')).toBe('Office in Osu');
    expect(localizePropertyLabel('fr', 'the property')).toBe('the property');
    expect(localizePropertyLabel('en', 'House in Osu')).toBe('House in Osu');
  });
});
