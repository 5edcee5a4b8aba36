import type { Core } from '@strapi/strapi';
import { savedSearchCreateSchema, savedSearchUpdateSchema, type Language } from '@fie/domain';
import type { Context, SignedInContext } from '../../../shared/context';
import { parseInput } from '../../../shared/validate';
import { readerLanguage } from '../../../shared/reader-language';
import { sitePathIn } from '../../../shared/mail-language';
import { getService } from '../get-service';

/** The page that confirms an unsubscribe and offers to undo it (the site's, in `language`). */
const confirmationPage = (token: string, language: Language) =>
  sitePathIn(language, `/alerts/unsubscribed?token=${encodeURIComponent(token)}`);

/** The search's words in the reader's language (answers to the signed-in seeker: their profile's). */
const languageOf = (ctx: Context) => readerLanguage(ctx).language;

/** The token of an unsubscribe link: in the link's query, or in a form or JSON body. */
function tokenOf(ctx: Context): string {
  const body = (ctx.request as { body?: unknown }).body;
  const fromBody = body && typeof body === 'object' ? (body as Record<string, unknown>).token : undefined;
  const value = ctx.query.token ?? fromBody;
  return typeof value === 'string' ? value : '';
}

/** A plain HTML form (the confirmation page without JavaScript) rather than a script. */
const fromForm = (ctx: Context) =>
  ctx.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';

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

    /** One-click unsubscribe (a mail client's POST with List-Unsubscribe=One-Click): 200, and again 200. */
    async unsubscribe(ctx: Context) {
      ctx.body = await searches().setActiveByToken(tokenOf(ctx), false, languageOf(ctx));
    },

    /**
     * The link followed in a browser: switches the alerts off and shows the site's page that says so
     * and offers to undo it. A token we did not sign changes nothing; the page then says the link is
     * not valid.
     */
    async unsubscribePage(ctx: Context) {
      const token = tokenOf(ctx);
      try {
        await searches().setActiveByToken(token, false);
      } catch (error) {
        strapi.log.debug(`[fie] saved searches: unsubscribe link refused: ${(error as Error).message}`);
      }
      ctx.status = 303;
      // The page opens in the seeker's language, as their alert e-mail was written in it.
      ctx.redirect(confirmationPage(token, await searches().languageOfToken(token)));
    },

    /** Undo: the alerts back on. From the confirmation page's form, back to that page. */
    async resubscribe(ctx: Context) {
      const token = tokenOf(ctx);
      if (!fromForm(ctx)) {
        ctx.body = await searches().setActiveByToken(token, true, languageOf(ctx));
        return;
      }
      // A browser's form: whatever happened (a link not ours, a search deleted meanwhile), the page says it.
      try {
        await searches().setActiveByToken(token, true);
      } catch (error) {
        strapi.log.debug(`[fie] saved searches: undo refused: ${(error as Error).message}`);
      }
      ctx.status = 303;
      ctx.redirect(confirmationPage(token, await searches().languageOfToken(token)));
    },

    async byToken(ctx: Context) {
      ctx.body = await searches().byToken(tokenOf(ctx), languageOf(ctx));
    },
  };
};
