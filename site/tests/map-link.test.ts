import { describe, expect, it } from 'vitest';
import { areaMapLink, phoneMapLink } from '../src/lib/map-link';

describe('areaMapLink', () => {
  it("opens OpenStreetMap at the listing's rounded point", () => {
    expect(areaMapLink({ latitude: 5.635549, longitude: -0.161249 })).toBe(
      'https://www.openstreetmap.org/?mlat=5.636&mlon=-0.161#map=16/5.636/-0.161',
    );
  });
  it('is null without a whole point', () => {
    expect(areaMapLink({ latitude: null, longitude: null })).toBeNull();
    expect(areaMapLink({ latitude: 5.6 })).toBeNull();
    expect(areaMapLink({})).toBeNull();
  });
});

describe('phoneMapLink', () => {
  it("opens the phone's maps app at the rounded point", () => {
    expect(phoneMapLink({ latitude: 5.635549, longitude: -0.161249 })).toBe('geo:5.636,-0.161?z=16');
  });
  it('is null without a whole point', () => {
    expect(phoneMapLink({ latitude: null, longitude: null })).toBeNull();
    expect(phoneMapLink({ longitude: -0.2 })).toBeNull();
  });
});
