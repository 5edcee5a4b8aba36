import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'scripts/**/*.test.ts', 'src/**/*.test.ts'],
    // Strapi keeps global state: one booted instance per test file, each in its own thread.
    pool: 'threads',
    poolOptions: { threads: { maxThreads: 2, minThreads: 1 } },
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
