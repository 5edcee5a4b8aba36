import type { Core } from '@strapi/strapi';
import { getService } from '../get-service';

/**
 * Tells an account's owner that a lock was set on it. Sent without waiting, so an answer does not
 * take longer for an address that has an account than for one that has none.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const accountMail = () => getService(strapi, 'account-mail');

  function tellOwner(email: string, what: string, send: () => Promise<void>) {
    void (async () => {
      const user = await strapi.db
        .query('plugin::users-permissions.user')
        .findOne({ where: { email }, select: ['id', 'blocked'] });
      if (!user || user.blocked) return;
      await send();
    })().catch((error) =>
      strapi.log.error(`[fie] could not send a ${what} notice: ${(error as Error).message}`),
    );
  }

  return {
    signInLocked(email: string, until: Date): void {
      tellOwner(email, 'sign-in lock', () => accountMail().signInLocked(email, until));
    },
    codesLocked(email: string, purpose: 'register' | 'reset', until: Date): void {
      tellOwner(email, 'code lock', () => accountMail().codesLocked(email, purpose, until));
    },
  };
};
