// The featured cities. The city pages use the slug in their route (/properties/{slug}).

export interface City {
  readonly name: string;
  readonly slug: string;
  readonly region: string;
}

export function citySlug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function city(name: string, region: string): City {
  return Object.freeze({ name, slug: citySlug(name), region });
}

export const CITIES: readonly City[] = Object.freeze([
  city('Accra', 'Greater Accra'),
  city('Kumasi', 'Ashanti'),
  city('Takoradi', 'Western'),
  city('Tamale', 'Northern'),
  city('Cape Coast', 'Central'),
  city('Koforidua', 'Eastern'),
  city('Techiman', 'Bono East'),
  city('Ho', 'Volta'),
]);

export function cityBySlug(slug: string): City | undefined {
  const wanted = citySlug(slug);
  return CITIES.find((c) => c.slug === wanted);
}
