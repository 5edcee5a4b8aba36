import { describe, expect, it } from 'vitest';
import {
  exactPoint,
  GHANA_BOUNDS,
  inGhana,
  MESSAGES,
  propertyInputSchema,
  propertySchema,
  propertyUpdateSchema,
  publicPoint,
  publicGridRange,
  roundCoordinate,
} from '../../src/index.js';
import { messageAt, parsed } from '../helpers.js';

const listing = {
  location: 'East Legon, Accra',
  nearestLandmark: 'A&C Mall',
  price: 'GH₵ 4,500',
  propertyType: 'Apartment',
  leaseType: 'Rent',
  images: ['https://res.cloudinary.com/fie/image/upload/a.jpg'],
};

describe('the map point on create', () => {
  it('takes both coordinates as numbers or as the text forms send', () => {
    expect(parsed(propertyInputSchema, { ...listing, latitude: 5.6355, longitude: -0.1612 })).toMatchObject({
      latitude: 5.6355,
      longitude: -0.1612,
    });
    expect(
      parsed(propertyInputSchema, { ...listing, latitude: ' 5.6355 ', longitude: '-0.1612' }),
    ).toMatchObject({ latitude: 5.6355, longitude: -0.1612 });
  });

  it('takes neither (none, null or untouched inputs)', () => {
    expect(parsed(propertyInputSchema, listing)).not.toHaveProperty('latitude');
    expect(parsed(propertyInputSchema, { ...listing, latitude: null, longitude: null })).toMatchObject({
      latitude: null,
      longitude: null,
    });
    expect(parsed(propertyInputSchema, { ...listing, latitude: '', longitude: '' })).toMatchObject({
      latitude: null,
      longitude: null,
    });
  });

  it('refuses one coordinate without the other', () => {
    expect(messageAt(propertyInputSchema, { ...listing, latitude: 5.6 }, 'longitude')).toBe(
      MESSAGES.coordinatesBoth,
    );
    expect(messageAt(propertyInputSchema, { ...listing, longitude: -0.2 }, 'latitude')).toBe(
      MESSAGES.coordinatesBoth,
    );
    expect(messageAt(propertyInputSchema, { ...listing, latitude: 5.6, longitude: null }, 'longitude')).toBe(
      MESSAGES.coordinatesBoth,
    );
  });

  it("refuses points outside Ghana's box, swapped pairs and words", () => {
    const cases: [Record<string, unknown>, string, string][] = [
      // London, Lagos, and Accra with its pair swapped.
      [{ latitude: 51.5, longitude: -0.12 }, 'latitude', MESSAGES.latitudeInvalid],
      [{ latitude: 6.45, longitude: 3.39 }, 'longitude', MESSAGES.longitudeInvalid],
      [{ latitude: -0.19, longitude: 5.6 }, 'latitude', MESSAGES.latitudeInvalid],
      [{ latitude: 'five', longitude: -0.2 }, 'latitude', MESSAGES.latitudeInvalid],
      [{ latitude: true, longitude: -0.2 }, 'latitude', MESSAGES.latitudeInvalid],
      [{ latitude: 5.6, longitude: '0x1' }, 'longitude', MESSAGES.longitudeInvalid],
      [{ latitude: Number.NaN, longitude: -0.2 }, 'latitude', MESSAGES.latitudeInvalid],
    ];
    for (const [point, path, message] of cases)
      expect(messageAt(propertyInputSchema, { ...listing, ...point }, path), JSON.stringify(point)).toBe(
        message,
      );
    // The box's own edges are in.
    expect(
      parsed(propertyInputSchema, {
        ...listing,
        latitude: GHANA_BOUNDS.maxLatitude,
        longitude: GHANA_BOUNDS.minLongitude,
      }),
    ).toMatchObject({ latitude: 11.2, longitude: -3.3 });
  });
});

