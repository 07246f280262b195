import {
  STOCK_REASON_EFFECT,
  type ManualStockReason,
  type StockChangesInput,
  type StockReasonEffect,
} from '@kiim/contract';

// The product's stock form (issue 27 item 6): a grid of its sizes × cities, one reason and one note, sent in one
// request to `POST /api/admin/catalogue/stock/changes`. These pure parts read the grid, name the lines in refusals
// and say what the chosen reason does with the numbers typed.

/** A size of the grid: its SKU id and how staff call it. */
export interface GridSize {
  id: number;
  size: string;
}
/** A city of the grid. */
export interface GridCity {
  id: number;
  name: string;
}

/** The field of the grid's cell for the size `skuId` in the city `cityId`. */
export const changeCell = (skuId: number, cityId: number) => `qty.${skuId}.${cityId}`;

/** The grid read as the API's body, and for each of its lines the cell and the words that name it. */
export interface StockChange {
  body: StockChangesInput;
  lines: { cell: string; label: string }[];
}

/**
 * The stock form's fields as the body of `POST …/stock/changes`: the reason and note, and a line for every cell
 * that has something typed (in size order, then city order); empty cells change nothing. Numbers are left as typed
 * for the contract to check (StockChangesInput: whole, 0 to 1 000 000).
 */
export function stockChangeOf(
  v: Record<string, string | string[]>,
  sizes: readonly GridSize[],
  cities: readonly GridCity[],
): StockChange {
  const lines: StockChange['lines'] = [];
  const body: StockChangesInput = {
    reason: String(v.reason ?? '') as ManualStockReason,
    note: String(v.note ?? ''),
    lines: [],
  };
  for (const s of sizes)
    for (const c of cities) {
      const cell = changeCell(s.id, c.id);
      const typed = String(v[cell] ?? '').trim();
      if (typed === '') continue;
      body.lines.push({ skuId: s.id, cityId: c.id, quantity: typed as unknown as number });
      lines.push({ cell, label: `Размер ${s.size}, ${c.name}` });
    }
  return { body, lines };
}

/**
 * The refusal's messages placed on the grid: a line's message (`lines.{i}.quantity`, the contract's or the API's)
 * under its cell, and in `_form` a summary that names each refused line («Размер M, Астана: …») — the API's own
 * message already names the size and city, so it is shown as it is. `lines` (no line typed) goes to `_form` too.
 */
export function changeErrors(
  errors: Record<string, string>,
  lines: StockChange['lines'],
): Record<string, string> {
  const out: Record<string, string> = {};
  const summary: string[] = [];
  for (const [path, message] of Object.entries(errors)) {
    const m = /^lines\.(\d+)\./.exec(path);
    const line = m ? lines[Number(m[1])] : undefined;
    if (line) {
      out[line.cell] = message;
      summary.push(/размер/i.test(message) ? message : `${line.label}: ${message}`);
    } else if (path === 'lines' || path === '_form') summary.push(message);
    else out[path] = message;
  }
  if (summary.length) out._form = summary.join(' ');
  return out;
}

/** What each effect makes of the grid: the cells' heading and the button's words. */
export const EFFECT_WORDS: Record<StockReasonEffect, { column: string; button: string }> = {
  add: { column: 'Прибавить, шт.', button: 'Прибавить к остаткам' },
  set: { column: 'Новый остаток, шт.', button: 'Установить остатки' },
  remove: { column: 'Списать, шт.', button: 'Списать с остатков' },
};

/** The cells' heading and the button's words for `reason` (contract STOCK_REASON_EFFECT). */
export const effectWords = (reason: ManualStockReason) => EFFECT_WORDS[STOCK_REASON_EFFECT[reason]];

/**
 * The level a cell would leave (shown beside it before sending): `now` with `typed` added, taken away or set as the
 * reason says; null when nothing (or not a whole number ≥ 0) is typed. Below zero is shown as it is — the API
 * refuses it.
 */
export function levelAfter(reason: ManualStockReason, now: number, typed: string): number | null {
  const t = typed.trim();
  if (!/^\d{1,7}$/.test(t)) return null;
  const n = Number(t);
  const effect = STOCK_REASON_EFFECT[reason];
  return effect === 'set' ? n : effect === 'add' ? now + n : now - n;
}
