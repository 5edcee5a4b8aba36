import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { declaredPlugins, pluginFolders, pluginProblems } from '../../scripts/check-plugins.mjs';

// A cms folder holding one plugin, with only the files a test gives it.
const fixtures: string[] = [];
function cmsWithPlugin(name: string, files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fie-plugins-'));
  fixtures.push(dir);
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(dir, 'src', 'plugins', name, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return dir;
}
afterEach(() => {
  for (const dir of fixtures.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const goodManifest = (name: string) =>
  JSON.stringify({
    name,
    strapi: { kind: 'plugin', name },
    exports: { './strapi-server': './strapi-server.js' },
  });

describe('local plugins (cms/src/plugins)', () => {
  it('every plugin folder is declared, enabled and complete', () => {
    expect(pluginFolders()).toContain('site-cache');
    expect(declaredPlugins()['site-cache']).toMatchObject({
      enabled: true,
      resolve: './src/plugins/site-cache',
    });
    expect(pluginProblems()).toEqual([]);
  });

  it('reports a plugin that Strapi would skip silently: no strapi-server.js', () => {
    const dir = cmsWithPlugin('quotes', {
      'package.json': goodManifest('quotes'),
      'server/src/index.ts': 'export default {};',
    });
    expect(pluginProblems(dir, { quotes: { enabled: true, resolve: './src/plugins/quotes' } })).toEqual([
      'plugin quotes: needs strapi-server.js, exported as "./strapi-server" (without it Strapi skips the plugin silently)',
    ]);
  });

  it('reports a plugin that config/plugins.ts does not enable, or resolves elsewhere', () => {
    const dir = cmsWithPlugin('quotes', {
      'package.json': goodManifest('quotes'),
      'strapi-server.js': '',
      'server/src/index.ts': '',
    });
    expect(pluginProblems(dir, {})).toEqual([
      `plugin quotes: config/plugins.ts must declare it: 'quotes': { enabled: true, resolve: './src/plugins/quotes' }`,
    ]);
    expect(pluginProblems(dir, { quotes: { resolve: './src/plugins/quotes' } })).toHaveLength(1);
    expect(pluginProblems(dir, { quotes: { enabled: true, resolve: './src/quotes' } })).toEqual([
      'plugin quotes: config/plugins.ts resolves it to ./src/quotes, not ./src/plugins/quotes',
      'plugin quotes: config/plugins.ts resolves it to ./src/quotes, which does not exist',
    ]);
  });

  it('reports a missing server entry, a wrong manifest and a missing admin entry', () => {
    const manifest = {
      name: 'quotes',
      strapi: { kind: 'plugin', name: 'other' },
      exports: {
        './strapi-server': './strapi-server.js',
        './strapi-admin': { import: './admin/src/index.ts' },
      },
    };
    const dir = cmsWithPlugin('quotes', { 'package.json': JSON.stringify(manifest), 'strapi-server.js': '' });
    expect(pluginProblems(dir, { quotes: { enabled: true, resolve: './src/plugins/quotes' } })).toEqual([
      'plugin quotes: package.json must say "strapi": { "kind": "plugin", "name": "quotes" }',
      'plugin quotes: no server/src/index.ts for the cms tsc to compile',
      'plugin quotes: its admin entry ./admin/src/index.ts does not exist',
    ]);
  });
});
