import { describe, expect, it } from 'vitest';
import {
  describeSavedSearch,
  formatMapArea,
  inMapArea,
  listingQuerySchema,
  listingQueryToSearchParams,
  MESSAGES,
  parseMapArea,
  savedSearchQuerySchema,
} from '../../src/index.js';
import { messageAt, parsed } from '../helpers.js';

describe('the map area (bbox)', () => {
  it('reads west,south,east,north and moves the edges outward onto the public grid', () => {
    expect(parseMapArea('-0.2504,5.5501,-0.1496,5.6499')).toEqual({
      west: -0.251,
      south: 5.55,
      east: -0.149,
      north: 5.65,
    });
    // Edges already on the grid stay where they are, binary fractions notwithstanding.
    expect(parseMapArea('-0.3,5.6,-0.1,5.7')).toEqual({ west: -0.3, south: 5.6, east: -0.1, north: 5.7 });
    expect(parseMapArea(' -1 , 6 , 0 , 7 ')).toEqual({ west: -1, south: 6, east: 0, north: 7 });
  });

  it('refuses anything but four plain decimals in order, inside the world', () => {
    for (const bad of [
      '',
      '1,2,3',
      '1,2,3,4,5',
      'a,b,c,d',
      '1e1,5,2,6',
      '0x1,5,2,6',
      'Infinity,5,6,7',
      '-0.1,5.6,-0.3,5.7', // west east of east
      '-0.3,5.7,-0.1,5.6', // south north of north
      '-181,5,0,6',
      '0,-91,1,6',
      '0,5,1,91',
    ])
      expect(parseMapArea(bad), bad).toBeUndefined();
  });

  it('writes one spelling, which reads back the same', () => {
    const area = parseMapArea('-0.25000,5.550,-0.15,5.65')!;
    expect(formatMapArea(area)).toBe('-0.25,5.55,-0.15,5.65');
    expect(parseMapArea(formatMapArea(area))).toEqual(area);
  });

  it('holds a point whose rounded place is inside, edges included, and no point without one', () => {
    const area = { west: -0.25, south: 5.55, east: -0.15, north: 5.65 };
    expect(inMapArea({ latitude: 5.6, longitude: -0.2 }, area)).toBe(true);
    // 5.5496 rounds to 5.55: inside, as the public sees it; 5.5494 rounds to 5.549: outside.
    expect(inMapArea({ latitude: 5.5496, longitude: -0.2 }, area)).toBe(true);
    expect(inMapArea({ latitude: 5.5494, longitude: -0.2 }, area)).toBe(false);
    expect(inMapArea({ latitude: 5.6, longitude: -0.1504 }, area)).toBe(true);
    expect(inMapArea({ latitude: 5.6, longitude: -0.1494 }, area)).toBe(false);
    expect(inMapArea({ latitude: null, longitude: null }, area)).toBe(false);
  });

  it('is a listing filter: parsed to its spelling, refused with the message, and kept in links', () => {
    expect(
      parsed(listingQuerySchema, { bbox: '-0.2504,5.5501,-0.1496,5.6499', city: 'accra' }),
    ).toMatchObject({
      bbox: '-0.251,5.55,-0.149,5.65',
      city: 'accra',
    });
    expect(messageAt(listingQuerySchema, { bbox: '-0.1,5.6,-0.3,5.7' }, 'bbox')).toBe(
      MESSAGES.mapAreaInvalid,
    );
    expect(messageAt(listingQuerySchema, { bbox: 'x'.repeat(500) }, 'bbox')).toBe(MESSAGES.mapAreaInvalid);
    expect(
      listingQueryToSearchParams(parsed(listingQuerySchema, { bbox: '-0.25,5.55,-0.15,5.65' })).toString(),
    ).toBe('bbox=-0.25%2C5.55%2C-0.15%2C5.65');
  });

  it('is kept by a saved search, and said in its words', () => {
    const q = parsed(savedSearchQuerySchema, { city: 'accra', bbox: '-0.25,5.55,-0.15,5.65' });
    expect(q).toEqual({ city: 'accra', bbox: '-0.25,5.55,-0.15,5.65' });
    expect(describeSavedSearch(q)).toBe('Properties in Accra, in an area of the map');
    expect(describeSavedSearch({ bbox: '-0.25,5.55,-0.15,5.65' })).toBe('Properties in an area of the map');
  });
});
