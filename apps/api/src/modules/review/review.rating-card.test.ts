import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModeratedReview, MyReview, Product, ProductCard, ProductList } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { manualClock } from '#app/test/manual-clock.ts';
import { productSkus, reviewFixtures } from '#app/test/review.fixtures.ts';

// The rating on product cards (issue 35 item 5, decision 058): the average and count of PUBLISHED reviews on the
// cards of lists (read model), sliders (by ids) and the product page, kept up to date when staff publish or reject.

const clock = manualClock(new Date());
let t: TestContext;
let f: ReturnType<typeof reviewFixtures>;
let products: Awaited<ReturnType<typeof productSkus>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = reviewFixtures(t);
  products = await productSkus(t, 2, 60);
  // The first product must have no published review yet (the sample catalogue's reviews are on others).
});
afterAll(async () => {
  await t?.close();
});

/** A published-or-not review of `slug` with `rating` by a new customer with a completed order of it. */
async function reviewed(slug: string, skuId: number, rating: number, name: string) {
  const who = await f.customer(name);
  await f.orderOf(who, [skuId]);
  const body = { productSlug: slug, rating, text: 'Хорошая вещь, ношу с удовольствием каждый день.' };
  const res = await f.call<{ review: MyReview }>('POST', '/api/review/create', f.as(who.token), body);
  expect(res.status).toBe(200);
  return res.body.data.review.id;
}
const moderate = (id: string, step: 'publish' | 'reject', body?: unknown) =>
  f.staff<{ review: ModeratedReview }>('POST', `/api/admin/reviews/${id}/${step}`, body, 'manager');

/** The product's card in a list of every product (read model), by ids (sliders) and on its page. */
async function cardsOf(p: { productId: number; slug: string }) {
  let listed: ProductCard | undefined;
  for (let page = 1; !listed; page++) {
    const list = (await t.app.inject(`/api/catalog/products?cityId=1&pageSize=120&page=${page}`)).json()
      .data as ProductList;
    if (!list.items.length) break;
    listed = list.items.find((c) => c.id === p.productId);
  }
  const byIds = (await t.app.inject(`/api/catalog/products/by-ids?cityId=1&ids=${p.productId}`)).json()
    .data as ProductCard[];
  const page = (await t.app.inject(`/api/catalog/product/${p.slug}?cityId=1`)).json().data as Product;
  return [listed?.rating, byIds[0]?.rating, page.rating];
}

describe('rating on product cards', () => {
  it('only published reviews count; publish and reject update lists, sliders and the page at once', async () => {
    const [p, q] = products as [(typeof products)[0], (typeof products)[0]];
    expect(await cardsOf(p)).toEqual([null, null, null]);
    const before = await cardsOf(q);
    const a = await reviewed(p.slug, p.skuId, 5, 'Айгерим');
    const b = await reviewed(p.slug, p.skuId, 4, 'Ерлан');
    const c = await reviewed(p.slug, p.skuId, 4, 'Дана');
    expect(await cardsOf(p)).toEqual([null, null, null]); // pending reviews are not counted
    for (const id of [a, b, c]) expect((await moderate(id, 'publish')).status).toBe(200);
    const three = { average: 4.3, count: 3 };
    expect(await cardsOf(p)).toEqual([three, three, three]);
    expect(await cardsOf(q)).toEqual(before); // another product's rating is its own
    expect((await moderate(a, 'reject', { reason: 'Текст не о товаре' })).status).toBe(200);
    const two = { average: 4, count: 2 };
    expect(await cardsOf(p)).toEqual([two, two, two]);
  });
});
