import { defineConfig, devices } from '@playwright/test';
import { E2E } from './scripts/ports';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium';

export default defineConfig({
  testDir: './tests',
  // Generous: CI's machines are shared and have run the suite at a third of this machine's speed, where
  // the longest back-office journeys pass a minute. A test that hangs still fails.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/results.json' }],
  ],
  use: {
    baseURL: E2E.siteUrl,
    // Recording a trace costs every test about a tenth more CPU on machines the suites already fill;
    // CI keeps only the printed output, so its runs record none. Locally a failed test keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // A test tagged @phone runs only at phone width, one tagged @desktop only at desktop width.
    {
      name: 'desktop',
      testIgnore: /http-.*\.spec\.ts/,
      grepInvert: /@phone\b/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    // The admin-panel spec runs once, at desktop width (it takes its own phone-width screenshots).
    {
      name: 'phone',
      testIgnore: [/http-.*\.spec\.ts/, /marketing-panel\.spec\.ts/],
      grepInvert: /@desktop\b/,
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
    },
    // Specs that speak plain HTTP (no browser, so once rather than per screen width).
    { name: 'http', testMatch: /http-.*\.spec\.ts/ },
  ],
  webServer: [
    {
      // A real cms on a fresh SQLite file with demo data, and a real SMTP listener. Each server's
      // output is kept in test-results/servers/<name>.log (scripts/logged.mjs), the cms's with a line
      // for every request; `npm test` prints the lines around a failed test.
      command: 'node scripts/logged.mjs cms scripts/start-cms.mjs',
      url: `${E2E.cmsUrl}/_health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // The map's tiles: one PNG for every tile, so no test depends on OpenStreetMap being reachable.
      command: `node scripts/logged.mjs tiles scripts/tile-server.mjs ${E2E.tilePort}`,
      url: `http://127.0.0.1:${E2E.tilePort}/0/0/0.png`,
      timeout: 10_000,
      reuseExistingServer: false,
    },
    {
      command: 'node scripts/logged.mjs site ../site/server/main.mjs',
      url: E2E.siteUrl,
      // Generous: CI's machines are shared and have run the suite at a third of this machine's speed, where
      // the longest back-office journeys pass a minute. A test that hangs still fails.
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(E2E.sitePort),
        CMS_URL: E2E.cmsUrl,
        CACHE_PURGE_TOKEN: E2E.cachePurgeToken,
        SITE_URL: E2E.siteUrl,
        PREVIEW_SECRET: E2E.previewSecret,
        CMS_PUBLIC_URL: E2E.cmsUrl,
        MAP_TILES_URL: E2E.tilesUrl,
        MAP_ATTRIBUTION: 'Test tiles',
      },
    },
  ],
});
