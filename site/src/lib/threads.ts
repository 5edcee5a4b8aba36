// The conversation page's server-side calls to the cms, on behalf of the signed-in visitor. The page
// works without JavaScript, so it cannot use the browser's in-memory access token: the cms sends the
// session's refresh cookie to the conversation pages' paths as well, and this turns it into an access
// token for the render (the cms checks the session as it does every access token).
import { threadAnswerSchema, type ThreadAnswer, type ThreadKind } from '@fie/domain';
import { CMS_URL } from './config';
import { CmsError } from './cms-client';
import { visitorHeaders } from './visitor';

/** The cookie the session's refresh token is kept in (the cms's name for it). */
export const SESSION_COOKIE = 'fie_refresh';

const subjectPath = (kind: ThreadKind, id: string) =>
  `/api/${kind === 'enquiry' ? 'enquiries' : 'appointments'}/${encodeURIComponent(id)}/messages`;

async function call(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  extra: Record<string, string> = {},
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${CMS_URL}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...visitorHeaders(),
        ...extra,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new CmsError(`cms unreachable: ${(error as Error).message}`, 502);
  }
  const answer: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const error = (answer as { error?: { message?: unknown } } | null)?.error;
    throw new CmsError(typeof error?.message === 'string' ? error.message : res.statusText, res.status);
  }
  return answer;
}

/** An access token for the session in the refresh cookie, or null when there is none or it has ended. */
export async function sessionToken(refresh: string | undefined): Promise<string | null> {
  if (!refresh || !/^[\w.-]{10,2000}$/.test(refresh)) return null;
  try {
    const answer = (await call('POST', '/api/refresh', null, undefined, {
      cookie: `${SESSION_COOKIE}=${refresh}`,
    })) as { token?: unknown };
    return typeof answer?.token === 'string' ? answer.token : null;
  } catch (error) {
    if (error instanceof CmsError && error.status === 401) return null;
    throw error;
  }
}

export async function readThread(token: string, kind: ThreadKind, id: string): Promise<ThreadAnswer> {
  return threadAnswerSchema.parse(await call('GET', subjectPath(kind, id), token));
}

export async function postMessage(token: string, kind: ThreadKind, id: string, text: string): Promise<void> {
  await call('POST', subjectPath(kind, id), token, { text });
}

export async function reviewMessage(
  token: string,
  messageId: string,
  decision: 'send' | 'decline',
): Promise<void> {
  await call('POST', `/api/threads/messages/${encodeURIComponent(messageId)}/review`, token, { decision });
}

export async function assignThread(token: string, kind: ThreadKind, id: string, assignee: string | null) {
  await call('PUT', `/api/threads/${kind}/${encodeURIComponent(id)}`, token, { assignee });
}
