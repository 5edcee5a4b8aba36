// The purge bus against the real Redis (REDIS_URL, or the one on 127.0.0.1:6379 as on these
// machines and in CI): a purge broadcast by one site process is heard by every other one.
import { afterEach, describe, expect, it } from 'vitest';
import { createPurgeBus } from '../server/purge-bus.mjs';

const REDIS = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const buses: ReturnType<typeof createPurgeBus>[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
});

function bus(channel: string, redisUrl: string | null = REDIS) {
  const heard: number[] = [];
  const b = createPurgeBus({ redisUrl: redisUrl ?? undefined, channel, onPurge: () => heard.push(Date.now()), log: { error: () => {} } });
  buses.push(b);
  return { bus: b, heard };
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
});
