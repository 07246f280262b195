import type { Db } from '#app/db/database.ts';
import { CatalogueIds } from '#app/modules/catalog/catalog.import.ts';
import { audit, type Actor } from '#app/modules/staff/staff.audit.ts';
import { fileIn, hasFile, unpackArchives } from './onec.files.ts';
import { importCatalogXml } from './onec.catalog.ts';
import { importOffersXml } from './onec.offers.ts';
import { ExchangeFileError } from './onec.parse.ts';
import { rememberPriceTypes } from './onec.prices.ts';
import type { OneCRun } from './onec.run.ts';
import { XmlFileError } from './xml.stream.ts';

// `type=catalog&mode=import` (issue 12 item 3): one file imported in one transaction, audited as
// `catalogue.imported_1c` with what it did. The import runs in the background; calls answer `progress` while it runs
// (1C asks again), then `success` or `failure` with the reason, after which nothing of a failed file is kept.

/** How long a call waits for the import before answering `progress`. */
export const IMPORT_WAIT_MS = 20_000;

interface Job {
  done: { items: number };
  result?: string;
  finished: Promise<void>;
}
const jobs = new Map<string, Job>();

/**
 * Which importer reads a file: import*.xml (catalogue), offers*.xml (prices and stock), or prices*.xml / rests*.xml
 * (only prices, only stock: 1C's «several files» scheme).
 */
function importerOf(filename: string) {
  const base = filename.replace(/\\/g, '/').split('/').pop()!.toLowerCase();
  if (base.startsWith('import') && base.endsWith('.xml')) return importCatalogXml;
  if (base.startsWith('offers') && base.endsWith('.xml')) return importOffersXml;
  if (/^(prices|rests)/.test(base) && base.endsWith('.xml'))
    return (run: OneCRun, file: string) => importOffersXml(run, file, true);
  return undefined;
}

async function runImport(db: Db, dir: string, mediaDir: string, filename: string, actor: Actor, job: Job) {
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
        ...{ done: job.done, summary: {}, warnings: [], keep },
      };
      await importer(run, file);
      await audit(trx, actor, 'catalogue.imported_1c', { type: 'exchange_file', id: filename }, null, {
        items: job.done.items,
        ...run.summary,
        ...(run.warnings.length ? { warnings: run.warnings } : {}),
      });
      job.result = answerOf(run);
    });
  } finally {
    // The price types the file sent, even when it is refused: the staff choose the one sold at from them.
    if (keep.priceTypes) await rememberPriceTypes(db, keep.priceTypes, actor.at.toISOString());
  }
}

/** `success`, the count of items read, of those skipped, and the warnings (one a line). */
function answerOf(run: OneCRun): string {
  const lines = ['success', `Загружено: ${run.done.items - (run.summary.skipped ?? 0)}`];
  if (run.summary.skipped) lines.push(`Пропущено: ${run.summary.skipped}`);
  const waiting = run.summary.productsWaitingForMapping ?? run.summary.offersWaitingForMapping;
  if (waiting)
    lines.push(
      `Ждут выбора категории на сайте (Каталог → Обмен с 1С), ` +
        `${run.summary.productsWaitingForMapping ? 'товаров' : 'предложений'}: ${waiting}`,
    );
  lines.push(...run.warnings);
  const more = (run.summary.warnings ?? 0) - run.warnings.length;
  if (more > 0) lines.push(`…и ещё предупреждений: ${more} (журнал действий сайта)`);
  return lines.join('\n');
}

const reason = (e: unknown) =>
  e instanceof ExchangeFileError || e instanceof XmlFileError
    ? e.message
    : 'Внутренняя ошибка сайта при загрузке; ничего не изменено';

/**
 * Starts (or continues watching) the import of `filename` of a session and waits up to {@link IMPORT_WAIT_MS}.
 * @returns the protocol's answer: `progress…`, `success…` or `failure\n<reason>`.
 */
export async function importStep(
  db: Db,
  session: { id: string; dir: string; mediaDir: string },
  filename: string,
  actor: Actor,
  log: (e: unknown) => void,
  waitMs = IMPORT_WAIT_MS,
): Promise<string> {
  const key = `${session.id}:${filename}`;
  let job = jobs.get(key);
  if (!job) {
    const fresh: Job = { done: { items: 0 }, finished: Promise.resolve() };
    fresh.finished = runImport(db, session.dir, session.mediaDir, filename, actor, fresh).catch((e) => {
      if (!(e instanceof ExchangeFileError || e instanceof XmlFileError)) log(e);
      fresh.result = `failure\n${reason(e)}`;
    });
    jobs.set(key, fresh);
    job = fresh;
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([job.finished, new Promise((r) => (timer = setTimeout(r, waitMs)))]);
  clearTimeout(timer);
  if (job.result === undefined) return `progress\nОбработано: ${job.done.items}`;
  jobs.delete(key);
  return job.result;
}
