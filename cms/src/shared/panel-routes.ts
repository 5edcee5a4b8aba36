import type { Core } from '@strapi/strapi';
import type { Context } from './context';

type RouteMiddleware = (ctx: Context, next: () => Promise<void>) => Promise<unknown>;

/**
 * Puts `middleware` first on one of the admin panel's own routes (POST /admin/login, …), in
 * register, before the admin's routes are mounted. The route objects belong to Strapi's admin
 * module, shared by every start in one process (the tests restart the cms in-process): the
 * middleware an earlier start put there under the same `tag` is replaced, never stacked, or it would
 * answer with the earlier start's closed database.
 */
export function guardPanelRoute(
  strapi: Core.Strapi,
  route: { method: string; path: string },
  tag: symbol,
  middleware: RouteMiddleware,
): void {
  const routes: Core.Route[] = strapi.admin?.routes?.admin?.routes ?? [];
  const found = routes.find((r) => r.method === route.method && r.path === route.path);
  if (!found)
    throw new Error(`admin panel route ${route.method} ${route.path} not found: its guard cannot be applied`);
  const others = (found.config?.middlewares ?? []).filter((m) => !(typeof m === 'function' && tag in m));
  found.config = { ...found.config, middlewares: [Object.assign(middleware, { [tag]: true }), ...others] };
}
