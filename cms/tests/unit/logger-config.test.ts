import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { winston } from '@strapi/logger';

// The cms's logger configuration (config/logger.ts), built into a winston logger the way Strapi
// does, writing to a stream we can read.
async function loggerAt(level: string | undefined) {
  vi.resetModules();
  if (level === undefined) delete process.env.LOG_LEVEL;
  else process.env.LOG_LEVEL = level;
  const config = (await import('../../config/logger')).default;
  const lines: string[] = [];
  const sink = new Writable({
    objectMode: true,
    write(info, _enc, done) {
      lines.push(`${info.level}: ${info.message}`);
      done();
    },
  });
  const logger = winston.createLogger({
    ...config,
    levels: winston.config.npm.levels,
    transports: [new winston.transports.Stream({ stream: sink })],
  });
  return { logger, lines, format: config.format };
}

const saved = process.env.LOG_LEVEL;
afterEach(() => {
  if (saved === undefined) delete process.env.LOG_LEVEL;
  else process.env.LOG_LEVEL = saved;
});

describe('cms logger configuration', () => {
  it('at warn, drops request (http) and info lines before formatting them and keeps warnings and errors', async () => {
    const { logger, lines, format } = await loggerAt('warn');
    logger.http('GET /api/products (3 ms) 200');
    logger.info('started');
    logger.warn('slow start');
    logger.error('broken');
    await new Promise((r) => setImmediate(r));
    // eslint-disable-next-line no-control-regex -- strips the ANSI colour codes (ESC [ … m) the logger adds
    expect(lines.map((l) => l.replace(/\u001b\[[0-9;]*m/g, ''))).toEqual([
      expect.stringMatching(/^warn: .*slow start/),
      expect.stringMatching(/^error: .*broken/),
    ]);
    // The whole format (timestamp, pretty print) stops at the first step for a line below the level.
    const info = (level: string) => ({ level, [Symbol.for('level')]: level, message: 'x' }) as never;
    expect(format.transform(info('http'))).toBe(false);
    expect(format.transform(info('warn'))).toMatchObject({ message: expect.stringContaining('x') });
  });

  it('by default (http), keeps the request lines', async () => {
    const { logger, lines } = await loggerAt(undefined);
    logger.http('GET /api/products (3 ms) 200');
    logger.verbose('detail');
    await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('GET /api/products (3 ms) 200');
  });
});
