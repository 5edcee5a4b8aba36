// Browser calls to the cms through the site's /api proxy, answers parsed with the domain schemas.
import type { z } from 'zod';
import './zod-no-eval';
import { apiFetch, pageLanguage } from './session/store';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The server's `message` when it sent one, otherwise the screen's fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

/** One call; `signedIn` sends the session's token (renewing it once when it has expired). */
export async function callApi<T>(
  path: string,
  init: RequestInit,
  schema: z.ZodType<T>,
  signedIn: boolean,
): Promise<T> {
  return schema.parse((await send(path, init, signedIn)).body);
}

/** One page of a paged list: the items and the total the server counted (its X-Total-Count). */
export async function callApiPage<T>(
  path: string,
  schema: z.ZodType<T[]>,
  signedIn: boolean,
): Promise<{ items: T[]; total: number }> {
  const { body, headers } = await send(path, { method: 'GET' }, signedIn);
  const items = schema.parse(body);
  const total = Number(headers.get('x-total-count'));
  return { items, total: Number.isFinite(total) && headers.has('x-total-count') ? total : items.length };
}

async function send(
  path: string,
  init: RequestInit,
  signedIn: boolean,
): Promise<{ body: unknown; headers: Headers }> {
  const request: RequestInit = {
    ...init,
    credentials: 'same-origin',
    // The API answers its messages in the page's language (a signed-in seeker's profile language wins).
    headers: {
      Accept: 'application/json',
      'Accept-Language': pageLanguage(),
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
    },
  };
  let res: Response;
  try {
    res = signedIn ? await apiFetch(path, request) : await fetch(path, request);
  } catch {
    throw new ApiError('', 0); // offline: the caller's fallback text is the honest message
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message =
      body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
        ? (body as { message: string }).message
        : '';
    throw new ApiError(message, res.status);
  }
  return { body, headers: res.headers };
}
