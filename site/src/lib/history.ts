// Recently viewed properties, kept in this browser only (the dashboard's History tab).
// The property page calls recordPropertyView; nothing here is sent to the server.

export interface ViewedProperty {
  id: string;
  title: string;
  image: string | null;
  price: string;
  viewedAt: string;
}

const KEY = 'fie:recently-viewed';
export const HISTORY_LIMIT = 12;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isViewed(value: unknown): value is ViewedProperty {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.title === 'string' &&
    typeof v.price === 'string' &&
    typeof v.viewedAt === 'string' &&
    (v.image === null || typeof v.image === 'string')
  );
}

export function recentlyViewed(): ViewedProperty[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isViewed).slice(0, HISTORY_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Puts a property first in the history (once), keeping the newest HISTORY_LIMIT. */
export function recordPropertyView(
  property: { id: string; title: string; image?: string | null; price: string | number },
  now: Date = new Date(),
): void {
  if (!property.id) return;
  const entry: ViewedProperty = {
    id: String(property.id),
    title: property.title,
    image: property.image ?? null,
    price: String(property.price),
    viewedAt: now.toISOString(),
  };
  const next = [entry, ...recentlyViewed().filter((p) => p.id !== entry.id)].slice(0, HISTORY_LIMIT);
  try {
    storage()?.setItem(KEY, JSON.stringify(next));
  } catch {
    // storage full or disabled: history is a convenience, never an error for the visitor
  }
}

export function clearRecentlyViewed(): void {
  storage()?.removeItem(KEY);
}
