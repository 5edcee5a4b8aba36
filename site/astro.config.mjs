import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { INLINE_SCRIPTS } from './src/scripts/inline/index.mjs';
import { PAGE_DIRECTIVES } from './server/page-directives.mjs';

const sha256 = (text) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

// The domain's messages module as @fie/domain's other modules import it (its ES build).
const DOMAIN_MESSAGES = path.join(
  path.dirname(
    createRequire(import.meta.url)
      .resolve('@fie/domain/i18n')
      .replace(/cjs[\\/]i18n\.js$/, 'esm/i18n.js'),
  ),
  'messages.js',
);
const PAGE_MESSAGES = '\0fie-page-messages';
const DOMAIN_ESM = path.dirname(DOMAIN_MESSAGES);
const DOMAIN_PHONE_READER = path.join(DOMAIN_ESM, 'phone-reader.js');
const LAZY_PHONE_READER = '\0fie-lazy-phone-reader';

/**
 * A Vite plugin that gives the browser another module in place of one of @fie/domain's (`target`, a
 * file of its ES build): imports of it from client code resolve to `virtualId`, whose code is `code()`.
 * The server's render, and the virtual module's own imports of the real one, keep the real module.
 */
function browserSwap(name, target, virtualId, code) {
  return {
    name,
    enforce: 'pre',
    resolveId(source, importer, options) {
      const server = options?.ssr ?? this.environment?.config?.consumer === 'server';
      if (server || !importer || importer === virtualId || !source.endsWith(path.basename(target)))
        return null;
      return path.resolve(path.dirname(importer.split('?')[0]), source) === target ? virtualId : null;
    },
    load: (id) => (id === virtualId ? code() : null),
  };
}

/**
 * In the browser, @fie/domain's MESSAGES are the page's: read from the JSON the page carries
 * (Base.astro, src/i18n/messages.ts's pageWords) rather than built into the code, so a French or
 * Spanish page's islands carry no English (their form checks, built from the domain's schemas, speak
 * the page's language). A key the page does not carry reads as the key. The server's render keeps the
 * real module. The module's functions are the real ones.
 */
function pageMessages() {
  return browserSwap(
    'fie-page-messages',
    DOMAIN_MESSAGES,
    PAGE_MESSAGES,
    () => `export { NO_VIEWING_FEES, bookingPausedMessage, clientBookingPausedMessage, appointmentMarkedAs, deleteDealConfirm } from ${JSON.stringify(DOMAIN_MESSAGES)};
let carried = {};
try {
  carried = (typeof document === 'undefined' ? null : JSON.parse(document.getElementById('fie-page-words')?.textContent || 'null'))?.messages ?? {};
} catch {
  carried = {};
}
export const MESSAGES = new Proxy(carried, {
  get: (words, key) => (typeof key === 'string' && !Object.hasOwn(words, key) ? key : words[key]),
});
`,
  );
}

/**
 * In the browser, @fie/domain reads phone numbers with the numbering plan (libphonenumber-js and
 * Ghana's metadata, some 10 KB gzip) loaded on first use, not with the page: the sign-in and sign-up
 * pages' first load stays as light as before numbers could sign in. The plan's chunk starts loading at
 * the first focus or tap on a page that has a number field, and forms wait for it (phoneCheckReady)
 * before they check; until then a number is read by its shape (phone-shape.ts). The cms, and the
 * site's server, read with the plan.
 */
function lazyPhoneReader() {
  return browserSwap(
    'fie-lazy-phone-reader',
    DOMAIN_PHONE_READER,
    LAZY_PHONE_READER,
    () => `import { readGhanaPhoneByShape } from ${JSON.stringify(path.join(DOMAIN_ESM, 'phone-shape.js'))};
let reader = null;
let loading = null;
export function phoneCheckReady() {
  loading ??= import(${JSON.stringify(DOMAIN_PHONE_READER)}).then(
    (module) => {
      reader = module;
    },
    (error) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
export function readGhanaPhone(input) {
  return reader ? reader.readGhanaPhone(input) : readGhanaPhoneByShape(input);
}
if (typeof document !== 'undefined') {
  const early = () => phoneCheckReady().catch(() => {});
  document.addEventListener('focusin', early, { once: true, passive: true });
  document.addEventListener('pointerdown', early, { once: true, passive: true });
}
`,
  );
}

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  // The host Astro builds request URLs from (and checks a form post's Origin against) is not the
  // client's: server/request-trust.mjs has already replaced Host and X-Forwarded-Host/-Proto with
  // SITE_URL's (or the listening address) before Astro runs. This config is fixed at build time
  // while SITE_URL is a run-time setting (one image, many deployments), so the domain check itself
  // is left to that server step, which the e2e spec "a poisoned Host…" holds to it.
  security: {
    checkOrigin: true,
    allowedDomains: [{}],
    // The pages' Content-Security-Policy, sent as a header on every rendered page. Astro hashes the
    // scripts and styles it emits itself (island loader, bundled and inlined scripts) at build time;
    // our own inline scripts are constants whose hashes are listed here. Nothing a page renders at
    // request time can add to the list, so an injected <script> does not run.
    // server/security-headers.mjs finishes the policy and adds the other security headers.
    csp: {
      scriptDirective: { hashes: INLINE_SCRIPTS.map(sha256) },
      directives: PAGE_DIRECTIVES,
    },
  },
  // Astro 7 strips whitespace between elements by JSX rules by default ('jsx'); keep the HTML-aware
  // compression the pages were written for, so a space between inline elements stays a space.
  compressHTML: true,
  // No page renders Markdown code blocks; Shiki's inline styles would not fit the CSP anyway.
  markdown: { syntaxHighlight: false },
  server: { host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 4321) },
  vite: {
    plugins: [tailwindcss(), pageMessages(), lazyPhoneReader()],
    build: {
      // Leaflet's stylesheet names its layer switcher's and default marker's PNGs, which Vite would
      // inline (as base64, 3.4 KB gzip) into the maps' lazily loaded code. No map of ours shows them
      // (our markers are our own); kept as files, they cost nothing unless shown.
      assetsInlineLimit: (file) => (/[\\/]leaflet[\\/]dist[\\/]images[\\/]/.test(file) ? false : undefined),
    },
    // The cms workspace keeps React 18 for Strapi's admin and npm may hoist it to the repo root;
    // resolve React from this workspace and bundle the renderer so islands always get React 19.
    resolve: { dedupe: ['react', 'react-dom'] },
    // The same for the React libraries the islands render with on the server.
    ssr: {
      noExternal: [
        '@astrojs/react',
        'react-hot-toast',
        'goober',
        '@tanstack/react-query',
        '@tanstack/query-core',
        'react-hook-form',
        '@hookform/resolvers',
      ],
    },
  },
});
