// Plausible map points for the demo listings: each neighbourhood's rough centre, and each listing a
// few hundred metres from it (the same for a given key every time), so listings in one area do not
// sit on one spot. Approximate on purpose: they are demo homes, not real addresses.
import { createHash } from 'node:crypto';

type LatLon = readonly [latitude: number, longitude: number];

export const AREA_CENTRES: Readonly<Record<string, LatLon>> = Object.freeze({
  'East Legon, Accra': [5.6355, -0.1612],
  'Cantonments, Accra': [5.579, -0.175],
  'Airport Residential Area, Accra': [5.604, -0.178],
  'Osu, Accra': [5.556, -0.182],
  'Labone, Accra': [5.566, -0.17],
  'Dzorwulu, Accra': [5.612, -0.2],
  'Spintex, Accra': [5.63, -0.11],
  'Tema Community 25, Accra': [5.73, -0.03],
  'Adenta, Accra': [5.71, -0.155],
  'Madina, Accra': [5.68, -0.168],
  'Achimota, Accra': [5.62, -0.23],
  'Dansoman, Accra': [5.55, -0.265],
  'Ahodwo, Kumasi': [6.666, -1.628],
  'Nhyiaeso, Kumasi': [6.67, -1.635],
  'Danyame, Kumasi': [6.677, -1.633],
  'Asokwa, Kumasi': [6.665, -1.605],
  'Adum, Kumasi': [6.693, -1.624],
  'Bantama, Kumasi': [6.705, -1.633],
  'Manhyia, Kumasi': [6.71, -1.615],
  'Ayeduase, Kumasi': [6.675, -1.565],
  'Santasi, Kumasi': [6.665, -1.655],
  'Kotei, Kumasi': [6.67, -1.555],
  'Vittin, Tamale': [9.38, -0.84],
  'Sakasaka, Tamale': [9.41, -0.85],
  'Kalpohin, Tamale': [9.42, -0.865],
  'Lamashegu, Tamale': [9.39, -0.86],
  'Hansua, Techiman': [7.58, -1.94],
  'Kenten, Techiman': [7.595, -1.93],
  'Ho Dome, Ho': [6.605, 0.47],
  'Heve, Ho': [6.595, 0.475],
  'Bankoe, Ho': [6.61, 0.465],
  'Effiduase, Koforidua': [6.1, -0.255],
  'Adweso, Koforidua': [6.085, -0.265],
  Koforidua: [6.094, -0.259],
  'Betom, Koforidua': [6.09, -0.25],
  'Effia, Takoradi': [4.93, -1.77],
  'Beach Road, Takoradi': [4.89, -1.745],
  'Anaji, Takoradi': [4.93, -1.78],
  'Airport Ridge, Takoradi': [4.905, -1.77],
  'Market Circle, Takoradi': [4.898, -1.758],
  'Kansaworado, Takoradi': [4.94, -1.79],
  'Abura, Cape Coast': [5.12, -1.265],
  'University of Cape Coast area, Cape Coast': [5.115, -1.29],
  'Pedu, Cape Coast': [5.125, -1.275],
  'Chapel Square, Cape Coast': [5.105, -1.245],
  'Amamoma, Cape Coast': [5.11, -1.295],
});

/** Up to about 400 m from the centre, north-south and east-west. */
const SPREAD_DEGREES = 0.0036;

/** The demo listing's point: its area's centre moved by an amount taken from its key; null for an unknown area. */
export function demoPoint(key: string, location: string): { latitude: number; longitude: number } | null {
  const centre = AREA_CENTRES[location];
  if (!centre) return null;
  const hash = createHash('sha256').update(key).digest();
  const shift = (byte: number) => ((byte / 255) * 2 - 1) * SPREAD_DEGREES;
  const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
  return { latitude: round6(centre[0] + shift(hash[0]!)), longitude: round6(centre[1] + shift(hash[1]!)) };
}
