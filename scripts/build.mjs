#!/usr/bin/env node
// `npm run build` (with --all) builds every part; without --all only what is missing or older
// than its sources (used by `npm start` and `npm test`).
import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, newestMtime, run } from './lib.mjs';

const PARTS = [
  {
    name: 'domain',
    output: 'packages/domain/dist/cjs/index.js',
    sources: ['packages/domain/src', 'packages/domain/package.json', 'packages/domain/tsconfig.build.json'],
    build: () => run('npm', ['run', 'build', '-w', '@fie/domain']),
  },
  {
    name: 'cms',
    output: 'cms/dist/build/index.html',
    // cms/src includes the local plugins (cms/src/plugins/<name>: server, admin page, manifest).
    sources: [
      'cms/src',
      'cms/config',
      'cms/package.json',
      'cms/tsconfig.json',
      'cms/scripts/check-plugins.mjs',
      'packages/domain/dist',
    ],
    // From a clean dist: Strapi's build leaves compiled files of deleted sources behind (stale routes).
    build: async () => {
      rmSync(join(ROOT, 'cms', 'dist'), { recursive: true, force: true });
      await run('npm', ['run', 'build', '-w', 'cms'], {
        env: { ...process.env, STRAPI_TELEMETRY_DISABLED: 'true', NODE_ENV: 'production' },
      });
    },
  },
  {
    name: 'site',
    output: 'site/dist/server/entry.mjs',
    sources: [
      'site/src',
      'site/public',
      'site/astro.config.mjs',
      'site/server/page-directives.mjs',
      'site/package.json',
      'packages/domain/dist',
    ],
    build: () => run('npm', ['run', 'build', '-w', 'site']),
  },
];

export async function build({ all = false, only = null } = {}) {
  for (const part of PARTS) {
    if (only && !only.includes(part.name)) continue;
    const output = join(ROOT, part.output);
    const stale =
      !existsSync(output) || newestMtime(part.sources.map((s) => join(ROOT, s))) > statSync(output).mtimeMs;
    if (!all && !stale) continue;
    const started = Date.now();
    console.log(`\n▶ building ${part.name}${all ? '' : ' (missing or out of date)'}`);
    await part.build();
    console.log(`✔ built ${part.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const all = process.argv.includes('--all');
  build({ all }).catch((error) => {
    console.error(`build failed: ${error.message}`);
    process.exit(1);
  });
}
