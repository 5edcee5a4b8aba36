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
