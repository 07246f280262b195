import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, ErrorCode } from '@kiim/contract';
import { notFound } from '#app/lib/errors.ts';
import { MEDIA_WIDTHS } from './media.url.ts';
import { productRendition } from './media.rendition.ts';

// Canonical forms only (no leading zeros), so each picture has exactly one URL and one cache file.
const KEY = /^[1-9]\d{0,8}-[1-9]\d{0,2}$/;
const FILE = /^([1-9]\d{0,3})\.webp$/;
/** Renditions never change for a key (a new picture gets a new key), so browsers may keep them a year. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

const MediaParams = z.object({
  key: z.string().max(200).describe('Picture key: `{productId}-{position}`, e.g. `12-1`'),
  file: z
    .string()
    .max(200)
    .describe(`Width and format: one of ${MEDIA_WIDTHS.map((w) => `\`${w}.webp\``).join(', ')}`),
});

/** A WebP file: sent as raw bytes (Fastify does not serialize buffers); `binary` in OpenAPI. */
const WebpBody = z
  .custom<Buffer>((v) => Buffer.isBuffer(v))
  .meta({ type: 'string', format: 'binary', description: 'WebP image' });

const pictureNotFound = () => notFound(ErrorCode.notFound, 'Нет такой картинки');

/**
 * Media routes under `/media` (architecture: responsive sizes, modern formats):
 * `GET /media/products/{key}/{width}.webp` answers the product picture `key` resized to `width`
 * (240, 360, 480, 720 or 960 px) as WebP, made from the master in `config.mediaDir` on first request
 * and cached on disk. Unknown key, width or missing master → 404 JSON (code 1004).
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/:key/:file',
    {
      schema: {
        tags: ['media'],
        summary: 'Product picture in one width (WebP)',
        description:
          'Resized from the master on first request and cached on disk; answered with ' +
          '`cache-control: public, max-age=31536000, immutable` and `x-media-cache: hit|miss`.',
        params: MediaParams,
        response: { 200: WebpBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { key, file } = request.params;
      const width = Number(FILE.exec(file)?.[1]);
      if (!KEY.test(key) || !(MEDIA_WIDTHS as readonly number[]).includes(width)) throw pictureNotFound();
      const rendition = await productRendition(app.config.mediaDir, `products/${key}`, width, (err) =>
        request.log.warn({ err }, 'media cache write failed'),
      );
      if (!rendition) throw pictureNotFound();
      return reply
        .type('image/webp')
        .header('cache-control', CACHE_CONTROL)
        .header('x-media-cache', rendition.cached ? 'hit' : 'miss')
        .send(rendition.data);
    },
  );
};
