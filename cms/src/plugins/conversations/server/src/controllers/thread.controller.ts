import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  threadAssignSchema,
  threadMessageSchema,
  threadReviewSchema,
  THREAD_KINDS,
  type ThreadKind,
} from '@fie/domain';
import { parseInput, requireJsonBody } from '../../../../../shared/validate';
import { pageParams } from '../../../../../shared/paging';
import type { SignedInContext } from '../../../../../shared/context';
import type { Account } from '../../../../../shared/account';
import { getService } from '../get-service';

const account = (ctx: SignedInContext): Account => ({ user: ctx.state.user, role: ctx.state.role });

/** `?before=` of a thread page: a message number, or nothing. */
function beforeParam(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1)
    throw new errors.ValidationError('before must be a message number (1 or more)');
  return n;
}

function kindParam(value: unknown): ThreadKind {
  if (typeof value !== 'string' || !(THREAD_KINDS as readonly string[]).includes(value))
    throw new errors.NotFoundError('Not Found');
  return value as ThreadKind;
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const threads = () => getService(strapi, 'threads');
  // One pair of handlers per kind of subject: the routes' paths name the kind.
  const readOf = (kind: ThreadKind) => async (ctx: SignedInContext) => {
    ctx.body = await threads().read(account(ctx), kind, String(ctx.params.id), beforeParam(ctx.query.before));
  };
  const postOf = (kind: ThreadKind) => async (ctx: SignedInContext) => {
    requireJsonBody(ctx, 'message');
    const input = parseInput(threadMessageSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = await threads().post(account(ctx), kind, String(ctx.params.id), input);
  };
  return {
    enquiryMessages: readOf('enquiry'),
    enquiryPost: postOf('enquiry'),
    appointmentMessages: readOf('appointment'),
    appointmentPost: postOf('appointment'),

    async list(ctx: SignedInContext) {
      const { page, pageSize } = pageParams(ctx.query, 20, 100);
      const { assignee, unread } = ctx.query;
      if (assignee !== undefined && assignee !== 'me' && assignee !== 'none')
        throw new errors.ValidationError('assignee must be "me" or "none"');
      if (unread !== undefined && unread !== '1' && unread !== 'true')
        throw new errors.ValidationError('unread must be 1 or left out');
      const result = await threads().list(account(ctx), {
        page,
        pageSize,
        assignee: assignee as 'me' | 'none' | undefined,
        unreadOnly: unread !== undefined,
      });
      ctx.set('X-Total-Count', String(result.total));
      ctx.set('X-Unread-Count', String(result.unread));
      ctx.body = result.items;
    },

    async publicReplyTimes(ctx: SignedInContext) {
      ctx.set('Cache-Control', 'public, max-age=300');
      ctx.body = await getService(strapi, 'replies').publicFigure();
    },

    async replyTimes(ctx: SignedInContext) {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await getService(strapi, 'replies').figures();
    },

    async export(ctx: SignedInContext) {
      const format = ctx.query.format ?? 'json';
      if (format !== 'json' && format !== 'html')
        throw new errors.ValidationError('format must be json or html');
      const records = getService(strapi, 'records');
      const threads = await records.exportOf(Number(ctx.state.user.id));
      const day = new Date().toISOString().slice(0, 10);
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Content-Disposition', `attachment; filename="fie-homes-conversations-${day}.${format}"`);
      if (format === 'html') {
        ctx.type = 'text/html; charset=utf-8';
        ctx.body = records.exportPage(threads, ctx.state.user.language);
      } else {
        ctx.body = { exportedAt: new Date().toISOString(), threads };
      }
    },

    async assign(ctx: SignedInContext) {
      const { assignee } = parseInput(threadAssignSchema, ctx.request.body);
      ctx.body = await threads().assign(
        account(ctx),
        kindParam(ctx.params.kind),
        String(ctx.params.id),
        assignee,
      );
    },

    async review(ctx: SignedInContext) {
      const { decision } = parseInput(threadReviewSchema, ctx.request.body);
      ctx.body = await threads().review(account(ctx), String(ctx.params.id), decision);
    },
  };
};
