import { expect } from 'vitest';
import { ProductList, dataOf, type ProductListQuery } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { listProductsModelJson } from './listing.ts';

/**
 * The read model's list answer — the very bytes the API sends — as an object, for comparing with the SQL oracle
 * (`listProductsSql`, listing.oracle.testing.ts); checks that it is the contract's `{data: ProductList}` with no
 * field more or less.
 * @throws what `listProductsModelJson` throws (an unknown city or category).
 */
export async function modelList(db: DbOrTrx, query: ProductListQuery): Promise<ProductList> {
  const answer = JSON.parse((await listProductsModelJson(db, query)).toString()) as { data: ProductList };
  expect(dataOf(ProductList).parse(answer)).toEqual(answer);
  return answer.data;
}
