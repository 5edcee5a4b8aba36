#!/usr/bin/env node
// Takes full-page screenshots of site pages at phone (390 px) and desktop (1280 px) widths in
// Debian's Chromium, to look at what was built:
//   node e2e/scripts/screenshots.mjs http://127.0.0.1:4321 /tmp/shots / /properties /property/<id>
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const [base, outDir, ...paths] = process.argv.slice(2);
if (!base || !outDir || paths.length === 0) {
  console.error('usage: screenshots.mjs <base-url> <out-dir> <path>...');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});
for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
]) {
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  for (const path of paths) {
    await page.goto(new URL(path, base).href, { waitUntil: 'networkidle' });
    // Lazy images load as they come into view: scroll through once before the shot.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 60));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForTimeout(300);
    const stem = join(outDir, `${name}${path.replace(/[^a-z0-9]+/gi, '_') || '_home'}`);
    await page.screenshot({ path: `${stem}.png`, fullPage: true });
    console.log(`${stem}.png`);
    // A long page scaled to fit a screen is unreadable: also keep it in screen-sized parts.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const part = viewport.height * 2;
    for (let y = 0, i = 1; y < height; y += part, i += 1) {
      await page.screenshot({
        path: `${stem}.part${i}.png`,
        fullPage: true,
        clip: { x: 0, y, width: viewport.width, height: Math.min(part, height - y) },
      });
    }
  }
  await page.close();
}
await browser.close();
