// The deterministic demo catalogue: `seedDemo` fills an empty, migrated database (SQLite or PostgreSQL)
// and, given a media folder, renders the product pictures. Used by `npm run db:seed`, the first start
// of an empty shop (`ensureSeeded`) and the test harness (data only).
import type { Insertable } from 'kysely';
import type { Config } from '#app/config.ts';
import type { Database, Db, DbOrTrx } from '#app/db/database.ts';
import { reindexSearch } from '#app/modules/catalog/catalog.search.ts';
import { isSearchIndexOutdated } from '#app/modules/catalog/catalog.repository.ts';
import { applyPendingSynonyms } from '#app/modules/catalog/catalog.synonyms.ts';
import type { MasterImageSource } from '#app/modules/media/media.masters.ts';
import { buildDemoCatalogue, demoKazakhTexts, type DemoCatalogue } from './seed.catalogue.ts';
import { saveCatalogueTexts } from '#app/modules/catalog/catalog.texts.ts';
import { buildDemoFeedback, type DemoFeedback } from './seed.reviews.ts';
import { seedInfoPages } from './seed.content.ts';

/** Default date the demo catalogue is built for: fixes every timestamp and arrival date. */
export const DEMO_SEED_DATE = new Date('2026-11-01T06:00:00Z');

/** Rows per INSERT: keeps every statement under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

/** Row counts of a seeded catalogue; `imageFiles` counts pictures written (0 without a media folder). */
export interface SeedSummary {
  cities: number;
  pickupPoints: number;
  brands: number;
  categories: number;
  products: number;
  discountedProducts: number;
  skus: number;
  stockRows: number;
  images: number;
  imageFiles: number;
  banners: number;
  searchTerms: number;
  /** Demo reviews and answered questions (imported, published; seed.reviews.ts). */
  reviews: number;
  questions: number;
  /** Information pages added (those the database lacked). */
  infoPages: number;
}

/** What `seedDemo` and `ensureSeeded` report progress to (a Fastify logger or `console` fit). */
export interface SeedLogger {
  info(msg: string): void;
  error(msg: string): void;
}

type DemoRows = DemoCatalogue & DemoFeedback;

async function insertChunked<T extends keyof DemoRows>(
  db: DbOrTrx,
  table: T,
  rows: DemoRows[T],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK) as Insertable<Database[T]>[];
    await db
      .insertInto(table)
      .values(chunk as never)
      .execute();
  }
}

