// `npm run db:seed`: migrates the configured database and fills an empty one with the demo catalogue
// and its pictures. On a seeded database it changes nothing, except that `--force-images` renders the
// picture files that are missing from MEDIA_DIR.
import { loadConfig } from '#app/config.ts';
import { createDatabase } from '#app/db/database.ts';
import { migrateToLatest } from '#app/db/migrate.ts';
import { renderMissingProductImages } from './images.ts';
import { isCatalogueEmpty, seedDemo } from './seed.ts';

const config = loadConfig();
const forceImages = process.argv.includes('--force-images');
const { db, dialect } = createDatabase(config);
const ms = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} с`;
try {
  await migrateToLatest(db);
  if (await isCatalogueEmpty(db)) {
    let started = Date.now();
    const summary = await seedDemo(db, { mediaDir: null });
    console.log(`${dialect}: демо-каталог создан за ${ms(started)}`);
    console.table(summary);
    started = Date.now();
    const images = await renderMissingProductImages(db, config.mediaDir);
    console.log(
      `Картинки: создано ${images.rendered}, уже были ${images.skipped} (${config.mediaDir}) за ${ms(started)}`,
    );
  } else if (forceImages) {
    const started = Date.now();
    const images = await renderMissingProductImages(db, config.mediaDir);
    console.log(
      `Каталог уже заполнен. Картинки: создано ${images.rendered}, уже были ${images.skipped} за ${ms(started)}`,
    );
  } else {
    console.log(
      `${dialect}: каталог уже заполнен, ничего не изменено (--force-images дорисует недостающие картинки)`,
    );
  }
} finally {
  await db.destroy();
}
