#!/usr/bin/env node
// Our own Strapi plugins live in src/plugins/<name>. Strapi skips a local plugin without a word when
// config/plugins.ts does not declare it with `enabled: true`, or when its server entry is missing or
// is not JavaScript; so `npm run build -w cms` (and `npm run typecheck`) runs this first, and any
// such plugin stops the build with a line naming it. What it does not do itself: the plugin's server
// (server/src, TypeScript) is compiled by the cms's own tsc inside `strapi build`, which stops on a
// type error, and its admin page is bundled by Strapi's admin build from the entry the plugin's
// package.json names in exports['./strapi-admin']; this script type-checks that admin code first.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const CMS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Folder names under src/plugins: one plugin each. */
export function pluginFolders(cmsDir = CMS_DIR) {
  const root = join(cmsDir, 'src', 'plugins');
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * config/plugins.ts evaluated the way Strapi does (TypeScript compiled away, then called with `env`).
 * A relative import of it (a helper under src/) is compiled and evaluated the same way.
 */
export function declaredPlugins(cmsDir = CMS_DIR) {
  const packageRequire = createRequire(join(cmsDir, 'package.json'));
  const ts = packageRequire('typescript');
  const { env } = packageRequire('@strapi/utils');
  const evaluate = (file) => {
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    });
    const module = { exports: {} };
    const require = (specifier) =>
      specifier.startsWith('.')
        ? evaluate(`${resolve(dirname(file), specifier)}.ts`)
        : packageRequire(specifier);
    new Function('module', 'exports', 'require', outputText)(module, module.exports, require);
    return module.exports;
  };
  const exported = evaluate(join(cmsDir, 'config', 'plugins.ts'));
  const config = exported.default ?? exported;
  return typeof config === 'function' ? config({ env }) : config;
}

/** What would make Strapi skip or fail each plugin, as lines "plugin <name>: <problem>". */
export function pluginProblems(cmsDir = CMS_DIR, declared = declaredPlugins(cmsDir)) {
  const problems = [];
  for (const name of pluginFolders(cmsDir)) {
    const dir = join(cmsDir, 'src', 'plugins', name);
    const say = (text) => problems.push(`plugin ${name}: ${text}`);
    const manifestFile = join(dir, 'package.json');
    if (!existsSync(manifestFile)) {
      say('no package.json (Strapi needs one with strapi.kind "plugin")');
      continue;
    }
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    if (manifest.strapi?.kind !== 'plugin' || manifest.strapi?.name !== name) {
      say(`package.json must say "strapi": { "kind": "plugin", "name": "${name}" }`);
    }
    if (
      manifest.exports?.['./strapi-server'] !== './strapi-server.js' ||
      !existsSync(join(dir, 'strapi-server.js'))
    ) {
      say(
        'needs strapi-server.js, exported as "./strapi-server" (without it Strapi skips the plugin silently)',
      );
    }
    if (!existsSync(join(dir, 'server', 'src', 'index.ts')))
      say('no server/src/index.ts for the cms tsc to compile');
    const adminEntry = manifest.exports?.['./strapi-admin']?.import;
    if (adminEntry && !existsSync(join(dir, adminEntry))) say(`its admin entry ${adminEntry} does not exist`);
    const declaration = declared?.[name];
    if (!declaration || declaration.enabled !== true) {
      say(
        `config/plugins.ts must declare it: '${name}': { enabled: true, resolve: './src/plugins/${name}' }`,
      );
    } else if (resolve(cmsDir, declaration.resolve ?? '') !== dir) {
      say(`config/plugins.ts resolves it to ${declaration.resolve}, not ./src/plugins/${name}`);
    }
  }
  for (const [name, declaration] of Object.entries(declared ?? {})) {
    const path = typeof declaration === 'object' && declaration?.resolve;
    if (path && !existsSync(resolve(cmsDir, path)))
      problems.push(`plugin ${name}: config/plugins.ts resolves it to ${path}, which does not exist`);
  }
  return problems;
}

/** Type-checks each plugin's admin code (Strapi's admin bundler strips types without checking them). */
function typecheckAdmin(cmsDir, name) {
  const tsconfig = join(cmsDir, 'src', 'plugins', name, 'admin', 'tsconfig.json');
  if (!existsSync(tsconfig)) return true;
  const tsc = createRequire(join(cmsDir, 'package.json')).resolve('typescript/bin/tsc');
  return spawnSync(process.execPath, [tsc, '-p', tsconfig], { stdio: 'inherit', cwd: cmsDir }).status === 0;
}

function main() {
  const problems = pluginProblems();
  for (const name of pluginFolders()) {
    if (!typecheckAdmin(CMS_DIR, name))
      problems.push(`plugin ${name}: its admin code does not type-check (errors above)`);
  }
  if (problems.length > 0) {
    for (const problem of problems) console.error(`cms: ${problem}`);
    process.exit(1);
  }
  console.log(`cms: plugins checked: ${pluginFolders().join(', ') || 'none'}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
