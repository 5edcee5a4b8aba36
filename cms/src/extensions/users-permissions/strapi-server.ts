// Kept here because Strapi extends users-permissions only from this folder; the account logic it
// calls lives in the accounts plugin (cms/src/plugins/accounts).
import type { Core } from '@strapi/strapi';
import { getService as accountsService } from '../../plugins/accounts/server/src/get-service';

// The site's API contract replaces users-permissions' own sign-in, registration, password, user and
// OAuth routes (the accounts plugin serves them, Google sign-in included: /api/auth/google and its
// return): left open they would bypass e-mailed codes, throttling, role rules and the sign-in's
// binding to the browser that started it.
const KEPT_ROUTES = new Set<string>();

/** What users-permissions' jwt service's verify answers for a valid token. */
type TokenPayload = { id?: number; sessionId?: string };
interface JwtService {
  verify(token: string): Promise<TokenPayload | undefined>;
}

/** The users-permissions plugin's server part as Strapi hands it to this extension (the parts changed here). */
interface UsersPermissionsPlugin {
  routes: { 'content-api': { routes: { path: string }[] } };
  services: { jwt: (deps: { strapi: Core.Strapi }) => JwtService };
}

export default (plugin: UsersPermissionsPlugin) => {
  const contentApi = plugin.routes['content-api'];
  contentApi.routes = contentApi.routes.filter((route: { path: string }) => KEPT_ROUTES.has(route.path));

  // Access tokens are short-lived JWTs tied to a session. Stock users-permissions accepts one until
  // it expires even after its session ended; here a token is refused as soon as the accounts
  // plugin's sessions service says its session is gone, so sign-out, a password reset and revoked
  // staff rights take effect at once.
  const createJwtService = plugin.services.jwt;
  plugin.services.jwt = (deps: { strapi: Core.Strapi }) => {
    const service = createJwtService(deps);
    const verify = service.verify.bind(service);
    service.verify = async (token: string) => {
      const result = await verify(token);
      if (
        result?.sessionId &&
        !(await accountsService(deps.strapi, 'sessions').isSessionActive(result.sessionId))
      ) {
        throw new Error('Invalid token.');
      }
      return result;
    };
    return service;
  };
  return plugin;
};
