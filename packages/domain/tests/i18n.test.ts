import { describe, expect, it } from 'vitest';
import { catalogueProblems, fill, placeholdersOf } from '../src/index.js';

describe('fill', () => {
  it('replaces every placeholder, in any order and as often as named', () => {
    expect(fill('{brand}: {code}. {brand}', { code: 1234, brand: 'Fie Homes' })).toBe(
      'Fie Homes: 1234. Fie Homes',
    );
    expect(fill('No values here')).toBe('No values here');
  });

  it('throws on a placeholder without a value rather than sending it', () => {
    expect(() => fill('Your code: {code}', {})).toThrow(/\{code\}/);
  });

  it('leaves a value holding braces as it is (values are not read as templates)', () => {
    expect(fill('{a}', { a: '{b}' })).toBe('{b}');
  });
});

describe('placeholdersOf', () => {
  it('lists the names once each, sorted', () => {
    expect(placeholdersOf('{when}: {brand}, {brand} {code}')).toEqual(['brand', 'code', 'when']);
    expect(placeholdersOf('no { placeholders } here {1}')).toEqual([]);
  });
});

describe('catalogueProblems', () => {
  const en = { hello: 'Hello {name}', bye: 'Goodbye' };

  it('finds nothing in sound catalogues', () => {
    expect(
      catalogueProblems({
        en,
        fr: { hello: 'Bonjour {name}', bye: 'Au revoir' },
        es: { bye: 'Adiós', hello: 'Hola {name}' },
      }),
    ).toEqual([]);
  });

  it('names a missing key, an extra key, an empty text and a placeholder that differs', () => {
    expect(
      catalogueProblems({
        en,
        fr: { hello: 'Bonjour {nom}', bye: 'Au revoir', extra: 'En trop' },
        es: { hello: ' ' },
      }),
    ).toEqual([
      'fr: "hello" has placeholders {nom} where English has {name}',
      'fr: "extra" is not in English',
      'es: "bye" is missing',
      'es: "hello" is empty',
      'es: "hello" has placeholders {} where English has {name}',
    ]);
  });
});
