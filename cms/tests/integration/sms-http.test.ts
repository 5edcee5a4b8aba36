// The HTTP provider adapter (SMS_HTTP_URL), for aggregators that offer only HTTP: each text is posted
// as JSON to a real local HTTP listener standing in for the provider, with the token, and the
// provider's id is kept; a provider that fails is tried again, with the same reference.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, client } from '../helpers/http';
import { mailSettled, startCms, type TestCms } from '../helpers/strapi';

interface Posted {
  authorization: string | undefined;
  contentType: string | undefined;
  body: { from: string; to: string; text: string; reference: string };
}

let cms: TestCms;
let provider: Server;
let api: ReturnType<typeof client>;
const posted: Posted[] = [];
// The provider's answers, one per post, in order; 200 with an id once they run out.
const failures: number[] = [];

beforeAll(async () => {
  provider = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      posted.push({
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body: JSON.parse(raw),
      });
      const status = failures.shift();
      if (status) {
        res.writeHead(status, { 'content-type': 'application/json' }).end('{"error":"busy"}');
        return;
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: `prov-${posted.length}` }));
    });
  });
  await new Promise<void>((ready) => provider.listen(0, '127.0.0.1', ready));
  const address = provider.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  cms = await startCms({
    env: {
      SMS_ENABLED: 'true',
      SMS_HTTP_URL: `http://127.0.0.1:${port}/send`,
      SMS_HTTP_TOKEN: 'provider-token-123',
      SMS_SENDER: 'FieHomes',
      OUTBOX_POLL_MS: '200',
    },
  });
  api = client(cms.url);
});
afterAll(async () => {
  await cms?.stop();
  await new Promise((done) => provider?.close(done));
});

describe('texts through an HTTP provider', () => {
  it('posts each text as JSON with the token, and keeps the provider id', async () => {
    const phone = '+233244000111';
    expect((await api.post('/api/signup', { phone, password: 'GoodPass123' })).status).toBe(201);
    await mailSettled(cms);
    expect(posted).toHaveLength(1);
    const [sent] = posted;
    expect(sent!.authorization).toBe('Bearer provider-token-123');
    expect(sent!.contentType).toBe('application/json');
    expect(sent!.body).toMatchObject({ from: 'FieHomes', to: phone, reference: expect.any(String) });
    expect(sent!.body.text).toMatch(/sign-up code is \d{4}/);
    const row = await cms.strapi.db
      .query('plugin::platform.outbox-message')
      .findOne({ where: { toAddress: phone, channel: 'sms' } });
    expect(row).toMatchObject({ providerMessageId: 'prov-1', messageId: sent!.body.reference });
    // The code works: the text carried it.
    const verified = await api.post('/api/otp/verify', { phone, userOtp: codeIn(sent!.body.text) });
    expect(verified.status).toBe(200);
  });

  it('tries a failed text again with the same reference', async () => {
    posted.length = 0;
    failures.push(503);
    const phone = '+233244000222';
    expect((await api.post('/api/signup', { phone, password: 'GoodPass123' })).status).toBe(201);
    // The first try fails; the retry comes after the outbox's back-off (5 s).
    await expect.poll(() => posted.length, { timeout: 20_000, interval: 200 }).toBe(2);
    expect(posted[1]!.body.reference).toBe(posted[0]!.body.reference);
    expect(posted[1]!.body.text).toBe(posted[0]!.body.text);
    await mailSettled(cms);
    const row = await cms.strapi.db
      .query('plugin::platform.outbox-message')
      .findOne({ where: { toAddress: phone, channel: 'sms' } });
    expect(row).toMatchObject({ attempts: 2, providerMessageId: 'prov-2', lastError: null });
    expect(row.sentAt).not.toBeNull();
  }, 30_000);
});
