// Whose render this is, for the cms: the site's own reads of the cms (a listing page's search among
// them) come from the site's address, so on their own every visitor would count as one, and the
// cms's per-visitor limits (its search gate shares uncached searches between visitors' networks)
// could not tell a flood from the crowd. Each render carries the visitor's address, as the site
// already believes it (server/request-trust.mjs), in the X-Forwarded-For that the cms trusts from
// the site alone (its TRUSTED_PROXIES).
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<string>();

/** Runs `render` on behalf of the visitor at `address`. */
export function withVisitor<T>(address: string | undefined, render: () => T): T {
  return address ? scope.run(address, render) : render();
}

/** The header that names the visitor of the render under way to the cms (none outside a render). */
export function visitorHeaders(): Record<string, string> {
  const address = scope.getStore();
  return address ? { 'x-forwarded-for': address } : {};
}
