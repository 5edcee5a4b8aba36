import { describe, expect, it } from 'vitest';
import {
  catalogueProblems,
  fill,
  MESSAGES,
  MESSAGES_ES,
  MESSAGES_FR,
  messageIn,
  placeholdersOf,
  SEEKER_MESSAGE_KEYS,
  SEEKER_MESSAGES,
  translateMessage,
  listingQuerySchema,
} from '../src/index.js';

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

describe('the seeker’s messages in every language', () => {
  it('has every key in every language, each translated, with the same placeholders', () => {
    expect(catalogueProblems(SEEKER_MESSAGES)).toEqual([]);
    for (const language of ['fr', 'es'] as const)
      for (const key of SEEKER_MESSAGE_KEYS)
        expect(SEEKER_MESSAGES[language][key], `${language}: ${key}`).not.toBe(MESSAGES[key]);
  });

  it('turns an English message into the reader’s language and leaves other text alone', () => {
    expect(messageIn(MESSAGES.slotTaken, 'fr')).toBe(MESSAGES_FR.slotTaken);
    expect(messageIn(MESSAGES.slotTaken, 'es')).toBe(MESSAGES_ES.slotTaken);
    expect(messageIn(MESSAGES.slotTaken, 'en')).toBe(MESSAGES.slotTaken);
    // The back-office's messages stay English, as the back-office does.
    expect(messageIn(MESSAGES.createDealFailed, 'fr')).toBe(MESSAGES.createDealFailed);
    expect(messageIn('Kofi wrote this', 'es')).toBe('Kofi wrote this');
    expect(translateMessage(MESSAGES.loginToBook, undefined)).toBe(MESSAGES.loginToBook);
    expect(translateMessage(MESSAGES.loginToBook, MESSAGES_FR)).toBe(MESSAGES_FR.loginToBook);
  });
});

describe('messages with values (a zod check that names a field and a limit)', () => {
  it('are read back from their English and said again in the reader’s language, field word included', () => {
    const tooLong = listingQuerySchema.safeParse({ search: 'x'.repeat(101) });
    expect(tooLong.success).toBe(false);
    const english = tooLong.error!.issues[0]!.message;
    expect(english).toBe('Search must be at most 100 characters');
    expect(messageIn(english, 'fr')).toBe('Recherche : 100 caractères au plus');
    expect(messageIn(english, 'es')).toBe('Búsqueda: 100 caracteres como máximo');
    const bedrooms = listingQuerySchema.safeParse({ bedrooms: 'two' }).error!.issues[0]!.message;
    expect(bedrooms).toBe('Bedrooms must be a whole number of 0 or more');
    expect(messageIn(bedrooms, 'fr')).toBe('Chambres : un nombre entier d’au moins 0');
    const advance = listingQuerySchema.safeParse({ maxAdvanceMonths: '30' }).error!.issues[0]!.message;
    expect(messageIn(advance, 'es')).toBe('Adelanto máximo en meses: un número entero de 0 a 24');
    const type = listingQuerySchema.safeParse({ propertyType: 'Castle' }).error!.issues[0]!.message;
    expect(messageIn(type, 'fr')).toMatch(/^Type de bien : choisissez parmi Apartment, House/);
    // A field word the catalogue does not know stays as written; the sentence is still translated.
    expect(messageIn('Status must be one of: Open, Closed', 'fr')).toBe(
      'Status : choisissez parmi Open, Closed',
    );
    expect(messageIn('Must be at most 200 characters', 'es')).toBe('200 caracteres como máximo');
    // Text that only looks like one is left alone.
    expect(messageIn('Search must be at most many characters!', 'fr')).toBe(
      'Search must be at most many characters!',
    );
  });

  it('an island given only some keys translates what it was given and leaves the rest English', () => {
    const given = { tooLong: MESSAGES_FR.tooLong };
    expect(translateMessage('Comments must be at most 500 characters', given)).toBe(
      'Comments : 500 caractères au plus',
    );
    expect(
      translateMessage('Comments must be at most 500 characters', {
        ...given,
        fieldComments: MESSAGES_FR.fieldComments,
      }),
    ).toBe('Commentaires : 500 caractères au plus');
  });
});
