import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  // The site answers on whatever host it is deployed under (127.0.0.1 locally, the public domain
  // behind a proxy): trust the Host header, so a same-site form post passes Astro's origin check.
  // Links that must not depend on the request (canonical, sitemap) use SITE_URL instead.
  security: { checkOrigin: true, allowedDomains: [{}] },
  server: { host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 4321) },
  vite: {
    plugins: [tailwindcss()],
    // The cms workspace keeps React 18 for Strapi's admin and npm may hoist it to the repo root;
    // resolve React from this workspace and bundle the renderer so islands always get React 19.
    resolve: { dedupe: ['react', 'react-dom'] },
    // The same for the React libraries the islands render with on the server.
    ssr: { noExternal: ['@astrojs/react', 'react-hot-toast', 'goober', '@tanstack/react-query', '@tanstack/query-core', 'react-hook-form', '@hookform/resolvers'] },
  },
});
