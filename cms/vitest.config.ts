import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'scripts/**/*.test.ts', 'src/**/*.test.ts'],
    // Several cms processes on one database, and a standby of the database server: PostgreSQL only (a
    // SQLite file belongs to one process).
    exclude: [
      '**/node_modules/**',
      ...(process.env.DATABASE_URL?.startsWith('postgres')
        ? []
        : [
            'tests/integration/cluster.test.ts',
            'tests/integration/*-cluster.test.ts',
            'tests/integration/listing-replica.test.ts',
            'tests/integration/listing-equivalence-replica.test.ts',
          ]),
    ],
    // Removes the run's template database (tests/helpers/strapi.ts) when it ends.
    globalSetup: ['tests/global-setup.ts'],
    // Strapi keeps global state: one booted instance per test file, each in its own thread.
    pool: 'threads',
    // Vitest 4 dropped poolOptions (and a minimum): at most two files at once on these 2-core machines.
    maxWorkers: 2,
    // Two minutes: CI runs these files beside the browser tests on the same two cores, where a test
    // that takes 15 s alone (a backup restored into a second cms) has been seen to pass 60 s.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
