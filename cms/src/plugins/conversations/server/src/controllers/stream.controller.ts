import { PassThrough } from 'node:stream';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { Context, SignedInContext } from '../../../../../shared/context';
import { httpError } from '../../../../../shared/errors';
import { getService } from '../get-service';
import { isStreamKey } from '../stream-key';

/** `?after=`: an event number (0 or more), or nothing for "from now on". */
function afterParam(value: unknown): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value))
    throw new errors.ValidationError('after must be an event number (0 or more)');
  return Number(value);
}

function requireKey(ctx: Context) {
  if (!isStreamKey(ctx.get('x-fie-stream-key'))) throw httpError(403, 'This stream is for the site only.');
}

/** How often a quiet stream says it is alive, so proxies keep it open and a dead peer is noticed. */
const HEARTBEAT_MS = 20_000;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const events = () => getService(strapi, 'events');
  return {
    /** Who the signed-in caller is, for the site's stream of their events: their account number and side. */
    async identity(ctx: SignedInContext) {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        user: Number(ctx.state.user.id),
        staff: ctx.state.role === 'admin' || ctx.state.role === 'superadmin',
      };
    },

    /** The site's events after `after` for one seeker (`seeker`) or for staff (none): a browser's reconnect. */
    async replay(ctx: Context) {
      requireKey(ctx);
      const after = afterParam(ctx.query.after) ?? 0;
      const seeker = ctx.query.seeker === undefined ? undefined : afterParam(ctx.query.seeker);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await events().since(after, seeker);
    },

    /**
     * Every event after `after` (or from now on), then each as it is committed, as Server-Sent Events
     * with their numbers as ids, for as long as the site holds the connection.
     */
    async stream(ctx: Context) {
      requireKey(ctx);
      const after = afterParam(ctx.query.after) ?? (await events().newest());
      ctx.req.socket.setTimeout(0);
      ctx.req.socket.setNoDelay(true);
      ctx.req.socket.setKeepAlive(true);
      ctx.set({
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-store',
        'X-Accel-Buffering': 'no',
      });
      ctx.status = 200;
      const out = new PassThrough();
      ctx.body = out;
      out.write(`: from ${after}\n\n`);
      const beat = setInterval(() => out.write(': beat\n\n'), HEARTBEAT_MS);
      let unsubscribe = () => {};
      const end = () => {
        clearInterval(beat);
        unsubscribe();
        out.end();
      };
      unsubscribe = await events().follow(
        after,
        (event) => out.write(`id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`),
        end,
      );
      ctx.req.on('close', end);
      out.on('error', end);
    },
  };
};
