// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearRecentlyViewed, HISTORY_LIMIT, recentlyViewed, recordPropertyView } from '../src/lib/history';

beforeEach(() => localStorage.clear());

describe('recently viewed properties', () => {
  it('keeps the newest first, once each, at most twelve', () => {
    for (let i = 0; i < 15; i += 1)
      recordPropertyView(
        { id: `p${i}`, title: `House ${i}`, image: null, price: '$1,000' },
        new Date(2026, 0, i + 1),
      );
    recordPropertyView({ id: 'p10', title: 'House 10', image: '/uploads/a.jpg', price: 'GH₵ 5,000' });
    const items = recentlyViewed();
    expect(items).toHaveLength(HISTORY_LIMIT);
    expect(items[0]).toMatchObject({ id: 'p10', image: '/uploads/a.jpg', price: 'GH₵ 5,000' });
    expect(items.filter((p) => p.id === 'p10')).toHaveLength(1);
    expect(items.map((p) => p.id)).not.toContain('p0');
  });

  it('survives damaged storage and can be cleared', () => {
    localStorage.setItem('fie:recently-viewed', '{not json');
    expect(recentlyViewed()).toEqual([]);
    recordPropertyView({ id: 'x', title: 'Villa in Ho', price: 250000 });
    expect(recentlyViewed()[0]).toMatchObject({ id: 'x', price: '250000', image: null });
    clearRecentlyViewed();
    expect(recentlyViewed()).toEqual([]);
  });
});
