// Picture masters: renders the garment drawings of garment.svg.ts (products) and banner compositions of them
// (seed.banners.ts) to WebP files under `${mediaDir}/masters/`, where the media route (modules/media) reads
// and resizes them. For a master not drawn yet the media route asks its injected source, which for the demo
// catalogue is `demoMasterImage` here (through seed.ts `demoMasterImages`).
import sharp from 'sharp';
import type { DbOrTrx } from '#app/db/database.ts';
import { fileExists, masterFile, writeFileAtomic } from '#app/modules/media/media.storage.ts';
import type { GarmentShape } from './seed.catalog-data.ts';
import { garmentShapeOf, MASTER_WIDTH } from './seed.catalogue.ts';
import { garmentSvg } from './garment.svg.ts';
import { BANNERS, seedBannerByMediaKey, type SeedBanner } from './seed.banners.ts';

/** WebP quality of the masters (renditions are made from them at a lower quality). */
const MASTER_QUALITY = 90;
/** Pictures rendered at once: sharp works off the event loop, four keep two cores busy. */
const DEFAULT_CONCURRENCY = 4;

/** What a picture is drawn from: the product's silhouette and colour, and which view (1 front, 2 detail). */
export interface ProductPicture {
  shape: GarmentShape;
  colourHex: string;
  position: number;
}

/**
 * Draws one picture master: WebP, {@link MASTER_WIDTH} × 4/3 pixels. Position 1 is the whole garment, any
 * other position a close-up. Deterministic for the same input.
 */
async function productPictureWebp(picture: ProductPicture): Promise<Buffer> {
  const svg = garmentSvg({
    shape: picture.shape,
    colourHex: picture.colourHex,
    view: picture.position === 1 ? 'front' : 'detail',
    pixelWidth: MASTER_WIDTH,
  });
  return sharp(Buffer.from(svg)).webp({ quality: MASTER_QUALITY, effort: 2 }).toBuffer();
}

/**
 * Runs `task` over `items` with at most `limit` at once; rejects with the first error. Once `signal` is aborted no
 * further task starts (those under way end).
 */
async function pool<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Renders the master of every `product_image` row whose file is missing under `mediaDir` (existing
 * files are kept). Reads the product's category, name and colour to draw it.
 * @param opts.productIds only these products (default all).
 * @param opts.signal once aborted, no further picture is drawn (the app is closing; those under way are written).
 * @returns how many files were written and how many already existed.
 * @throws the first file-system or rendering error.
 */
export async function renderMissingProductImages(
  db: DbOrTrx,
  mediaDir: string,
  opts: { productIds?: readonly number[]; concurrency?: number; signal?: AbortSignal } = {},
): Promise<{ rendered: number; skipped: number }> {
  let query = db
    .selectFrom('product_image as i')
    .innerJoin('product as p', 'p.id', 'i.product_id')
    .select(['i.media_key', 'i.position', 'p.category_id', 'p.name', 'p.colour_hex'])
    .orderBy('i.id');
  if (opts.productIds) {
    if (opts.productIds.length === 0) return { rendered: 0, skipped: 0 };
    query = query.where('i.product_id', 'in', [...opts.productIds]);
  }
  const rows = await query.execute();
  let rendered = 0;
  let skipped = 0;
  await pool(
    rows,
    opts.concurrency ?? DEFAULT_CONCURRENCY,
    async (row) => {
      const file = masterFile(mediaDir, row.media_key);
      if (await fileExists(file)) {
        skipped += 1;
        return;
      }
      const picture = {
        shape: garmentShapeOf(row.category_id, row.name),
        colourHex: row.colour_hex,
        position: row.position,
      };
      await writeFileAtomic(file, await productPictureWebp(picture));
      rendered += 1;
    },
    opts.signal,
  );
  return { rendered, skipped };
}

/** Rounded-corner mask of a `w`×`h` picture, radius `r` (SVG, used with sharp's `dest-in` blend). */
const roundedMask = (w: number, h: number, r: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" rx="${r}" ry="${r}" fill="#fff"/></svg>`,
  );

/**
 * Draws one banner master (WebP, the banner's width × height): a soft gradient in the
 * banner's colours with its garments as rounded studio pictures away from the text (the right of wide banners,
 * the top right of tall ones, whose text sits at the bottom). The title is HTML over the picture, never baked in.
 * Deterministic for the same banner.
 */
