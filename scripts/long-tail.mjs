// The listing mix of bench:api's long-tail run (also handy to replay by hand against a running cms).
/**
 * The long tail: a fixed, seeded sequence of different listings, as many visitors with their own
 * filters would ask (any of the cities, lease, type, bedrooms, furnishing, a price band, a place
 * searched for, any sort, the first five pages), so that almost no two requests are the same.
 * Each entry is the listing in our words and in the stock endpoint's.
 */
export async function longTail(count, seed = 20261122) {
  // The catalogue's own lists (built by then: bench:api builds before it asks for the sequence).
  const { CITIES, FURNISH_STATUSES, LEASE_TYPES, PROPERTY_TYPES } = await import('@fie/domain');
  let a = seed;
  const random = () => {
    // mulberry32
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (list) => list[Math.floor(random() * list.length)];
  const cities = CITIES.map((c) => c.slug);
  const bands = [
    [0, 3000],
    [3000, 10000],
    [10000, 50000],
    [50000, 500000],
    [500000, null],
  ];
  const places = ['east legon', 'osu', 'airport', 'cantonments', 'ahodwo', 'tema', 'spintex', 'labone'];
  const sorts = { newest: 'createdAt:desc', priceAsc: 'priceGhs:asc', priceDesc: 'priceGhs:desc' };
  const list = [];
  for (let i = 0; i < count; i++) {
    const ours = [];
    const stock = [];
    const add = (key, value, stockKey) => {
      ours.push(`${key}=${encodeURIComponent(value)}`);
      stock.push(`${stockKey}=${encodeURIComponent(value)}`);
    };
    if (random() < 0.7) add('city', pick(cities), 'filters[city][slug][$eq]');
    if (random() < 0.5) add('leaseType', pick(LEASE_TYPES), 'filters[leaseType][$eq]');
    if (random() < 0.4) add('propertyType', pick(PROPERTY_TYPES), 'filters[propertyType][$eq]');
    if (random() < 0.25) add('bedrooms', 1 + Math.floor(random() * 4), 'filters[numberOfBedrooms][$eq]');
    if (random() < 0.15) add('furnishStatus', pick(FURNISH_STATUSES), 'filters[furnishStatus][$eq]');
    if (random() < 0.25) {
      const [min, max] = pick(bands);
      add('minPrice', min, 'filters[priceGhs][$gte]');
      if (max !== null) add('maxPrice', max, 'filters[priceGhs][$lte]');
    }
    if (random() < 0.1) {
      const place = pick(places);
      ours.push(`search=${encodeURIComponent(place)}`);
      stock.push(
        `filters[$or][0][location][$containsi]=${encodeURIComponent(place)}&filters[$or][1][propertyType][$containsi]=${encodeURIComponent(place)}`,
      );
    }
    const sort = pick(Object.keys(sorts));
    const page = random() < 0.5 ? 1 : 2 + Math.floor(random() * 4);
    ours.push(`sort=${sort}`, `page=${page}`);
    stock.push(`sort[0]=${sorts[sort]}`, `pagination[page]=${page}`);
    list.push({ ours: `/api/products?${ours.join('&')}`, stock: stock.join('&') });
  }
  return list;
}
