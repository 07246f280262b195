import type { Db, DbOrTrx } from '#app/db/database.ts';
import { CatalogueIds } from '#app/modules/catalog/catalog.import.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import { fileIn, hasFile, unpackArchives } from './onec.files.ts';
import { importCatalogXml } from './onec.catalog.ts';
import { importOffersXml } from './onec.offers.ts';
import { ExchangeFileError } from './onec.parse.ts';
import { rememberPriceTypes } from './onec.prices.ts';
import type { OneCRun } from './onec.run.ts';
import { XmlFileError } from './xml.stream.ts';

// `type=catalog&mode=import` (issue 12 item 3): one file imported in one transaction, audited as
// `catalogue.imported_1c` with what it did; nothing of a failed file is kept. The job around it (background run,
// `progress` answers, other instances) is onec.job.ts.

/**
 * Which importer reads a file: import*.xml (catalogue), offers*.xml (prices and stock), or prices*.xml / rests*.xml
 * (only prices, only stock: 1C's «several files» scheme).
 */
function importerOf(filename: string) {
  const base = filename.replace(/\\/g, '/').split('/').pop()!.toLowerCase();
  if (base.startsWith('import') && base.endsWith('.xml')) return importCatalogAndOffers;
  if (base.startsWith('offers') && base.endsWith('.xml')) return importOffersXml;
  if (/^(prices|rests)/.test(base) && base.endsWith('.xml'))
    return (run: OneCRun, file: string) => importOffersXml(run, file, true);
  return undefined;
}

/**
 * import*.xml: its catalogue, then in the same transaction its offers when it carries a `ПакетПредложений`
 * (1C:УТ 10 writes both in one file, issue 28 item 6) and the price types of its Классификатор (2.09+, item 4).
 */
async function importCatalogAndOffers(run: OneCRun, file: string): Promise<void> {
  await importCatalogXml(run, file);
  await importOffersXml(run, file, false, true);
}

/** What a finished import tells: the answer for 1C, and the counts and warnings of the audit entry. */
export interface ImportEnd {
  answer: string;
  items: number;
  summary: Record<string, number>;
  warnings: string[];
}

/**
 * Imports one file of a session's folder in one transaction, audited as `catalogue.imported_1c`. `finish` runs in
 * that transaction with the answer (the job's end is stored with the change: both or neither); `done.items` counts
 * as it reads. @throws ExchangeFileError or XmlFileError with the reason for 1C (nothing changed).
 */
export async function runImport(
  db: Db,
  where: { dir: string; mediaDir: string },
  filename: string,
  actor: Actor,
  done: { items: number },
  finish: (trx: DbOrTrx, end: ImportEnd) => Promise<void>,
): Promise<void> {
  const { dir, mediaDir } = where;
  const importer = importerOf(filename);
  if (!importer)
    throw new ExchangeFileError(
      `Неизвестный файл обмена «${filename}»: ожидаются import*.xml, offers*.xml, prices*.xml и rests*.xml`,
    );
  await unpackArchives(dir);
  if (!(await hasFile(dir, filename)))
    throw new ExchangeFileError(`Файл «${filename}» не загружен (mode=file)`);
  const file = fileIn(dir, filename);
  const keep: OneCRun['keep'] = {};
  try {
    await db.transaction().execute(async (trx) => {
      const nowIso = actor.at.toISOString();
      const run: OneCRun = {
        ...{ trx, actor, nowIso, dir, mediaDir, ids: await CatalogueIds.of(trx) },
        ...{ done, summary: {}, warnings: [], keep },
      };
      await importer(run, file);
      await audit(trx, actor, 'catalogue.imported_1c', { type: 'exchange_file', id: filename }, null, {
        items: done.items,
        ...run.summary,
        ...(run.warnings.length ? { warnings: run.warnings } : {}),
      });
      await finish(trx, {
        answer: answerOf(run),
        items: done.items,
        summary: run.summary,
        warnings: run.warnings,
      });
    });
  } finally {
    // The price types the file sent, even when it is refused: the staff choose the one sold at from them.
    if (keep.priceTypes) await rememberPriceTypes(db, keep.priceTypes, actor.at.toISOString());
  }
}

/**
 * `success`, the count of items read, of those skipped, the products waiting for a category or for pictures (issue 28
 * item 9), and the warnings (one a line).
 */
function answerOf(run: OneCRun): string {
  const lines = ['success', `Загружено: ${run.done.items - (run.summary.skipped ?? 0)}`];
  if (run.summary.skipped) lines.push(`Пропущено: ${run.summary.skipped}`);
  const waiting = run.summary.productsWaitingForMapping ?? run.summary.offersWaitingForMapping;
  if (waiting)
    lines.push(
      `Ждут выбора категории на сайте (Каталог → Обмен с 1С), ` +
        `${run.summary.productsWaitingForMapping ? 'товаров' : 'предложений'}: ${waiting}`,
    );
  if (run.summary.productsWaitingForPictures)
    lines.push(
      `Ждут фотографий (не показаны покупателям; добавьте картинки в 1С или включите на сайте ` +
        `«Публиковать товары без фотографий»), товаров: ${run.summary.productsWaitingForPictures}`,
    );
  lines.push(...run.warnings);
  const more = (run.summary.warnings ?? 0) - run.warnings.length;
  if (more > 0) lines.push(`…и ещё предупреждений: ${more} (журнал действий сайта)`);
  return lines.join('\n');
}

/** The reason 1C is told for an import that failed: the file's own fault, else a plain internal-error text. */
export const failureReason = (e: unknown) =>
  e instanceof ExchangeFileError || e instanceof XmlFileError
    ? e.message
    : 'Внутренняя ошибка сайта при загрузке; ничего не изменено';
