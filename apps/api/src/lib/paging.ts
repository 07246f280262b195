/** One page of a back-office list: its items, its number (from 1), how many pages there are (at least 1) and the total. */
export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}

/**
 * The page answer of the back office's paged lists (orders, customers, products, low stock, stock movements, audit,
 * notifications): `items` of page `page` (from 1) of `total` rows at `size` per page; an empty list has one page.
 */
export const pageOf = <T>(items: T[], page: number, total: number, size: number): Page<T> => ({
  items,
  page,
  pageCount: Math.max(1, Math.ceil(total / size)),
  total,
});
