import type { Core } from '@strapi/strapi';
import { relationDocumentId } from '../../../../shared/relation-input';
import { APPOINTMENT_UID } from './slot-key';

const USER_UID = 'plugin::users-permissions.user';

/**
 * Staff search viewings by the client's e-mail through a lower-cased copy on the viewing: one
 * indexed column beside the property label, instead of a join through every matching account. At
 * 50,000 viewings a search like "client1" matched 2,600 accounts holding 23,000 viewings, and the
 * join cost 25 ms for the page and as much again for the count (docs/benchmarks.md).
 *
 * Every appointment write that sets the client (booking, the admin panel, the seeder) sets the copy;
 * an account whose e-mail changes has its viewings' copies changed with it.
 */
export function registerClientEmailCopy(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const action = context.action as string;
    if (context.uid !== APPOINTMENT_UID || (action !== 'create' && action !== 'update')) return next();
    const data = (context.params as { data?: Record<string, unknown> }).data;
    const client = data ? relationDocumentId(data.user) : undefined;
    if (data && client !== undefined) {
      const user: { email?: string | null } | null = client
        ? await strapi.db.query(USER_UID).findOne({ where: { documentId: client }, select: ['email'] })
        : null;
      data.clientEmail = user?.email ? user.email.toLowerCase() : null;
    }
    return next();
  });
}

/** An account's new e-mail reaches its viewings' copies (bootstrap: the database is ready then). */
export function subscribeClientEmailChanges(strapi: Core.Strapi): void {
  strapi.db.lifecycles.subscribe({
    models: [USER_UID],
    async afterUpdate(event) {
      const email = (event.params as { data?: { email?: unknown } }).data?.email;
      const id = (event.result as { id?: number } | undefined)?.id;
      if (typeof email !== 'string' || !id) return;
      await strapi.db.connection.raw(
        'update appointments set client_email = ? where id in (select appointment_id from appointments_user_lnk where user_id = ?)',
        [email.toLowerCase(), id],
      );
    },
  });
}

/** Viewings written before the copy existed (or by hand) get it: a no-op once every copy is there. */
export async function backfillClientEmails(strapi: Core.Strapi): Promise<void> {
  await strapi.db.connection.raw(
    `update appointments set client_email = (
       select lower(u.email) from appointments_user_lnk ul join up_users u on u.id = ul.user_id where ul.appointment_id = appointments.id limit 1
     )
     where client_email is null and exists (
       select 1 from appointments_user_lnk ul join up_users u on u.id = ul.user_id where ul.appointment_id = appointments.id and u.email is not null
     )`,
  );
}
