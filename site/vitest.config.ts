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
