import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@fie/domain';
import { startCms, type TestCms } from '../helpers/strapi';
import { client } from '../helpers/http';

let cms: TestCms;
let api: ReturnType<typeof client>;
const subscribers = (email: string) =>
  cms.strapi.db.query('api::subscriber.subscriber').count({ where: { email } });

beforeAll(async () => {
  cms = await startCms();
  api = client(cms.url);
});
afterAll(async () => {
  await cms?.stop();
});

describe('the footer newsletter box', () => {
  it('keeps an address once, with the page it came from, and answers the same for a repeat', async () => {
    const first = await api.post('/api/newsletter', { email: 'Kofi@Example.com', source: '/properties' });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(MESSAGES.newsletterSubscribed);
    const again = await api.post('/api/newsletter', { email: 'kofi@example.com' });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(MESSAGES.newsletterSubscribed);
    expect(await subscribers('kofi@example.com')).toBe(1);
    const row = await cms.strapi.db
      .query('api::subscriber.subscriber')
      .findOne({ where: { email: 'kofi@example.com' } });
    expect(row.source).toBe('/properties');
  });

  it('refuses what is not an e-mail address with a clear message', async () => {
    const res = await api.post('/api/newsletter', { email: 'not-an-address' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/valid email/i);
    const empty = await api.post('/api/newsletter', {});
    expect(empty.status).toBe(400);
  });

  it('limits sign-ups from one network address to 10 an hour', async () => {
    for (let i = 0; i < 8; i += 1)
      expect((await api.post('/api/newsletter', { email: `reader${i}@example.com` })).status).toBe(200);
    const over = await api.post('/api/newsletter', { email: 'one-too-many@example.com' });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await subscribers('one-too-many@example.com')).toBe(0);
  });
});
