// ESLint for the whole repository: `npm run lint` from the root. Type-aware rules are left out on
// purpose: they would load every workspace's TypeScript program and make lint as slow as typecheck,
// which already runs separately.
//
// ESLint stays on 9.x: eslint-plugin-jsx-a11y does not accept 10 yet, so eslint-plugin-astro stays on 1.x.
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import fs from 'node:fs';
import path from 'node:path';

const CODE = '{ts,tsx,mts,cts,js,jsx,mjs,cjs,astro}';

const ROOT = import.meta.dirname;
const dirsIn = (dir) =>
  fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

// Import boundaries, as zones of import-x/no-restricted-paths: `target` files may not import `from`
// files, except the doors listed. The rule resolves each import to its file first, so a path that climbs
// out and back in is judged by where it lands. It sees static imports and `export … from`.
const PLUGINS = dirsIn('cms/src/plugins');
const APIS = dirsIn('cms/src/api');
const SITE_FEATURES = dirsIn('site/src/islands').filter((name) => name !== 'shared');
const boundaryZones = [
  // A plugin reaches another plugin only through that plugin's get-service.ts (its typed getService).
  ...PLUGINS.flatMap((plugin) =>
    PLUGINS.filter((other) => other !== plugin).map((other) => ({
      target: `cms/src/plugins/${plugin}`,
      from: `cms/src/plugins/${other}`,
      except: ['./server/src/get-service.ts'],
      message: `A plugin must not import another plugin's files; use ${other}'s getService (server/src/get-service.ts).`,
    })),
  ),
  // Plugins reach the content APIs' code through their services too (an API's get-service.ts).
  {
    target: 'cms/src/plugins',
    from: 'cms/src/api',
    except: APIS.filter((api) => fs.existsSync(path.join(ROOT, 'cms/src/api', api, 'get-service.ts'))).map(
      (api) => `./${api}/get-service.ts`,
    ),
    message: "A plugin must not import an API's files; use the API's getService (get-service.ts).",
  },
  // The site talks to the cms over HTTP only.
  {
    target: 'site',
    from: 'cms',
    message: 'The site must not import cms code; it talks to the cms over its HTTP API.',
  },
  // The domain package is shared by cms and site, so it must not reach into either (nor anything else).
  {
    target: 'packages/domain',
    from: '.',
    except: ['./packages/domain', './node_modules'],
    message:
      'packages/domain is imported by cms and site; it imports nothing of the repository outside itself.',
  },
  // A feature of the site's islands imports islands/shared, lib/, i18n/ (the site's languages and
  // catalogues) and @fie/domain, never another feature (nor pages, layouts or components, which import
  // islands, not the other way round).
  ...SITE_FEATURES.flatMap((feature) => [
    ...SITE_FEATURES.filter((other) => other !== feature).map((other) => ({
      target: `site/src/islands/${feature}`,
      from: `site/src/islands/${other}`,
      message: `A site feature must not import another feature; move what ${feature} and ${other} share to islands/shared.`,
    })),
    {
      target: `site/src/islands/${feature}`,
      from: 'site/src',
      except: ['./islands', './lib', './i18n', './styles'],
      message: 'Islands import islands/shared, lib/, i18n/ and @fie/domain only.',
    },
  ]),
];

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.astro/**',
      '**/.tmp/**',
      '**/.cache/**',
      '**/coverage/**',
      'cms/.strapi/**',
      'cms/types/generated/**',
      'cms/public/**',
      '.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench-results/**',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      // A warning in tests and the site; an error in the cms's own code (below).
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // The cms's own code uses Strapi's generated content-type typings (cms/scripts/generate-types.mjs)
    // instead of `any`; where Strapi's own typings are too loose (services, raw SQL) or too strict
    // (null in inputs), a narrow type or cast says why. Should one ever be unavoidable, it takes a
    // disable comment for this rule with the reason beside it. Elsewhere (tests, site) `any` stays a
    // warning.
    files: [`cms/src/**/*.${CODE}`, `cms/config/**/*.${CODE}`],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    // A local plugin's entry is CommonJS loaded by Strapi, with Strapi's global `strapi` in scope.
    files: ['cms/src/plugins/*/strapi-server.js', 'cms/src/plugins/*/strapi-admin.js'],
    languageOptions: { sourceType: 'commonjs', globals: { strapi: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The site's pages and islands run in the browser; its server-side modules also live here.
    files: [`site/src/**/*.${CODE}`, `cms/src/admin/**/*.${CODE}`, `e2e/**/*.${CODE}`],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // Strapi code logs through strapi.log (levels, request context); the domain package is pure.
    files: [`cms/src/**/*.${CODE}`, `cms/config/**/*.${CODE}`, `packages/domain/src/**/*.${CODE}`],
    ignores: [`cms/src/**/*.test.${CODE}`, `packages/domain/src/**/*.test.${CODE}`],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['site/src/islands/**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['site/src/islands/**/*.tsx'],
    rules: {
      // Islands hydrate markup rendered on the server, so state only the browser knows (location,
      // storage) is read after mount and set from an effect, to hydrate without a mismatch; the
      // client:only screens share that shape. This React Compiler rule flags exactly that pattern, and
      // the site does not use the compiler.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    files: ['site/src/islands/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    // The same plugin object eslint-plugin-astro registers, or ESLint refuses two different `jsx-a11y`s.
    plugins: { 'jsx-a11y': jsxA11y },
  },
  // Astro pages and components: the plugin's recommended rules and its jsx-a11y set for the markup.
  // That set comes without `files`; kept to .astro files, so it does not reach every other file.
  ...astro.configs['flat/recommended'],
  ...astro.configs['flat/jsx-a11y-recommended'].map((config) =>
    config.files ? config : { ...config, files: ['**/*.astro'] },
  ),

  {
    files: [`**/*.${CODE}`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.d.ts', '.js', '.mjs', '.cjs', '.astro', '.json'],
        }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: boundaryZones }] },
  },
);
