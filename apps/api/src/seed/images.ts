// Product picture masters: renders the garment drawings of garment.svg.ts to WebP files under
// `${mediaDir}/masters/`, where the media route (modules/media) reads and resizes them.
import fs from 'node:fs/promises';
import sharp from 'sharp';
import type { DbOrTrx } from '#app/db/database.ts';
import { masterFile, writeFileAtomic } from '#app/modules/media/media.storage.ts';
import type { GarmentShape } from './seed.catalog-data.ts';
import { garmentShapeOf, MASTER_WIDTH } from './seed.catalogue.ts';
import { garmentSvg } from './garment.svg.ts';

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
 * Renders one picture master (WebP, {@link MASTER_WIDTH} × 4/3 pixels) to `file`, atomically.
 * Position 1 is the whole garment, any other position a close-up. Deterministic for the same input.
 */
export async function renderProductPicture(picture: ProductPicture, file: string): Promise<void> {
  const svg = garmentSvg({
    shape: picture.shape,
    colourHex: picture.colourHex,
    view: picture.position === 1 ? 'front' : 'detail',
    pixelWidth: MASTER_WIDTH,
  });
  const webp = await sharp(Buffer.from(svg)).webp({ quality: MASTER_QUALITY, effort: 2 }).toBuffer();
  await writeFileAtomic(file, webp);
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** Runs `task` over `items` with at most `limit` at once; rejects with the first error. */
async function pool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
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
 * @returns how many files were written and how many already existed.
 * @throws the first file-system or rendering error.
 */
export async function renderMissingProductImages(
  db: DbOrTrx,
  mediaDir: string,
  opts: { productIds?: readonly number[]; concurrency?: number } = {},
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
  await pool(rows, opts.concurrency ?? DEFAULT_CONCURRENCY, async (row) => {
    const file = masterFile(mediaDir, row.media_key);
    if (await exists(file)) {
      skipped += 1;
      return;
    }
    await renderProductPicture(
      { shape: garmentShapeOf(row.category_id, row.name), colourHex: row.colour_hex, position: row.position },
      file,
    );
    rendered += 1;
  });
  return { rendered, skipped };
}
