import type { ParameterizedContext } from 'koa';
import type { Role, User } from './account';

/**
 * The Koa context Strapi hands to controllers, policies and middlewares. Its `state` is Koa's
 * default (untyped); routes behind the signed-in policy read it as SignedInContext instead.
 * `ctx.params` and Strapi's other additions come through Koa's DefaultContext.
 */
export type Context = ParameterizedContext;

/** What the accounts plugin's `signed-in` policy leaves in ctx.state. */
export interface SignedInState {
  user: User;
  role: Role;
  session?: { id: string };
}

/** The context of a route behind `plugin::accounts.signed-in`. */
export type SignedInContext = ParameterizedContext<SignedInState>;
