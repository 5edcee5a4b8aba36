import type { Core } from '@strapi/strapi';
import { approvalActionSchema } from '@fie/domain';
import { parseInput } from '../../../../../shared/validate';
import { pageParams, searchParam } from '../../../../../shared/paging';
import { getService } from '../get-service';

/** What these actions read and write of Koa's context. */
interface QueueContext {
  state: { route: { config: { approvals: { contentType: string } } } };
  query: Record<string, unknown>;
  params: { id?: string };
  request: { body?: unknown };
  body: unknown;
  set(name: string, value: string): void;
}

/** The governed content type a queue route serves (set on each route by routes/index.ts). */
const governedType = (ctx: QueueContext): string => ctx.state.route.config.approvals.contentType;

/** One controller for every queue: the route says which content type it serves. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const workflow = () => getService(strapi, 'workflow');
  return {
    /** GET /api/<path>/unapproved: what waits for approval. */
    async pending(ctx: QueueContext) {
      const uid = governedType(ctx);
      const { paging } = workflow().typeOf(uid).queue;
      const { page, pageSize } = paging
        ? pageParams(ctx.query, paging.pageSize, paging.maxPageSize)
        : { page: 1, pageSize: undefined };
      const { items, total } = await workflow().pending(uid, {
        page,
        pageSize,
        search: searchParam(ctx.query),
      });
      if (total !== undefined) ctx.set('X-Total-Count', String(total));
      ctx.body = items;
    },

    /**
     * PUT /api/<path>/approve/:id with `{ action: 'approve' | 'unapprove', note?, updatedAt? }` (a note
     * goes with a reject; `updatedAt`, the item's as the queue showed it, makes the decision apply to
     * that version only: 409 if it changed).
     */
    async decide(ctx: QueueContext) {
      const uid = governedType(ctx);
      const { action, note, updatedAt } = parseInput(approvalActionSchema, ctx.request.body);
      const { item, message } = await workflow().decide(
        uid,
        String(ctx.params.id),
        action,
        action === 'unapprove' ? note : undefined,
        updatedAt,
      );
      const { answer } = workflow().typeOf(uid);
      ctx.body = { message, [answer.key]: item };
    },
  };
};
