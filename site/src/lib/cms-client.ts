import { listingQueryToSearchParams, propertyListSchema, propertySchema, type ListingQuery, type Property } from '@fie/domain';
import { CMS_URL } from './config';

export class CmsError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function getJson(path: string): Promise<{ body: unknown; headers: Headers }> {
  const res = await fetch(`${CMS_URL}${path}`, { headers: { accept: 'application/json' } });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message = body && typeof body === 'object' && 'message' in body ? String((body as { message: unknown }).message) : res.statusText;
    throw new CmsError(message, res.status);
  }
  return { body, headers: res.headers };
}

/** One page of approved properties, parsed against the domain schema. */
export async function listProperties(query: Partial<ListingQuery> = {}): Promise<{ items: Property[]; total: number }> {
  const { body, headers } = await getJson(`/api/products?${listingQueryToSearchParams(query)}`);
  const items = propertyListSchema.parse(body);
  return { items, total: Number(headers.get('x-total-count') ?? items.length) };
}

/** One approved property, or null when the cms says it does not exist. */
export async function getProperty(id: string): Promise<Property | null> {
  try {
    const { body } = await getJson(`/api/products/${encodeURIComponent(id)}`);
    return propertySchema.parse(body);
  } catch (error) {
    if (error instanceof CmsError && error.status === 404) return null;
    throw error;
  }
}
