// The purge bus against the real Redis (REDIS_URL, or the one on 127.0.0.1:6379 as on these
// machines and in CI): a purge broadcast by one site process is heard by every other one.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from 'redis';
import { createPurgeBus, readPurgeMessage, signPurgeMessage } from '../server/purge-bus.mjs';

const REDIS = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const buses: ReturnType<typeof createPurgeBus>[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
});

const SECRET = 'site-test-purge-token';

function bus(channel: string, redisUrl: string | null = REDIS, secret = SECRET) {
  const heard: number[] = [];
  const logged: string[] = [];
  const b = createPurgeBus({
    redisUrl: redisUrl ?? undefined,
    secret,
    channel,
    onPurge: () => heard.push(Date.now()),
    log: { error: (line: string) => logged.push(line) },
  });
  buses.push(b);
  return { bus: b, heard, logged };
}

const waitFor = async (check: () => boolean, ms = 2_000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return check();
};

describe('a cache purge across site processes', () => {
  it('reaches every other process once, not the one that sent it', async () => {
    const channel = `fie:test:purge:${Date.now()}:${Math.random()}`;
    const [a, b, c] = [bus(channel), bus(channel), bus(channel)];
    await Promise.all([a.bus.ready, b.bus.ready, c.bus.ready]);
    expect(await a.bus.broadcast()).toBe(3);
    expect(await waitFor(() => b.heard.length === 1 && c.heard.length === 1)).toBe(true);
    expect(a.heard).toHaveLength(0);
    expect(await c.bus.broadcast()).toBe(3);
    expect(await waitFor(() => a.heard.length === 1 && b.heard.length === 2)).toBe(true);
    expect(c.heard).toHaveLength(1);
  });

  it('with one process (no REDIS_URL) has no one to tell', async () => {
    const one = bus('unused', null);
    expect(one.bus.shared).toBe(false);
    expect(await one.bus.broadcast()).toBe(0);
  });

  it('with Redis away, a broadcast answers 0 at once instead of waiting or throwing', async () => {
    const away = bus(`fie:test:away:${Date.now()}`, 'redis://127.0.0.1:1');
    const started = Date.now();
    expect(await away.bus.broadcast()).toBe(0);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('ignores and logs a message not signed with the shared token: anyone on Redis cannot empty the caches', async () => {
    const channel = `fie:test:forged:${Date.now()}:${Math.random()}`;
    const site = bus(channel);
    await site.bus.ready;
    const intruder = createClient({ url: REDIS });
    await intruder.connect();
    try {
      // What the bus sent before it was signed (a bare sender id), a forged signature, another token's, an old one.
      await intruder.publish(channel, '8a0c8c52-0000-4000-8000-000000000000');
      await intruder.publish(channel, `${signPurgeMessage(SECRET, 'someone').slice(0, -4)}AAAA`);
      await intruder.publish(channel, signPurgeMessage('another-token-entirely', 'someone'));
      await intruder.publish(channel, signPurgeMessage(SECRET, 'someone', Date.now() - 5 * 60_000));
      expect(await waitFor(() => site.logged.length > 0)).toBe(true);
      await new Promise((r) => setTimeout(r, 200));
      expect(site.heard).toHaveLength(0);
      expect(site.logged[0]).toMatch(/purge bus ignored a message on .* \(unsigned\)/);
      expect(site.logged).toHaveLength(1); // one line a minute, however many arrive
      // A message signed with the token is heard, once: the same message published again is a replay.
      const good = signPurgeMessage(SECRET, 'another-process');
      await intruder.publish(channel, good);
      expect(await waitFor(() => site.heard.length === 1)).toBe(true);
      for (let i = 0; i < 3; i++) await intruder.publish(channel, good);
      await new Promise((r) => setTimeout(r, 200));
      expect(site.heard).toHaveLength(1);
    } finally {
      await intruder.quit();
    }
  });

  it('two purges in the same second are two messages (neither taken for a replay of the other)', () => {
    const t = Date.UTC(2026, 10, 25);
    expect(signPurgeMessage(SECRET, 'abc-123', t)).not.toBe(signPurgeMessage(SECRET, 'abc-123', t));
  });

  it('signs and reads messages: the sender back when good, why not otherwise', () => {
    const t = Date.UTC(2026, 10, 25);
    const message = signPurgeMessage(SECRET, 'abc-123', t);
    expect(readPurgeMessage(SECRET, message, t)).toEqual({ ok: true, sender: 'abc-123' });
    expect(readPurgeMessage(SECRET, message, t + 61_000)).toEqual({ ok: false, why: 'stale' });
    expect(readPurgeMessage('other', message, t)).toEqual({ ok: false, why: 'badly signed' });
    expect(readPurgeMessage(SECRET, 'abc-123', t)).toEqual({ ok: false, why: 'unsigned' });
  });

  it('without the shared token there is no bus (nothing to sign with)', () => {
    expect(bus('unused', REDIS, '').bus.shared).toBe(false);
  });
});
