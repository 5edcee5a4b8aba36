import type { TestCms } from './strapi';
/** A tiny JSON client for the cms under test: status, parsed body, headers and cookies. */
export interface Reply {
  status: number;
  body: any;
  headers: Headers;
  /** Value of the fie_refresh cookie the answer set, if any ('' when it was cleared). */
  refreshCookie: string | undefined;
}

export function client(baseUrl: string) {
  async function call(
    method: string,
    path: string,
    options: {
      body?: unknown;
      token?: string;
      cookie?: string;
      raw?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined || options.raw !== undefined)
      headers['content-type'] ??= 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = `fie_refresh=${options.cookie}`;
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('fie_refresh='));
    return {
      status: res.status,
      body,
      headers: res.headers,
      refreshCookie: setCookie ? setCookie.split(';')[0]!.slice('fie_refresh='.length) : undefined,
    };
  }
  return {
    get: (path: string, o?: Parameters<typeof call>[2]) => call('GET', path, o),
    post: (path: string, body?: unknown, o?: Parameters<typeof call>[2]) =>
      call('POST', path, { ...o, body }),
    put: (path: string, body?: unknown, o?: Parameters<typeof call>[2]) => call('PUT', path, { ...o, body }),
    call,
  };
}

/**
 * Creates an admin-panel user with the given panel role (Strapi's role code, the super admin's by
 * default) and answers the token its sign-in through /admin/login gives.
 */
export async function panelToken(
  cms: Pick<TestCms, 'strapi' | 'url'>,
  email: string,
  roleCode = 'strapi-super-admin',
): Promise<string> {
  const role = await cms.strapi.db.query('admin::role').findOne({ where: { code: roleCode } });
  if (!role) throw new Error(`no panel role ${roleCode}`);
  const password = 'PanelPass123';
  await cms.strapi.service('admin::user').create({
    email,
    firstname: 'Panel',
    lastname: 'User',
    password,
    isActive: true,
    registrationToken: null,
    roles: [role.id],
  });
  const res = await fetch(`${cms.url}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`panel sign-in of ${email} answered ${res.status}`);
  return (await res.json()).data.token as string;
}

/** Creates a confirmed account directly in the database (for tests that are not about sign-up). */
export async function createAccount(
  strapi: any,
  email: string,
  password: string,
  roleType: 'authenticated' | 'admin' | 'superadmin' = 'authenticated',
) {
  const roleRow = await strapi.db
    .query('plugin::users-permissions.role')
    .findOne({ where: { type: roleType } });
  return strapi.documents('plugin::users-permissions.user').create({
    data: {
      username: email,
      email,
      password,
      provider: 'local',
      confirmed: true,
      blocked: false,
      role: roleRow.id,
    },
  });
}

/** The 4-digit code in an e-mail's text. */
export function codeIn(text: string): string {
  const match = /\b(\d{4})\b/.exec(text);
  if (!match) throw new Error(`no 4-digit code in: ${text}`);
  return match[1]!;
}

export type RoleType = 'authenticated' | 'admin' | 'superadmin';
export interface SignedIn {
  token: Record<string, string>;
  email: Record<string, string>;
  id: Record<string, string>;
}

/** Creates one confirmed account per name (e.g. { seeker: 'authenticated', admin: 'admin' }) and signs each in. */
export async function signInAccounts(
  strapi: any,
  api: ReturnType<typeof client>,
  domain: string,
  accounts: Record<string, RoleType>,
): Promise<SignedIn> {
  const out: SignedIn = { token: {}, email: {}, id: {} };
  for (const [name, type] of Object.entries(accounts)) {
    const email = `${name}@${domain}`;
    const user = await createAccount(strapi, email, 'GoodPass123', type);
    const res = await api.post('/api/login', { email, password: 'GoodPass123' });
    if (res.status !== 200) throw new Error(`could not sign in ${email}: ${res.status}`);
    out.token[name] = res.body.token;
    out.email[name] = email;
    out.id[name] = user.documentId;
  }
  return out;
}

export interface PermissionCase<W extends string> {
  route: string;
  call: (token?: string) => Promise<{ status: number }>;
  expect: Record<W, number>;
}

/** One test per route and caller, asserting the status each caller must get. */
export function permissionTests<W extends string>(
  it: (name: string, fn: () => Promise<void>) => void,
  expect: (value: unknown) => { toBe: (v: unknown) => void },
  cases: PermissionCase<W>[],
  callers: readonly W[],
  tokenOf: (who: W) => string | undefined,
) {
  for (const c of cases) {
    for (const who of callers) {
      it(`${c.route} as ${who} → ${c.expect[who]}`, async () => {
        expect((await c.call(tokenOf(who))).status).toBe(c.expect[who]);
      });
    }
  }
}
