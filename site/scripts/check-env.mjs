#!/usr/bin/env node
// Checks the site settings before the server starts: one clear line naming a bad setting.
import { fileURLToPath } from 'node:url';

export function checkSiteEnv(env) {
  if (env.CMS_URL !== undefined && env.CMS_URL !== '') {
    try {
      const url = new URL(env.CMS_URL);
      if (!['http:', 'https:'].includes(url.protocol)) throw new Error();
    } catch {
      return `CMS_URL must be an http or https URL (got '${env.CMS_URL}')`;
    }
  }
  if (env.SITE_URL !== undefined && env.SITE_URL !== '') {
    try {
      const url = new URL(env.SITE_URL);
      if (!['http:', 'https:'].includes(url.protocol)) throw new Error();
    } catch {
      return `SITE_URL must be an http or https URL (got '${env.SITE_URL}')`;
    }
  }
  if (env.PORT !== undefined && env.PORT !== '') {
    const n = Number(env.PORT);
    if (!Number.isInteger(n) || n < 0 || n > 65535) return `PORT must be a port number from 0 to 65535 (got '${env.PORT}')`;
  }
  if (env.CACHE_PURGE_TOKEN !== undefined && env.CACHE_PURGE_TOKEN !== '' && env.CACHE_PURGE_TOKEN.trim().length < 16) {
    return 'CACHE_PURGE_TOKEN must be at least 16 characters';
  }
  if (env.PAGE_CACHE_SECONDS !== undefined && env.PAGE_CACHE_SECONDS !== '') {
    const n = Number(env.PAGE_CACHE_SECONDS);
    if (!Number.isInteger(n) || n < 0 || n > 3600) return `PAGE_CACHE_SECONDS must be a whole number from 0 to 3600 (got '${env.PAGE_CACHE_SECONDS}')`;
  }
  return null;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problem = checkSiteEnv(process.env);
  if (problem) {
    console.error(`site: configuration error: ${problem}`);
    process.exit(1);
  }
}
