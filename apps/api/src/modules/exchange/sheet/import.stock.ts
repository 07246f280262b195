import { MAX_STOCK_UNITS, type ImportRowError } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { listCities } from '#app/modules/catalog/catalog.service.ts';
import type { SheetRow } from './csv.sheet.ts';
import { wholeNumber } from './csv.sheet.ts';
import { rowError, type ImportPlan, type PlannedChange, type SheetKind } from './import.core.ts';
import { setStockLevels, skusOf, stockMap } from '../exchange.writes.ts';

// Stock from a spreadsheet (issue 12 item 2): `externalId` (the SKU's ERP id), `cityId` or `city` (the city's name),
// `quantity` (whole units, never negative). A SKU and a city appear at most once in a file.

/** Finds a city by id or by name (case and «ё» ignored). */
export async function cityFinder(db: DbOrTrx) {
  const cities = await listCities(db);
  const key = (s: string) => s.trim().toLowerCase().replace(/ё/g, 'е');
  const byName = new Map(cities.map((c) => [key(c.name), c.id]));
  const ids = new Set(cities.map((c) => c.id));
  return {
    byId: (id: number) => (ids.has(id) ? id : undefined),
    byName: (name: string) => byName.get(key(name)),
    name: (id: number) => cities.find((c) => c.id === id)?.name ?? String(id),
  };
}

interface StockRow {
  row: number;
  externalId: string;
  skuId: number;
  cityId: number;
  quantity: number;
}

/** Checks the cells of one row. @returns the row or its errors. */
function checkRow(
  r: SheetRow,
  skuIds: Map<string, number>,
  cities: Awaited<ReturnType<typeof cityFinder>>,
): Omit<StockRow, 'row'> | ImportRowError[] {
  const errors: ImportRowError[] = [];
  const externalId = r.cells.externalId ?? '';
  const skuId = skuIds.get(externalId);
  if (!externalId) errors.push(rowError(r.row, 'externalId', 'Не указан код размера товара (externalId)'));
  else if (skuId === undefined)
    errors.push(rowError(r.row, 'externalId', `Нет размера товара с кодом «${externalId}»`));
  const cityCell = r.cells.cityId || r.cells.city || '';
  const cityNumber = r.cells.cityId ? wholeNumber(r.cells.cityId) : null;
  const cityId = cityNumber !== null ? cities.byId(cityNumber) : cities.byName(cityCell);
  if (!cityCell) errors.push(rowError(r.row, 'cityId', 'Не указан город (cityId или city)'));
  else if (cityId === undefined) errors.push(rowError(r.row, 'cityId', `Нет города «${cityCell}»`));
  const quantity = wholeNumber(r.cells.quantity ?? '');
  if (quantity === null)
    errors.push(
      rowError(r.row, 'quantity', `Количество должно быть целым числом, а не «${r.cells.quantity ?? ''}»`),
    );
  else if (quantity < 0) errors.push(rowError(r.row, 'quantity', 'Количество не может быть отрицательным'));
  else if (quantity > MAX_STOCK_UNITS)
    errors.push(rowError(r.row, 'quantity', 'Количество больше 1 000 000 — проверьте, нет ли опечатки'));
  return errors.length ? errors : { externalId, skuId: skuId!, cityId: cityId!, quantity: quantity! };
}

/** The stock kind: changes of units per SKU and city. */
export const stockSheet: SheetKind = {
  kind: 'stock',
  columns: [
    { name: 'externalId', required: true, aliases: ['external_id', 'артикул', 'код'] },
    { name: 'cityId', required: false, aliases: ['city_id', 'код города'] },
    { name: 'city', required: false, aliases: ['город'] },
    { name: 'quantity', required: true, aliases: ['количество', 'остаток'] },
  ],
  async plan(db, rows): Promise<ImportPlan> {
    const skus = await skusOf(
      db,
      rows.map((r) => r.cells.externalId ?? ''),
    );
    const skuIds = new Map(skus.map((s) => [s.external_id, s.id]));
    const cities = await cityFinder(db);
    const errors: ImportRowError[] = [];
    const good = new Map<string, StockRow>();
    for (const r of rows) {
      const checked = checkRow(r, skuIds, cities);
      if (Array.isArray(checked)) errors.push(...checked);
      else {
        const key = `${checked.skuId}:${checked.cityId}`;
        const first = good.get(key);
        if (first)
          errors.push(rowError(r.row, 'externalId', `Размер и город уже указаны в строке ${first.row}`));
        else good.set(key, { row: r.row, ...checked });
      }
    }
    const current = await stockMap(db, [...new Set([...good.values()].map((g) => g.skuId))]);
    const changes: PlannedChange[] = [];
    const writes: { skuId: number; cityId: number; quantity: number; note: string }[] = [];
    for (const [key, g] of good) {
      const before = current.get(key) ?? 0;
      if (before === g.quantity) continue;
      changes.push({
        ...{ row: g.row, externalId: g.externalId, field: `quantity:${cities.name(g.cityId)}` },
        ...{ before, after: g.quantity },
      });
      writes.push({ skuId: g.skuId, cityId: g.cityId, quantity: g.quantity, note: `CSV, строка ${g.row}` });
    }
    return {
      ...{ changes, unchangedRows: good.size - changes.length, errors },
      write: (trx, actor) => setStockLevels(trx, writes, actor),
    };
  },
};
