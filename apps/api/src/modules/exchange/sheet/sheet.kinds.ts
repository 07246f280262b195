import type { ImportKind, Permission } from '@kiim/contract';
import type { SheetKind } from './import.core.ts';
import { pricesSheet } from './import.prices.ts';
import { productsSheet } from './import.products.ts';
import { stockSheet } from './import.stock.ts';

/** The spreadsheet kinds and the staff permission each needs (stock: stock.edit; the rest: catalogue.edit). */
export const SHEET_KINDS: Partial<Record<ImportKind, { sheet: SheetKind; permission: Permission }>> = {
  stock: { sheet: stockSheet, permission: 'stock.edit' },
  prices: { sheet: pricesSheet, permission: 'catalogue.edit' },
  products: { sheet: productsSheet, permission: 'catalogue.edit' },
};
