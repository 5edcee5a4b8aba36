import { useEffect, useState } from 'react';
import { fill, MESSAGES } from '@fie/domain';
import { clearRecentlyViewed, recentlyViewed, type ViewedProperty } from '../../lib/history';
import { BrowseLink, EmptyState } from './empty-state';
import { formatViewingDate } from './appointments-tab';
import { useWords } from '../shared/island-words';
import type { DashboardTexts } from '../../i18n/account';
/** Recently viewed properties, kept in this browser by the property page. */
export function HistoryTab() {
  const { t, say, language, link } = useWords<DashboardTexts>();
  const [items, setItems] = useState<ViewedProperty[] | null>(null);
  useEffect(() => setItems(recentlyViewed()), []);

  if (!items) return null;
  if (items.length === 0)
    return <EmptyState title={t.noHistory} detail={t.noHistoryDetail} action={<BrowseLink />} />;
  return (
    <div>
      <div className="mb-3 flex items-center justify-between gap-2">
        <p className="text-sm text-stone-700">{t.keptOnDevice}</p>
        <button
          type="button"
          onClick={() => {
            clearRecentlyViewed();
            setItems([]);
          }}
          className="rounded-lg border border-stone-300 px-3 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-100"
        >
          {t.clearHistory}
        </button>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li
            key={item.id}
            className="overflow-hidden rounded-xl border border-stone-200 bg-white"
            data-testid="viewed-property"
          >
            <a href={link(`/property/${item.id}`)} className="block hover:bg-stone-50">
              {item.image ? (
                <img src={item.image} alt="" loading="lazy" className="aspect-[4/3] w-full object-cover" />
              ) : (
                <div className="flex aspect-[4/3] items-center justify-center bg-stone-200 text-sm text-stone-700">
                  {say(MESSAGES.imageUnavailable)}
                </div>
              )}
              <div className="p-3">
                <h2 className="font-semibold text-ink">{item.title}</h2>
                <p className="text-sm font-semibold text-brand-700">{item.price}</p>
                <p className="text-xs text-stone-600">
                  {fill(t.viewedOn, { date: formatViewingDate(item.viewedAt.slice(0, 10), language) })}
                </p>
              </div>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