describe('the map point on update', () => {
  it('sets, clears, or leaves it, and refuses half of one', () => {
    expect(parsed(propertyUpdateSchema, { latitude: 9.4, longitude: -0.85 })).toEqual({
      latitude: 9.4,
      longitude: -0.85,
    });
    expect(parsed(propertyUpdateSchema, { latitude: null, longitude: null })).toEqual({
      latitude: null,
      longitude: null,
    });
    expect(parsed(propertyUpdateSchema, { location: 'Tamale' })).toEqual({ location: 'Tamale' });
    expect(messageAt(propertyUpdateSchema, { latitude: 9.4 }, 'longitude')).toBe(MESSAGES.coordinatesBoth);
    expect(messageAt(propertyUpdateSchema, { longitude: null }, 'latitude')).toBe(MESSAGES.coordinatesBoth);
  });
});

describe('rounding for the public', () => {
  it('rounds halves away from zero in all four quadrants, and 0 is never -0', () => {
    for (const [value, rounded] of [
      [5.6125, 5.613],
      [-5.6125, -5.613],
      [0.1865, 0.187],
      [-0.1865, -0.187],
      [0.0005, 0.001],
      [-0.0005, -0.001],
      [0.00049, 0],
      [-0.00049, 0],
    ] as const)
      expect(roundCoordinate(value), String(value)).toBe(rounded);
    expect(Object.is(roundCoordinate(-0.0001), 0)).toBe(true);
  });

  it("the map area's range of exact values holds a value exactly when its rounded value is in the area", () => {
    const inRange = (x: number, r: ReturnType<typeof publicGridRange>) =>
      (r.fromIncluded ? x >= r.from : x > r.from) && (r.toIncluded ? x <= r.to : x < r.to);
    const values: number[] = [];
    // Every half-grid value and its neighbours a hair away, from -2 to 2, and decimals as typed.
    for (let k = -2000; k <= 2000; k++) {
      const half = Number(((k + 0.5) / 1000).toFixed(4));
      values.push(half, half + 1e-12, half - 1e-12, k / 1000, Number((k / 1000 + 0.0004999).toFixed(7)));
    }
    for (const x of values) {
      const r = roundCoordinate(x);
      for (const k of [-1, 0, 1]) {
        const v = roundCoordinate(r + k / 1000);
        expect(inRange(x, publicGridRange(v, v)), `${x} in [${v}]`).toBe(k === 0);
      }
      // An area of several steps holds it when its rounded value is between the edges.
      const low = roundCoordinate(r - 0.002);
      const high = roundCoordinate(r + 0.003);
      expect(inRange(x, publicGridRange(low, high)), `${x} in [${low}, ${high}]`).toBe(true);
      expect(inRange(x, publicGridRange(roundCoordinate(r + 0.001), high))).toBe(false);
      expect(inRange(x, publicGridRange(low, roundCoordinate(r - 0.001)))).toBe(false);
    }
  });

  it('keeps 3 decimals (about 100 m), both or neither', () => {
    expect(roundCoordinate(5.635549)).toBe(5.636);
    expect(roundCoordinate(-0.161249)).toBe(-0.161);
    expect(roundCoordinate(5.6035)).toBe(5.604);
    expect(roundCoordinate(-0.1615)).toBe(-0.162);
    expect(publicPoint({ latitude: 5.635549, longitude: '-0.161249' })).toEqual({
      latitude: 5.636,
      longitude: -0.161,
    });
    expect(publicPoint({ latitude: 5.6, longitude: null })).toEqual({ latitude: null, longitude: null });
    expect(exactPoint({ latitude: '5.635549', longitude: -0.161249 })).toEqual({
      latitude: 5.635549,
      longitude: -0.161249,
    });
  });

  it('knows the box', () => {
    expect(inGhana(5.6, -0.2)).toBe(true);
    expect(inGhana(6.45, 3.39)).toBe(false);
  });

  it('the answer may carry a point or not', () => {
    const answer = propertySchema.shape.latitude;
    expect(answer.safeParse(5.636).success).toBe(true);
    expect(answer.safeParse(null).success).toBe(true);
    expect(answer.safeParse(undefined).success).toBe(true);
  });
});
