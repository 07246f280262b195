import {
  ExchangeErrorCode,
  IMPORT_LIST_LIMIT,
  type ImportChange,
  type ImportKind,
  type ImportResult,
  type ImportRowError,
} from '@kiim/contract';
import type { Db, DbOrTrx } from '#app/db/database.ts';
import { AppError } from '#app/lib/errors.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import { readSheet, type ColumnSpec, type SheetRow } from './csv.sheet.ts';

// The one catalogue import core (issue 12 item 2, docs/decisions/021): parse → validate → preview → apply. A kind
// (stock, prices, products) says which columns it reads, how a row becomes a checked value (with Russian messages
// for bad rows) and what the good rows change against the catalogue as it is; the core previews that, or applies it
// in one transaction with an audit entry. Changes are computed against the current state, so applying the same file
// twice changes nothing the second time.

/** A planned change with how to make it (unless its plan writes all its changes at once: {@link ImportPlan.write}). */
export interface PlannedChange extends ImportChange {
  apply?(trx: DbOrTrx, actor: Actor): Promise<void>;
}

/** What a kind made of the rows: the checked rows' changes, the unchanged rows, the bad rows. */
export interface ImportPlan {
  changes: PlannedChange[];
  unchangedRows: number;
  errors: ImportRowError[];
  /** Writes every change at once (batched writes, e.g. stock); without it each change's `apply` runs in turn. */
  write?(trx: DbOrTrx, actor: Actor): Promise<void>;
  /** Runs once after the changes (e.g. the search index of new products). */
  finish?(trx: DbOrTrx): Promise<void>;
}

/** One kind of spreadsheet. */
export interface SheetKind {
  kind: ImportKind;
  columns: readonly ColumnSpec[];
  /** Checks the rows and computes their changes against `db` (the apply's transaction when applying). */
  plan(db: DbOrTrx, rows: readonly SheetRow[], actor: Actor): Promise<ImportPlan>;
}

/** A bad row in a cell. */
export const rowError = (row: number, column: string | null, message: string): ImportRowError => ({
  row,
  column,
  message,
});

function resultOf(kind: ImportKind, rowCount: number, plan: ImportPlan, applied: boolean): ImportResult {
  return {
    kind,
    rowCount,
    changeCount: plan.changes.length,
    changes: plan.changes.slice(0, IMPORT_LIST_LIMIT).map(({ apply: _a, ...c }) => c),
    unchangedRows: plan.unchangedRows,
    errorCount: plan.errors.length,
    errors: [...plan.errors].sort((a, b) => a.row - b.row).slice(0, IMPORT_LIST_LIMIT),
    applied,
  };
}

/**
 * Reads a file of `kind` (streamed, bounded by SHEET_LIMITS) and answers what it would change and its bad rows;
 * changes nothing. @throws AppError 413 / 422 as {@link readSheet}.
 */
export async function previewSheet(
  db: Db,
  kind: SheetKind,
  file: AsyncIterable<Uint8Array>,
  actor: Actor,
): Promise<ImportResult> {
  const rows = await readSheet(file, kind.columns);
  return resultOf(kind.kind, rows.length, await kind.plan(db, rows, actor), false);
}

/**
 * Applies a file of `kind` in one transaction, recorded in the audit log (`catalogue.imported`, with the counts and
 * the first changes). Nothing changes when the file has bad rows, unless `skipBadRows`: then exactly the good rows.
 * @throws AppError 413 fileTooLarge, 422 unreadableFile / wrongColumns (as {@link readSheet}); 422 badRows (with the result in `details`) when bad rows
 *   are there and not skipped.
 */
export async function applySheet(
  db: Db,
  kind: SheetKind,
  file: AsyncIterable<Uint8Array>,
  actor: Actor,
  skipBadRows: boolean,
): Promise<ImportResult> {
  const rows = await readSheet(file, kind.columns);
  return db.transaction().execute(async (trx) => {
    const plan = await kind.plan(trx, rows, actor);
    if (plan.errors.length > 0 && !skipBadRows) {
      throw new AppError(
        422,
        ExchangeErrorCode.badRows,
        `В файле есть строки с ошибками (${plan.errors.length}): исправьте их или выберите «Пропустить строки с ошибками»`,
        resultOf(kind.kind, rows.length, plan, false),
      );
    }
    if (plan.write) await plan.write(trx, actor);
    else for (const c of plan.changes) await c.apply?.(trx, actor);
    await plan.finish?.(trx);
    const result = resultOf(kind.kind, rows.length, plan, true);
    if (plan.changes.length > 0) {
      await audit(trx, actor, 'catalogue.imported', { type: 'catalogue_import', id: kind.kind }, null, {
        kind: kind.kind,
        rowCount: result.rowCount,
        changeCount: result.changeCount,
        skippedRows: [...new Set(plan.errors.map((e) => e.row))].slice(0, IMPORT_LIST_LIMIT),
        changes: result.changes.slice(0, 50),
      });
    }
    return result;
  });
}
