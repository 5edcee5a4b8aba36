#!/usr/bin/env node
// Strapi's typings of our content types and components: types/generated/contentTypes.d.ts and
// components.d.ts, which tsconfig.json includes so that strapi.documents('api::property.property'),
// Data.ContentType<...> and the like know every field. They are made from the schemas, so they are
// generated rather than committed (types/generated is git-ignored): `npm run build`, `build:server`
// and `typecheck` run this first, on a clean clone as in CI. No database and no secrets are needed.
//
// It does what `strapi ts:generate-types` does (compile the app, load its content types by running
// the `register` phase, write the typings), with two differences: the app is compiled into a
// temporary folder, so a typecheck never rewrites the build in dist/; and a failed generation stops
// with an error, where the CLI only logs it and exits 0, leaving stale typings behind.
import { existsSync, mkdirSync, mkdtempSync, rmdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const CMS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(CMS_DIR, 'types', 'generated');
const ARTIFACTS = ['contentTypes', 'components'];

async function main() {
  const started = Date.now();
  const require = createRequire(join(CMS_DIR, 'package.json'));
  const tsUtils = require('@strapi/typescript-utils');
  const { createStrapi } = require('@strapi/strapi');

  // Typings of an earlier run go first, so a run that writes none cannot leave them looking current.
  for (const name of ARTIFACTS) rmSync(join(OUT_DIR, `${name}.d.ts`), { force: true });
  // Inside the cms (git-ignored .cache), so the compiled code finds the cms's node_modules.
  mkdirSync(join(CMS_DIR, '.cache'), { recursive: true });
  const distDir = mkdtempSync(join(CMS_DIR, '.cache', 'generate-types-'));
  try {
    // Type errors are not this step's business (tsc reports them next, with these typings in place);
    // the compiled JavaScript is only needed to register the content types.
    await tsUtils.compile(CMS_DIR, {
      configOptions: {
        ignoreDiagnostics: true,
        options: { outDir: distDir, incremental: false, tsBuildInfoFile: join(distDir, '.tsbuildinfo') },
      },
    });
    // Only problems are worth a line here, not Strapi's start-up and shut-down messages.
    process.env.LOG_LEVEL ??= 'warn';
    const app = await createStrapi({ appDir: CMS_DIR, distDir }).register();
    try {
      const reports = await tsUtils.generators.generate({
        strapi: app,
        pwd: CMS_DIR,
        logger: { silent: true },
        artifacts: Object.fromEntries(ARTIFACTS.map((name) => [name, true])),
      });
      const missing = ARTIFACTS.filter((name) => !reports[name]);
      if (missing.length > 0) throw new Error(`no typings were generated for: ${missing.join(', ')}`);
    } finally {
      await app.destroy();
    }
  } finally {
    rmSync(distDir, { recursive: true, force: true });
    // config/database.ts, run from there, names its SQLite folder one level up: .cache/.tmp (empty).
    try {
      rmdirSync(join(CMS_DIR, '.cache', '.tmp'));
    } catch {
      // not there, or not empty: left alone
    }
  }

  for (const name of ARTIFACTS) {
    const file = join(OUT_DIR, `${name}.d.ts`);
    if (!existsSync(file)) throw new Error(`${relative(CMS_DIR, file)} was not written`);
  }
  console.log(
    `Strapi typings generated in ${relative(process.cwd(), OUT_DIR) || '.'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}

main().then(
  // Strapi leaves timers behind after destroy(); the work is done.
  () => process.exit(0),
  (error) => {
    console.error(`generate-types: ${error?.stack ?? error}`);
    process.exit(1);
  },
);
