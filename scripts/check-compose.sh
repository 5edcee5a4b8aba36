#!/usr/bin/env bash
# Validates docker-compose.yml without a Docker engine: the file must parse with throwaway secrets,
# and must refuse to render when a required secret (POSTGRES_PASSWORD) is missing.
# Installs nothing. Usage: scripts/check-compose.sh
set -euo pipefail

cd "$(dirname "$0")/.."

if ! command -v docker-compose >/dev/null 2>&1; then
  echo "docker-compose is not installed. Install the v1 client (it validates without an engine):" >&2
  echo "  sudo apt-get install -y --no-install-recommends docker-compose" >&2
  exit 1
fi

# An empty env file, so a developer's own .env neither supplies nor hides a value under test.
empty_env="$(mktemp)"
trap 'rm -f "$empty_env"' EXIT

compose() {
  env -u POSTGRES_PASSWORD -u APP_KEYS -u API_TOKEN_SALT -u ADMIN_JWT_SECRET -u TRANSFER_TOKEN_SALT \
    -u JWT_SECRET -u ENCRYPTION_KEY -u CACHE_PURGE_TOKEN -u PREVIEW_SECRET -u SITE_URL "$@"
}
secrets=(APP_KEYS=throwaway-a,throwaway-b API_TOKEN_SALT=throwaway ADMIN_JWT_SECRET=throwaway
  TRANSFER_TOKEN_SALT=throwaway JWT_SECRET=throwaway ENCRYPTION_KEY=throwaway CACHE_PURGE_TOKEN=throwaway-purge-token PREVIEW_SECRET=throwaway-preview-secret-of-32-characters
  SITE_URL=https://fiehomes.example)

if ! compose POSTGRES_PASSWORD=throwaway "${secrets[@]}" \
  docker-compose --env-file "$empty_env" -f docker-compose.yml config -q; then
  echo "FAIL: docker-compose.yml does not validate with every required value set" >&2
  exit 1
fi
echo "ok: docker-compose.yml validates with throwaway values"

if output="$(compose "${secrets[@]}" docker-compose --env-file "$empty_env" -f docker-compose.yml config -q 2>&1)"; then
  echo "FAIL: docker-compose.yml renders without POSTGRES_PASSWORD; it must refuse" >&2
  exit 1
fi
if ! grep -q 'set POSTGRES_PASSWORD' <<<"$output"; then
  echo "FAIL: without POSTGRES_PASSWORD the error does not name it:" >&2
  echo "$output" >&2
  exit 1
fi
echo "ok: without POSTGRES_PASSWORD it stops with: ${output##*: }"

no_site_url=()
for s in "${secrets[@]}"; do [[ $s == SITE_URL=* ]] || no_site_url+=("$s"); done
if output="$(compose POSTGRES_PASSWORD=throwaway "${no_site_url[@]}" docker-compose --env-file "$empty_env" -f docker-compose.yml config -q 2>&1)"; then
  echo "FAIL: docker-compose.yml renders without SITE_URL; canonical links would name a request's Host" >&2
  exit 1
fi
grep -q 'set SITE_URL' <<<"$output" || { echo "FAIL: without SITE_URL the error does not name it: $output" >&2; exit 1; }
echo "ok: without SITE_URL it stops with: ${output##*: }"

# What the rendered file publishes, and to whom: the panel and the staging mail UI (which shows every
# code) on this host only; the site to the world; the cms believing forwarded addresses from the site only.
rendered="$(compose POSTGRES_PASSWORD=throwaway "${secrets[@]}" docker-compose --env-file "$empty_env" -f docker-compose.yml --profile staging config 2>/dev/null)"
expect() {
  grep -qE -- "$1" <<<"$rendered" || { echo "FAIL: $2" >&2; exit 1; }
  echo "ok: $2"
}
expect '127\.0\.0\.1:1337:1337' 'the cms port (the admin panel) is bound to 127.0.0.1'
expect '127\.0\.0\.1:8025:8025' "Mailpit's UI is bound to 127.0.0.1"
expect 'TRUSTED_PROXIES: 172\.30\.42\.10' "the cms trusts X-Forwarded-* from the site's fixed address only"
expect 'ipv4_address: 172\.30\.42\.10' 'the site has that address'
expect 'MP_UI_AUTH' "Mailpit's UI asks for basic auth"
if grep -q 'IS_PROXIED' <<<"$rendered"; then echo "FAIL: IS_PROXIED is set (the cms no longer reads it)" >&2; exit 1; fi
