import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { startCms, type TestCms } from '../helpers/strapi';
import { client, panelToken, signInAccounts } from '../helpers/http';
import { ensureMarketingPanelRole, MARKETING_ROLE_CODE } from '../../src/bootstrap/panel-roles';
import { MESSAGES } from '../../src/plugins/site-cache/server/src/services/refresh.service';

// A stand-in for the site: a real HTTP listener with the site's purge contract (POST, Bearer token,
// `{purged}`), recording every call: the panel's refresh (no body) and a content change's (an event).
const PURGE_TOKEN = 'test-refresh-token-0123456789';
const received: {
  method: string;
  url: string;
  authorization: string | undefined;
  event: string | undefined;
}[] = [];
let pagesInCache = 7;
let site: Server;
let cms: TestCms;
let purgeUrl = '';
const panel: Record<string, string> = {};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => resolve(body));
  });

const createPanelUser = (email: string, roleCode: string): Promise<string> =>
  panelToken(cms, email, roleCode);

async function refresh(token?: string) {
  const res = await fetch(`${cms.url}/site-cache/refresh`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: await res.json() };
}

/** Runs `fn` with the cms's environment changed for the refresh (it reads it on each call). */
async function withEnv<T>(changes: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(changes).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  apply(changes);
  try {
    return await fn();
  } finally {
    apply(saved);
  }
}

beforeAll(async () => {
  site = createServer(async (req, res) => {
    const body = await readBody(req);
    received.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      event: body ? JSON.parse(body).event : undefined,
    });
    if (req.url !== '/_cache/purge') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
      return;
    }
    if (req.headers.authorization !== `Bearer ${PURGE_TOKEN}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Invalid purge token"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ purged: pagesInCache }));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  purgeUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}/_cache/purge`;
  cms = await startCms({ env: { CACHE_PURGE_TOKEN: PURGE_TOKEN, SITE_CACHE_PURGE_URL: purgeUrl } });
  panel.marketing = await createPanelUser('marketing@refresh.example.com', MARKETING_ROLE_CODE);
  panel.editor = await createPanelUser('editor@refresh.example.com', 'strapi-editor');
  panel.superAdmin = await createPanelUser('super@refresh.example.com', 'strapi-super-admin');
  // The first start writes the site's copy in every language, and each write's purge reaches the
  // site a little later: the tests below count calls, so they start once those have all arrived.
  let seen = -1;
  for (let i = 0; i < 60 && seen !== received.length; i += 1) {
    seen = received.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});
afterAll(async () => {
  await cms?.stop();
  await new Promise<void>((resolve) => site?.close(() => resolve()));
});

describe('admin panel: "Refresh the public site now"', () => {
  it('empties the site cache for marketing staff and says how many pages will be rendered again', async () => {
    received.length = 0;
    const res = await refresh(panel.marketing);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      purged: 7,
      message: 'The public site is refreshed: 7 pages will be rendered again',
    });
    expect(received).toEqual([
      { method: 'POST', url: '/_cache/purge', authorization: `Bearer ${PURGE_TOKEN}`, event: undefined },
    ]);
  });

  it('says "1 page" for a single page', async () => {
    pagesInCache = 1;
    try {
      expect((await refresh(panel.marketing)).body.message).toBe(
        'The public site is refreshed: 1 page will be rendered again',
      );
    } finally {
      pagesInCache = 7;
    }
  });

  it('is allowed to a panel super admin', async () => {
    expect((await refresh(panel.superAdmin)).status).toBe(200);
  });

  it('is refused (403) to a panel role without the permission, and the site is not called', async () => {
    received.length = 0;
    const res = await refresh(panel.editor);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/may not refresh the public site/);
    expect(received).toEqual([]);
  });

  it('is refused (401) without a panel session, and to a site account', async () => {
    expect((await refresh()).status).toBe(401);
    expect((await refresh('not-a-token')).status).toBe(401);
    const api = client(cms.url);
    const accounts = await signInAccounts(cms.strapi, api, 'refresh.example.com', { staff: 'superadmin' });
    const res = await refresh(accounts.token.staff);
    expect(res.status).toBe(401);
    expect(typeof res.body.message).toBe('string');
  });

  it('answers 503 with a clear message when the site cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const res = await withEnv({ SITE_CACHE_PURGE_URL: `http://127.0.0.1:${port}/_cache/purge` }, () =>
      refresh(panel.marketing),
    );
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(MESSAGES.unreachable);
  });

  it('answers 503 with a clear message when no purge token is set', async () => {
    received.length = 0;
    const res = await withEnv({ CACHE_PURGE_TOKEN: undefined }, () => refresh(panel.marketing));
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(MESSAGES.noToken);
    expect(received).toEqual([]);
  });

  it('answers 503 with a clear message when the site refuses the token', async () => {
    const res = await withEnv({ CACHE_PURGE_TOKEN: 'another-token-0123456789' }, () =>
      refresh(panel.marketing),
    );
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(MESSAGES.tokenRefused);
  });

  it('answers 503 with a clear message when the site takes no refreshes at that address', async () => {
    const res = await withEnv({ SITE_CACHE_PURGE_URL: purgeUrl.replace('/_cache/purge', '/elsewhere') }, () =>
      refresh(panel.marketing),
    );
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(MESSAGES.notOnSite);
  });
});

describe('the Marketing role and the refresh permission', () => {
  const role = () => cms.strapi.db.query('admin::role').findOne({ where: { code: MARKETING_ROLE_CODE } });
  const refreshGrant = async () =>
    cms.strapi.db
      .query('admin::permission')
      .findOne({ where: { role: { id: (await role()).id }, action: 'plugin::site-cache.refresh' } });
  const fieStore = () => cms.strapi.store({ type: 'core', name: 'fie' });

  it('is given once to a Marketing role made before the plugin existed, and a later removal is kept', async () => {
    // A role from before: no grant, and no record of ever having had it.
    await cms.strapi.db.query('admin::permission').delete({ where: { id: (await refreshGrant()).id } });
    await fieStore().delete({ key: 'marketing-role-plugin-grants' });
    expect((await refresh(panel.marketing)).status).toBe(403);

    await ensureMarketingPanelRole(cms.strapi);
    expect(await refreshGrant()).not.toBeNull();
    expect((await refresh(panel.marketing)).status).toBe(200);

    // A panel super admin takes it away: the next start leaves it away.
    await cms.strapi.db.query('admin::permission').delete({ where: { id: (await refreshGrant()).id } });
    await ensureMarketingPanelRole(cms.strapi);
    expect(await refreshGrant()).toBeNull();
    expect((await refresh(panel.marketing)).status).toBe(403);
  });
});

describe('the purge on a content change', () => {
  it('sends each content change to the site once', async () => {
    received.length = 0;
    const home = await cms.strapi.documents('api::home-page.home-page').findFirst({});
    await cms.strapi
      .documents('api::home-page.home-page')
      .update({ documentId: home.documentId, data: { heroTitle: 'Homes across Ghana' } });
    await cms.strapi.documents('api::home-page.home-page').publish({ documentId: home.documentId });
    await expect
      .poll(() => received.filter((r) => r.event === 'entry.publish').length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    // A listener subscribed twice would post each event twice, at the same moment.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(received.filter((r) => r.event === 'entry.publish')).toHaveLength(1);
  });
});
