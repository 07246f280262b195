import fp from 'fastify-plugin';
import { catalogueLangOf, localizeAnswer, textsOf } from '#app/modules/catalog/catalog.texts.ts';

/** Shopper-facing API paths whose answers carry catalogue texts (the back office and tools stay Russian). */
const SHOPPER_PATH =
  /^\/api\/(catalog|city|cart|wishlist|order|customer\/(orders|wishlist)|content\/(seller|pages))\b/;

/**
 * The catalogue in the shopper's language (issue 13, docs/decisions/022): a JSON answer of a shopper-facing
 * route to a request with `Accept-Language: kk` gets the Kazakh catalogue texts (`catalogue_text`) in place of
 * the Russian ones — names, colours, descriptions, compositions, countries, cities, banners; a text without a
 * translation stays Russian. Answers vary by `Accept-Language` (added to the `Vary` of compression). Russian
 * requests are not touched; a Kazakh request is answered uncompressed (its JSON is rewritten here, after the
 * handler, so the handler must not compress it: docs/decisions/018 compresses only what it can send as is).
 */
export const catalogueLanguagePlugin = fp(async (app) => {
  // Callback hooks: a Russian answer passes without a promise (decision 018 «the request path»); only a Kazakh one
  // waits for the texts.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SHOPPER_PATH.test(request.url) && catalogueLangOf(request.headers['accept-language']))
      delete request.headers['accept-encoding'];
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!SHOPPER_PATH.test(request.url)) return done(null, payload);
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-language/i.test(vary))
      reply.header('vary', vary ? `${vary}, Accept-Language` : 'Accept-Language');
    const lang = catalogueLangOf(request.headers['accept-language']);
    const type = String(reply.getHeader('content-type') ?? '');
    if (!lang || !type.startsWith('application/json') || payload === null || payload === undefined)
      return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    textsOf(app.db, lang)
      .then((texts) =>
        texts.size === 0 ? payload : JSON.stringify(localizeAnswer(JSON.parse(payload.toString()), texts)),
      )
      .then(
        (localized) => done(null, localized),
        (err: Error) => done(err),
      );
  });
});
