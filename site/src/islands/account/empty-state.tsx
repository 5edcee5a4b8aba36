import { useWords } from '../shared/island-words';
import type { DashboardTexts } from '../../i18n/account';
import type { ReactNode } from 'react';

export function EmptyState({ title, detail, action }: { title: string; detail: string; action?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center">
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      <p className="mt-1 text-stone-600">{detail}</p>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

/** The empty states' way back to the listing, in the screen's language. */
export function BrowseLink() {
  const { t, link } = useWords<DashboardTexts>();
  return (
    <a
      href={link('/properties')}
      className="inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
    >
      {t.browseProperties}
    </a>
  );
}
