import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The cms keeps React 18 for Strapi's admin and npm hoists it to the repo root, where the React
  // libraries the islands use (TanStack Query, react-hot-toast) would find it. As in astro.config.mjs,
  // React comes from this workspace, and those libraries are run through Vite so that applies to them.
  resolve: { dedupe: ['react', 'react-dom'] },
  test: {
    include: ['tests/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    // Browser-side tests opt in with a `// @vitest-environment jsdom` first line.
    environment: 'node',
    // Some tests start the built site and ask for its first pages: on a CI machine running the cms
    // suites and the browser tests beside them, a first render (a page rewritten to the 404 page among
    // them) has taken over 5 s, vitest's default. Speed is measured by the benchmarks, not here.
    testTimeout: 30_000,
    server: {
      deps: {
        inline: [
          '@tanstack/react-query',
          'react-hot-toast',
          'goober',
          'react-hook-form',
          '@hookform/resolvers',
        ],
      },
    },
  },
});
