import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, ErrorCode } from '@kiim/contract';
import { notFound } from '#app/lib/errors.ts';
import { BANNER_WIDTHS, MEDIA_WIDTHS } from './media.url.ts';
import { productRendition } from './media.rendition.ts';
import { ensureMaster, type MasterImageSource } from './media.masters.ts';

// Canonical forms only (no leading zeros), so each picture has exactly one URL and one cache file.
const KEY = /^[1-9]\d{0,8}-[1-9]\d{0,2}$/;
const BANNER_KEY = /^[1-9]\d{0,8}(?:-[1-9]\d{0,2})?$/;
/** Review photos: 128 random bits (decision 067), so only a published review's page ever names one. */
const REVIEW_KEY = /^[0-9a-f]{32}$/;
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

const BannerParams = z.object({
  key: z.string().max(200).describe('Banner picture key: the banner id, e.g. `3`'),
  file: z
    .string()
    .max(200)
    .describe(`Width and format: one of ${BANNER_WIDTHS.map((w) => `\`${w}.webp\``).join(', ')}`),
});

/** The kinds of pictures the media route serves: folder, key form, widths and their OpenAPI text. */
const KINDS = [
  {
    folder: 'products',
    key: KEY,
    widths: MEDIA_WIDTHS as readonly number[],
    params: MediaParams,
    summary: 'Product picture in one width (WebP)',
    description:
      'Resized from the master on first request (drawn first when missing) and cached on disk; answered with ' +
      '`cache-control: public, max-age=31536000, immutable` and `x-media-cache: hit|miss`.',
  },
  {
    folder: 'banners',
    key: BANNER_KEY,
    widths: BANNER_WIDTHS as readonly number[],
    params: BannerParams,
    summary: 'Banner picture in one width (WebP)',
    description:
      'As product pictures: resized on first request, cached on disk, a year of immutable caching.',
  },
  {
    folder: 'brands',
    key: KEY,
    widths: MEDIA_WIDTHS as readonly number[],
    params: MediaParams,
    summary: 'Brand logo in one width (WebP)',
    description: 'The logo `{brandId}-{n}` uploaded in the back office, as product pictures (240–960 px).',
  },
  {
    folder: 'reviews',
    key: REVIEW_KEY,
    widths: MEDIA_WIDTHS as readonly number[],
    params: MediaParams,
    summary: 'Review photo in one width (WebP)',
    description: 'A photo a customer gave with a review (`{32 hex}`), as product pictures (240–960 px).',
  },
] as const;

/**
 * Media routes under `/media` (architecture: responsive sizes, modern formats):
 * - `GET /media/products/{key}/{width}.webp`: the product picture `key` (`{productId}-{position}`) resized to
 *   `width` (240, 360, 480, 720 or 960 px);
 * - `GET /media/banners/{key}/{width}.webp`: the banner picture `key` (banner id) at 480, 720, 960, 1440 or
 *   1920 px (never enlarged past its master);
 * - `GET /media/brands/{key}/{width}.webp`: a brand's logo `key` (`{brandId}-{n}`) at the product widths;
 * - `GET /media/reviews/{key}/{width}.webp`: a review photo (`{32 hex}`) at the product widths.
 * As WebP, made from the master in `config.mediaDir` on first request and cached on disk. A master not there
 * yet (the start-up job draws the demo catalogue's in the background) is asked of `masterImages`, the injected
 * master source. Unknown key, width or picture → 404 JSON (code 1004).
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ masterImages?: MasterImageSource }> = async (app, opts) => {
  const serve = async (request: FastifyRequest, reply: FastifyReply, mediaKey: string, width: number) => {
    const rendition = await productRendition(
      app.config.mediaDir,
      mediaKey,
      width,
      (err) => request.log.warn({ err }, 'media cache write failed'),
      () => ensureMaster(app.config.mediaDir, mediaKey, opts.masterImages),
    );
    if (!rendition) throw pictureNotFound();
    return reply
      .type('image/webp')
      .header('cache-control', CACHE_CONTROL)
      .header('x-media-cache', rendition.cached ? 'hit' : 'miss')
      .send(rendition.data);
  };

  for (const kind of KINDS) {
    app.get(
      `/${kind.folder}/:key/:file`,
      {
        schema: {
          tags: ['media'],
          summary: kind.summary,
          description: kind.description,
          params: kind.params,
          response: { 200: WebpBody, 404: ErrorBody },
        },
      },
      async (request, reply) => {
        const { key, file } = request.params;
        const width = Number(FILE.exec(file)?.[1]);
        if (!kind.key.test(key) || !kind.widths.includes(width)) throw pictureNotFound();
        return serve(request, reply, `${kind.folder}/${key}`, width);
      },
    );
  }
};
