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

const CODE = '{ts,tsx,mts,cts,js,jsx,mjs,cjs,astro}';

// Deep enough for the cms layout (plugins/<name>/server/src/content-types/<type>/schema.ts is 5);
// files deeper than this are not checked for boundaries.
const MAX_DEPTH = 10;

// One config per folder depth below `root`, because a relative import can only be judged by how many
// `../` it takes to leave `root` from where the importing file sits. `patternsAt(d)` gets the depth d
// of a file (1 = directly in root) and returns no-restricted-imports patterns for it.
function importBoundary(root, patternsAt) {
  return Array.from({ length: MAX_DEPTH }, (_, i) => {
    const depth = i + 1;
    return {
      files: [`${root}/${'*/'.repeat(depth - 1)}*.${CODE}`],
      rules: { 'no-restricted-imports': ['error', { patterns: patternsAt(depth) }] },
    };
  });
}

const up = (times) => `(\\.\\./){${times}}`;

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

  // Import boundaries (issue 12). no-restricted-imports sees static `import` and `export … from`, not
  // `require()` or `import()`; the code here uses static imports.
  // 1. The domain package is shared by cms and site, so it must not reach into either, nor out of itself.
  ...importBoundary('packages/domain', (depth) => [
    {
      // Anchored regexes, not gitignore-style groups: a group `cms` would match any path segment.
      regex: '^(cms|site)(/|$)',
      message: 'packages/domain is imported by cms and site; it must not import them.',
    },
    {
      regex: `^${up(depth)}`,
      message: 'packages/domain must not import files outside its own package (cms and site included).',
    },
  ]),
  // 2. A cms plugin reaches another plugin only through strapi.plugin(name).service(...): a relative
  //    path that climbs exactly to cms/src/plugins/ and goes down again names another plugin's file.
  //    (Climbing back into its own plugin that way is flagged too; use a path that stays inside.)
  ...importBoundary('cms/src/plugins/*', (depth) => [
    {
      regex: `^${up(depth)}(?!\\.\\.?(/|$))`,
      message:
        "A plugin must not import another plugin's files; call strapi.plugin(name).service(...) instead.",
    },
  ]),
  // 3. The site talks to the cms over HTTP only.
  ...importBoundary('site/src', (depth) => [
    {
      regex: `^(${up(depth + 1)})?cms(/|$)`,
      message: 'The site must not import cms code; it talks to the cms over its HTTP API.',
    },
  ]),
);
