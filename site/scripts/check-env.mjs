#!/usr/bin/env node
// Checks the site settings before the server starts: one clear line naming a bad setting.
import { fileURLToPath } from 'node:url';

function checkHttpUrl(env, name) {
  if (env[name] === undefined || env[name] === '') return null;
  try {
    if (['http:', 'https:'].includes(new URL(env[name]).protocol)) return null;
  } catch {
    // reported below
  }
  return `${name} must be an http or https URL (got '${env[name]}')`;
}

export function checkSiteEnv(env) {
  const badUrl =
    checkHttpUrl(env, 'CMS_URL') || checkHttpUrl(env, 'SITE_URL') || checkHttpUrl(env, 'CMS_PUBLIC_URL');
  if (badUrl) return badUrl;
  // Canonical links, sharing links and the sitemap name this address; without it they would name
  // whatever Host a request claimed, and a cached page would carry it to everyone.
  if (env.NODE_ENV === 'production' && !env.SITE_URL?.trim())
    return "SITE_URL is required in production (the site's public address, e.g. https://fiehomes.com.gh)";
  if (
    env.SITE_BEHIND_PROXY !== undefined &&
    env.SITE_BEHIND_PROXY !== '' &&
    !['true', 'false'].includes(env.SITE_BEHIND_PROXY)
  ) {
    return `SITE_BEHIND_PROXY must be true or false (got '${env.SITE_BEHIND_PROXY}')`;
  }
  if (env.PORT !== undefined && env.PORT !== '') {
    const n = Number(env.PORT);
    if (!Number.isInteger(n) || n < 0 || n > 65535)
      return `PORT must be a port number from 0 to 65535 (got '${env.PORT}')`;
  }
  if (
    env.CACHE_PURGE_TOKEN !== undefined &&
    env.CACHE_PURGE_TOKEN !== '' &&
    env.CACHE_PURGE_TOKEN.trim().length < 16
  ) {
    return 'CACHE_PURGE_TOKEN must be at least 16 characters';
  }
  // An HMAC key shared with the cms: the panel's preview links are signed with it.
  if (
    env.PREVIEW_SECRET !== undefined &&
    env.PREVIEW_SECRET !== '' &&
    env.PREVIEW_SECRET.trim().length < 32
  ) {
    return 'PREVIEW_SECRET must be at least 32 characters (the same random value as the cms)';
  }
  if (env.REDIS_URL !== undefined && env.REDIS_URL.trim() !== '') {
    let protocol = '';
    try {
      protocol = new URL(env.REDIS_URL).protocol;
    } catch {
      // reported below
    }
    if (protocol !== 'redis:' && protocol !== 'rediss:')
      return `REDIS_URL must be a redis:// or rediss:// URL (got '${env.REDIS_URL}')`;
  }
  if (env.PAGE_CACHE_SECONDS !== undefined && env.PAGE_CACHE_SECONDS !== '') {
    const n = Number(env.PAGE_CACHE_SECONDS);
    if (!Number.isInteger(n) || n < 0 || n > 3600)
      return `PAGE_CACHE_SECONDS must be a whole number from 0 to 3600 (got '${env.PAGE_CACHE_SECONDS}')`;
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