/** True when the catalogue has no product yet (a fresh or never-seeded database). */
export async function isCatalogueEmpty(db: DbOrTrx): Promise<boolean> {
  const row = await db.selectFrom('product').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Fills an empty, migrated database with the demo catalogue (spec §3): cities (id 1 Алматы, default
 * city of spec §9; the last one hidden), pickup points, brands, the ten categories, ~450 products with
 * colour siblings, SKUs, stock per city, two `product_image` rows per product, the banners of spec §9 and
 * imported, published demo reviews and answered questions on part of the products (seed.reviews.ts) and the
 * catalogue's Kazakh texts (issue 13); then builds the search index. Prices are whole tenge. Deterministic: the same `now` gives the same
 * rows. All catalogue rows go in one transaction, in INSERTs of at most 500 rows.
 * @param opts.mediaDir where to render the picture masters (`masters/products/{id}-{n}.webp`);
 *   null writes the image rows but no files (tests).
 * @param opts.now date the catalogue is built for (default {@link DEMO_SEED_DATE}).
 * @throws Error when the database already has products (nothing is written).
 */
export async function seedDemo(db: Db, opts: { mediaDir: string | null; now?: Date }): Promise<SeedSummary> {
  const now = opts.now ?? DEMO_SEED_DATE;
  const rows = buildDemoCatalogue(now);
  const feedback = buildDemoFeedback(
    rows.product.map((p) => ({
      id: p.id!,
      kind: p.kind,
      gender: p.gender,
      composition: p.composition,
      care: p.care,
    })),
    now,
  );
  await db.transaction().execute(async (trx) => {
    if (!(await isCatalogueEmpty(trx))) throw new Error('seedDemo: the catalogue already has products');
    await insertChunked(trx, 'city', rows.city);
    await insertChunked(trx, 'pickup_point', rows.pickup_point);
    await insertChunked(trx, 'brand', rows.brand);
    await insertChunked(trx, 'category', rows.category);
    await insertChunked(trx, 'product', rows.product);
    await insertChunked(trx, 'product_image', rows.product_image);
    await insertChunked(trx, 'sku', rows.sku);
    await insertChunked(trx, 'stock', rows.stock);
    await insertChunked(trx, 'banner', rows.banner);
    await insertChunked(trx, 'review', feedback.review);
    await insertChunked(trx, 'question', feedback.question);
    await insertChunked(trx, 'question_answer', feedback.question_answer);
    // Kazakh texts of the catalogue (issue 13), before the search index so it has their words too.
    await saveCatalogueTexts(trx, 'kk', demoKazakhTexts(rows));
  });
  const search = await reindexSearch(db);
  const infoPages = await seedInfoPages(db, opts.now ?? DEMO_SEED_DATE);
  let imageFiles = 0;
  if (opts.mediaDir) {
    const { renderMissingBannerImages, renderMissingProductImages } = await import('./images.ts');
    imageFiles = (await renderMissingProductImages(db, opts.mediaDir)).rendered;
    imageFiles += (await renderMissingBannerImages(db, opts.mediaDir)).rendered;
  }
  return {
    cities: rows.city.length,
    pickupPoints: rows.pickup_point.length,
    brands: rows.brand.length,
    categories: rows.category.length,
    products: rows.product.length,
    discountedProducts: rows.product.filter((p) => p.original_price > p.price).length,
    skus: rows.sku.length,
    stockRows: rows.stock.length,
    images: rows.product_image.length,
    imageFiles,
    banners: rows.banner.length,
    searchTerms: search.terms,
    reviews: feedback.review.length,
    questions: feedback.question.length,
    infoPages,
  };
}

/**
 * The demo catalogue's pictures as the media route's master source (modules/media `MasterImageSource`),
 * given to `buildApp` by boot and the test harness: a product picture drawn from its `product_image` row, a
 * banner from its demo definition; null for any other key. The drawing code loads on first use.
 */
export function demoMasterImages(db: DbOrTrx): MasterImageSource {
  return { masterImage: async (mediaKey) => (await import('./images.ts')).demoMasterImage(db, mediaKey) };
}

/** Outcome of {@link ensureSeeded}. `images` settles when the missing pictures are written; it never rejects. */
export interface EnsureSeededResult {
  /** The summary when this call seeded the catalogue, null when it was already there. */
  seeded: SeedSummary | null;
  images: Promise<{ rendered: number; skipped: number } | null>;
}

/**
 * Start-up hook (architecture: "automatic on first start of an empty database"): seeds the demo data
 * when the catalogue is empty — unless `config.autoSeed` is false (AUTO_SEED=false: only the information pages are
 * added, the catalogue stays empty) — builds the search index of a catalogue that has none (one seeded before
 * search existed) and adds the information pages a database lacks, then renders any missing picture masters into `config.mediaDir` in the background,
 * so the server can listen as soon as the data is there (the media route draws a missing master on
 * demand meanwhile); with `config.mediaPrerender` false, pictures are only drawn on demand. Errors of the
 * picture step are logged, not thrown.
 * @param signal once aborted (the app is closing), the picture step reads nothing more and draws no further picture;
 *   `images` resolves when the picture under way is written (issue 14, stopping under load).
 * @throws what `seedDemo` throws for the data step.
 */
export async function ensureSeeded(
  db: Db,
  config: Pick<Config, 'mediaDir'> & Partial<Pick<Config, 'mediaPrerender' | 'autoSeed'>>,
  log: SeedLogger,
  signal?: AbortSignal,
): Promise<EnsureSeededResult> {
  let seeded: SeedSummary | null = null;
  const empty = await isCatalogueEmpty(db);
  if (empty && config.autoSeed !== false) {
    const started = Date.now();
    seeded = await seedDemo(db, { mediaDir: null });
    log.info(
      `Демо-каталог создан: ${seeded.products} товаров, ${seeded.skus} SKU за ${Date.now() - started} мс`,
    );
  } else {
    // A real shop's first start (AUTO_SEED=false) keeps its catalogue empty for the back office or the 1C exchange.
    if (empty) log.info('Каталог пуст, демо-каталог не создаётся (AUTO_SEED=false)');
    else if (await isSearchIndexOutdated(db)) {
      const indexed = await reindexSearch(db);
      log.info(`Поисковый индекс построен: ${indexed.products} товаров, ${indexed.terms} терминов`);
    } else {
      // Synonyms a migration added to an indexed catalogue reach its products now (decision 059).
      const reindexed = await applyPendingSynonyms(db);
      if (reindexed > 0) log.info(`Синонимы поиска применены: ${reindexed} товаров переиндексировано`);
    }
    // The information pages are the shop's own texts: a database without them (a real shop's first start, or one
    // seeded before they existed) gets them; stored pages stay as edited.
    const pages = await seedInfoPages(db, new Date());
    if (pages > 0) log.info(`Информационные страницы добавлены: ${pages}`);
  }
  const images = (async () => {
    if (config.mediaPrerender === false || signal?.aborted) return null;
    try {
      const { renderMissingBannerImages, renderMissingProductImages } = await import('./images.ts');
      const started = Date.now();
      // One picture at a time: sharp runs on libuv's four worker threads, which the server also needs for
      // files (static assets, cached pictures); a busier background job would stall page requests.
      const banners = await renderMissingBannerImages(db, config.mediaDir, { concurrency: 1, signal });
      if (signal?.aborted) return null;
      const products = await renderMissingProductImages(db, config.mediaDir, { concurrency: 1, signal });
      const result = {
        rendered: banners.rendered + products.rendered,
        skipped: banners.skipped + products.skipped,
      };
      if (result.rendered > 0)
        log.info(`Картинки товаров: создано ${result.rendered} за ${Date.now() - started} мс`);
      return result;
    } catch (err) {
      log.error(`Не удалось создать картинки товаров: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  })();
  return { seeded, images };
}