async function bannerPictureWebp(banner: SeedBanner): Promise<Buffer> {
  const { width: W, height: H } = banner;
  const [from, to] = banner.background;
  const background = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
      `<radialGradient id="r"><stop offset="0" stop-color="#ffffff" stop-opacity="0.18"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>` +
      `<rect width="${W}" height="${H}" fill="url(#g)"/>` +
      `<circle cx="${Math.round(W * 0.78)}" cy="${Math.round(H * 0.42)}" r="${Math.round(Math.max(W, H) * 0.38)}" fill="url(#r)"/>` +
      `</svg>`,
  );
  const n = banner.garments.length;
  const wide = W / H >= 1.5;
  // Picture size: a 3:4 portrait filling most of the height (wide) or a share of the width (tall).
  const gap = Math.round(Math.min(W, H) * 0.04);
  let pw: number;
  if (wide) pw = Math.round(Math.min((H * 0.82 * 3) / 4, (W * 0.55 - gap * (n + 1)) / n));
  else pw = Math.round(Math.min((W * 0.5 - gap * n) / n, (H * 0.46 * 3) / 4));
  const ph = Math.round((pw * 4) / 3);
  const radius = Math.round(pw * 0.06);
  const layers = await Promise.all(
    banner.garments.map(async (g, i) => {
      const svg = garmentSvg({ shape: g.shape, colourHex: g.colourHex, view: 'front', pixelWidth: pw });
      const input = await sharp(Buffer.from(svg))
        .resize(pw, ph)
        .composite([{ input: roundedMask(pw, ph, radius), blend: 'dest-in' }])
        .png()
        .toBuffer();
      // Tall pictures: the garments at the top right, the lower half left to the text.
      const left = W - gap - (n - i) * (pw + gap) + gap;
      const top = wide
        ? Math.round((H - ph) / 2) + (i % 2 === 1 ? Math.round(H * 0.04) : -Math.round(H * 0.02))
        : gap * 2 + (i % 2 === 1 ? gap : 0);
      return { input, left: Math.max(0, left), top: Math.max(0, top) };
    }),
  );
  return sharp(background).composite(layers).webp({ quality: MASTER_QUALITY, effort: 2 }).toBuffer();
}

/**
 * Renders the master of every banner row whose file is missing under `mediaDir` and that is a demo banner
 * (a banner an operator adds comes with its own picture), `opts.concurrency` at a time (default 4); once
 * `opts.signal` is aborted no further one is drawn.
 * @returns how many files were written and how many already existed.
 */
export async function renderMissingBannerImages(
  db: DbOrTrx,
  mediaDir: string,
  opts: { concurrency?: number; signal?: AbortSignal } = {},
): Promise<{ rendered: number; skipped: number }> {
  const rows = await db.selectFrom('banner').select('media_key').orderBy('id').execute();
  let rendered = 0;
  let skipped = 0;
  await pool(
    rows,
    opts.concurrency ?? DEFAULT_CONCURRENCY,
    async (row) => {
      const banner = seedBannerByMediaKey(row.media_key);
      const file = masterFile(mediaDir, row.media_key);
      if (!banner || (await fileExists(file))) {
        skipped += 1;
        return;
      }
      await writeFileAtomic(file, await bannerPictureWebp(banner));
      rendered += 1;
    },
    opts.signal,
  );
  return { rendered, skipped };
}

/**
 * The demo catalogue's master of `mediaKey`, drawn now: a product picture from its `product_image` row, a
 * banner from its demo definition (the media route's source for a master the background job has not drawn).
 * @returns WebP bytes; null when the key is unknown (no row, or a banner that is not a demo one).
 * @throws a rendering error.
 */
export async function demoMasterImage(db: DbOrTrx, mediaKey: string): Promise<Buffer | null> {
  if (mediaKey.startsWith('banners/')) {
    const row = await db
      .selectFrom('banner')
      .select('media_key')
      .where('media_key', '=', mediaKey)
      .executeTakeFirst();
    const banner = row && seedBannerByMediaKey(mediaKey);
    return banner ? bannerPictureWebp(banner) : null;
  }
  const row = await db
    .selectFrom('product_image as i')
    .innerJoin('product as p', 'p.id', 'i.product_id')
    .select(['i.position', 'p.category_id', 'p.name', 'p.colour_hex'])
    .where('i.media_key', '=', mediaKey)
    .executeTakeFirst();
  if (!row) return null;
  return productPictureWebp({
    shape: garmentShapeOf(row.category_id, row.name),
    colourHex: row.colour_hex,
    position: row.position,
  });
}

/** Number of demo banners (tests and the seed summary). */
export const DEMO_BANNER_COUNT = BANNERS.length;
