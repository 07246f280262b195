import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FitSuggestion } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { reviewFixtures } from '#app/test/review.fixtures.ts';

// «Ваш размер» (issue 35 item 6, decision 066) on a real database (SQLite, or PostgreSQL with DATABASE_URL): the
// size kept in a completed order of the same brand and category, moved by the published reviews' fit majority;
// anonymous shoppers get the fit only (on a product without seeded reviews); no data is all null; cancelled orders and bad tokens do not count.

let t: TestContext;
let f: ReturnType<typeof reviewFixtures>;
let product: { id: number; slug: string; sizes: { size: string; skuId: number }[] };

beforeAll(async () => {
  t = await createTestApp();
  f = reviewFixtures(t);
  const skus = await t.db
    .selectFrom('sku')
    .innerJoin('product', 'product.id', 'sku.product_id')
    .select(['product.id as productId', 'product.slug', 'sku.id as skuId', 'sku.size'])
    .where('product.is_active', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('review').select('id').whereRef('review.product_id', '=', 'product.id')),
      ),
    )
    .orderBy('product.id')
    .orderBy('sku.size_order')
    .execute();
  const byProduct = new Map<number, typeof skus>();
  for (const s of skus)
    byProduct.set(Number(s.productId), [...(byProduct.get(Number(s.productId)) ?? []), s]);
  const [id, rows] = [...byProduct].find(([, r]) => new Set(r.map((x) => x.size)).size >= 3)!;
  product = { id, slug: rows[0]!.slug, sizes: rows.map((r) => ({ size: r.size, skuId: Number(r.skuId) })) };
});
afterAll(async () => {
  await t?.close();
});

const fitOf = async (token?: string) => {
  const r = await f.call<FitSuggestion>(
    'GET',
    `/api/catalog/product/${product.slug}/fit`,
    token ? f.as(token) : {},
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

/** Published imported reviews of the product with these fit answers. */
async function reviews(fits: (string | null)[]) {
  const now = new Date().toISOString();
  await t.db
    .insertInto('review')
    .values(
      fits.map((fit, i) => ({
        id: `fit-${fit}-${i}-${Math.random().toString(36).slice(2, 8)}`,
        product_id: product.id,
        customer_id: null,
        order_id: null,
        source: 'import',
        author_name: 'Покупатель',
        rating: 5,
        fit,
        body: 'Хорошая вещь, рекомендую.',
        helpful_count: 0,
        status: 'published',
        rejection_reason: null,
        moderated_by: null,
        moderated_at: now,
        published_at: now,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

const none = { suggestedSize: null, keptSize: null, fit: null };

describe('«Ваш размер»', () => {
  it('is all empty without orders or reviews, 404 for an unknown product and 403 for a bad token', async () => {
    expect(await fitOf()).toEqual(none);
    const shopper = await f.customer();
    expect(await fitOf(shopper.token)).toEqual(none);
    const unknown = await f.call('GET', '/api/catalog/product/net-takogo-tovara/fit');
    expect(unknown.status).toBe(404);
    const bad = await f.call('GET', `/api/catalog/product/${product.slug}/fit`, f.as('not-a-real-token'));
    expect(bad.status).toBe(403);
  });

  it('suggests the size kept in a completed order, not in a cancelled one', async () => {
    const middle = product.sizes.find((s) => s.size !== product.sizes[0]!.size)!;
    const cancelled = await f.customer('Ерлан');
    await f.orderOf(cancelled, [middle.skuId], 'cancelled');
    expect(await fitOf(cancelled.token)).toEqual(none);

    const shopper = await f.customer('Динара');
    await f.orderOf(shopper, [middle.skuId], 'completed');
    expect(await fitOf(shopper.token)).toEqual({
      suggestedSize: middle.size,
      keptSize: middle.size,
      fit: null,
    });

    // Reviews say it runs small (3 of 4 answers): one size up; a visitor sees only the reviews' fit.
    await reviews(['small', 'small', 'small', 'true_to_size', null]);
    const sizes = [...new Set(product.sizes.map((s) => s.size))];
    const up = sizes[sizes.indexOf(middle.size) + 1]!;
    expect(await fitOf(shopper.token)).toEqual({ suggestedSize: up, keptSize: middle.size, fit: 'small' });
    expect(await fitOf()).toEqual({ suggestedSize: null, keptSize: null, fit: 'small' });
  });
});
