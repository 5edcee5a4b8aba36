import type { Core } from '@strapi/strapi';
import { savedSearchCreateSchema, savedSearchUpdateSchema, type Language } from '@fie/domain';
import type { Context, SignedInContext } from '../../../shared/context';
import { parseInput } from '../../../shared/validate';
import { readerLanguage } from '../../../shared/reader-language';
import { sitePathIn } from '../../../shared/mail-language';
import { getService } from '../get-service';

/** The site's page (in `language`) at `path`, naming a link's token. */
const sitePage = (path: string, token: string, language: Language) =>
  sitePathIn(language, `${path}?token=${encodeURIComponent(token)}`);

/** The search's words in the reader's language (answers to the signed-in seeker: their profile's). */
const languageOf = (ctx: Context) => readerLanguage(ctx).language;

/** The token of a link: in the link's query, or in a form or JSON body. */
function tokenOf(ctx: Context): string {
  const value = ctx.query.token ?? bodyOf(ctx).token;
  return typeof value === 'string' ? value : '';
}

const bodyOf = (ctx: Context): Record<string, unknown> => {
  const body = (ctx.request as { body?: unknown }).body;
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
};

/**
 * A plain HTML form of our site's pages (they work without JavaScript) rather than a script or a
 * mail client's one-click POST (RFC 8058), which sends the form body `List-Unsubscribe=One-Click`.
 */
const fromPageForm = (ctx: Context) =>
  ctx.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded' &&
  bodyOf(ctx)['List-Unsubscribe'] === undefined;

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const searches = () => getService(strapi, 'saved-searches');
  return {
    async list(ctx: SignedInContext) {
      ctx.body = await searches().list(ctx.state.user.id, languageOf(ctx));
    },

    async create(ctx: SignedInContext) {
      const input = parseInput(savedSearchCreateSchema, ctx.request.body);
      ctx.status = 201;
      ctx.body = await searches().create(ctx.state.user.id, input, languageOf(ctx));
    },

    async update(ctx: SignedInContext) {
      const input = parseInput(savedSearchUpdateSchema, ctx.request.body);
      ctx.body = await searches().update(ctx.state.user.id, String(ctx.params.id), input, languageOf(ctx));
    },

    async remove(ctx: SignedInContext) {
      await searches().remove(ctx.state.user.id, String(ctx.params.id));
      ctx.status = 204;
    },

    /**
     * The alert's unsubscribe link, fetched (GET or HEAD): changes nothing. Mail software and link
     * scanners fetch links in e-mails, so fetching one must not switch alerts off; it sends the reader
     * to the site's page that names the search and asks, with a button that POSTs.
     */
    async unsubscribePage(ctx: Context) {
      const token = tokenOf(ctx);
      ctx.status = 303;
      ctx.redirect(sitePage('/alerts/unsubscribe', token, await searches().languageOfToken(token)));
    },

    /**
     * Switches the alerts off: the mail client's one-click POST (RFC 8058: the link's URL, the body
     * `List-Unsubscribe=One-Click`), a script's JSON (answered `{label, active, undoToken}`), or the
     * site page's form, sent on to the page that confirms it and offers Undo for a while.
     */
    async unsubscribe(ctx: Context) {
      const token = tokenOf(ctx);
      if (!fromPageForm(ctx)) {
        ctx.body = await searches().unsubscribe(token, languageOf(ctx));
        return;
      }
      let next = token;
      try {
        next = (await searches().unsubscribe(token)).undoToken ?? token;
      } catch (error) {
        strapi.log.debug(`[fie] saved searches: unsubscribe refused: ${(error as Error).message}`);
      }
      ctx.status = 303;
      ctx.redirect(sitePage('/alerts/unsubscribed', next, await searches().languageOfToken(token)));
    },

    /**
     * Undo: the alerts back on, with the confirmation page's own undo token only (an alert's token
     * answers 400). From the page's form, back to that page; JSON gets JSON.
     */
    async resubscribe(ctx: Context) {
      const token = tokenOf(ctx);
      if (!fromPageForm(ctx)) {
        ctx.body = await searches().resubscribe(token, languageOf(ctx));
        return;
      }
      // A browser's form: whatever happened (an expired link, a search deleted meanwhile), the page says it.
      try {
        await searches().resubscribe(token);
      } catch (error) {
        strapi.log.debug(`[fie] saved searches: undo refused: ${(error as Error).message}`);
      }
      ctx.status = 303;
      ctx.redirect(sitePage('/alerts/unsubscribed', token, await searches().languageOfToken(token)));
    },

    async byToken(ctx: Context) {
      ctx.body = await searches().byToken(tokenOf(ctx), languageOf(ctx));
    },
  };
};
