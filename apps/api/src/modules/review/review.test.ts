import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  FEEDBACK_RATE_LIMITS,
  ReviewErrorCode,
  StaffErrorCode,
  type StaffRole,
  type ModeratedReview,
  type MyReview,
  type ReviewPage,
  type ReviewSummary,
} from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { expectRefused } from '#app/test/inject.ts';
import { manualClock } from '#app/test/manual-clock.ts';
import { productSkus, reviewFixtures } from '#app/test/review.fixtures.ts';
import { auditOf, staffCall } from '#app/test/staff.fixtures.ts';

// Reviews (issue 10): who may review what (only products of the customer's own completed orders, once per
// product), validation, limits, moderation by staff and what the public sees, «helpful» votes.

const clock = manualClock(new Date());
let t: TestContext;
let f: ReturnType<typeof reviewFixtures>;
let products: Awaited<ReturnType<typeof productSkus>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = reviewFixtures(t);
  products = await productSkus(t, 12, 40);
});
afterAll(async () => {
  await t?.close();
});

const review = (slug: string, over: Record<string, unknown> = {}) => ({
  productSlug: slug,
  rating: 5,
  text: 'Отличная вещь, ношу каждый день и не нарадуюсь.',
  fit: 'true_to_size',
  ...over,
});
const create = (token: string | undefined, body: unknown) =>
  f.call<{ review: MyReview }>('POST', '/api/review/create', token ? f.as(token) : {}, body);
const summaryOf = async (slug: string) =>
  (await f.call<ReviewSummary>('GET', `/api/review/product/${slug}/summary`)).body.data;
const publicPage = async (slug: string, query = '') =>
  (await f.call<ReviewPage>('GET', `/api/review/product/${slug}${query}`)).body.data;
const moderate = (
  id: string,
  step: 'publish' | 'reject',
  body?: unknown,
  role: StaffRole | null = 'manager',
) => f.staff<{ review: ModeratedReview }>('POST', `/api/admin/reviews/${id}/${step}`, body, role);

describe('who may review a product', () => {
  it('a visitor gets 401 and a bad token 403 (spec §8), before the body is read', async () => {
    expect((await create(undefined, {})).status).toBe(401);
    expect((await create('not-a-real-token', review(products[0]!.slug))).status).toBe(403);
    expect((await f.call('GET', '/api/review/my')).status).toBe(401);
  });

  it('only a product of the customer’s own completed order: none, a new one, a cancelled one, another’s → 422', async () => {
    const [p, q, r] = products;
    const owner = await f.customer();
    const stranger = await f.customer('Ерлан');
    await f.orderOf(owner, [p!.skuId]);
    await f.orderOf(owner, [q!.skuId], 'new');
    await f.orderOf(owner, [r!.skuId], 'cancelled');
    for (const [who, slug] of [
      [stranger, p!.slug],
      [owner, q!.slug],
      [owner, r!.slug],
    ] as const)
      await expectRefused(
        f.counts,
        422,
        ReviewErrorCode.productNotReviewable,
        () => create(who.token, review(slug)),
        slug,
      );
    const ok = await create(owner.token, review(p!.slug));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.review).toMatchObject({
      status: 'pending',
      rating: 5,
      fit: 'true_to_size',
      rejectionReason: null,
    });
    expect(ok.body.data.review.product).toMatchObject({ slug: p!.slug, id: p!.productId });
  });

  it('once per product: a second review → 409 with a clear message, also when sent at the same moment', async () => {
    const [, , , p, q] = products;
    const c = await f.customer();
    await f.orderOf(c, [p!.skuId, q!.skuId]);
    expect((await create(c.token, review(p!.slug))).status).toBe(200);
    await expectRefused(f.counts, 409, ReviewErrorCode.alreadyReviewed, () =>
      create(c.token, review(p!.slug, { rating: 1 })),
    );
    const again = await create(c.token, review(p!.slug));
    expect(again.body.message).toContain('уже оставили отзыв');
    // Two at once: one is written, the other sees it (the author's lock) and is refused.
    const both = await Promise.all([
      create(c.token, review(q!.slug)),
      create(c.token, review(q!.slug, { rating: 3 })),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const mine = await f.call<{ items: MyReview[] }>('GET', '/api/review/my', f.as(c.token));
    expect(mine.body.data.items.map((r) => r.product.slug).sort()).toEqual([p!.slug, q!.slug].sort());
  });

  it('bad input → 400 with field errors, nothing written; an unknown product → 404', async () => {
    const [, , , , , p] = products;
    const c = await f.customer();
    await f.orderOf(c, [p!.skuId]);
    const cases: [Record<string, unknown>, string][] = [
      [{ rating: 0 }, 'rating'],
      [{ rating: 6 }, 'rating'],
      [{ rating: 4.5 }, 'rating'],
      [{ rating: '5' }, 'rating'],
      [{ text: '' }, 'text'],
      [{ text: '   коротко  ' }, 'text'],
      [{ text: 'я'.repeat(2001) }, 'text'],
      [{ text: 'Хорошо сидит\u0000, спасибо' }, 'text'],
      [{ fit: 'huge' }, 'fit'],
      [{ productSlug: '' }, 'productSlug'],
    ];
    for (const [over, field] of cases) {
      const before = await f.counts();
      const r = await create(c.token, review(p!.slug, over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.code).toBe(ErrorCode.validation);
      expect(Object.keys(r.body.errors ?? {}), JSON.stringify(over)).toContain(field);
      expect(await f.counts()).toEqual(before);
    }
    expect((await create(c.token, { ...review(p!.slug), extra: 1 })).status).toBe(400);
    await expectRefused(f.counts, 404, ErrorCode.notFound, () => create(c.token, review('no-such-product')));
  });

  it('text is stored as typed: markup and quotes come back unchanged (escaping is the reader’s job)', async () => {
    const [, , , , , , p] = products;
    const c = await f.customer();
    await f.orderOf(c, [p!.skuId]);
    const text = '<script>alert("x")</script> & «кавычки»\r\nвторая строка  ';
    const r = await create(c.token, review(p!.slug, { text, fit: undefined }));
    expect(r.status).toBe(200);
    expect(r.body.data.review.text).toBe('<script>alert("x")</script> & «кавычки»\nвторая строка');
    expect(r.body.data.review.fit).toBeNull();
  });
});

describe('moderation and what the public sees', () => {
  it('staff routes need reviews.moderate: 401 without a session, 403 for a role without it or from another site', async () => {
    expect((await f.staff('GET', '/api/admin/reviews', undefined, null)).status).toBe(401);
    const someId = '00000000-0000-4000-8000-000000000000';
    await expectRefused(f.counts, 401, StaffErrorCode.signedOut, () =>
      moderate(someId, 'publish', undefined, null),
    );
    await expectRefused(f.counts, 403, StaffErrorCode.permissionDenied, () =>
      moderate(someId, 'publish', undefined, 'catalogue'),
    );
    const { cookie } = await f.member('manager');
    const crossSite = await staffCall(
      t.app,
      cookie,
      'POST',
      `/api/admin/reviews/${someId}/publish`,
      undefined,
      {
        origin: 'https://evil.example',
      },
    );
    expect([crossSite.status, crossSite.body.code]).toEqual([403, StaffErrorCode.crossSiteRequest]);
    const queue = await f.staff<{ items: ModeratedReview[] }>('GET', '/api/admin/reviews?status=pending');
    expect(queue.status).toBe(200);
    const times = queue.body.data.items.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort());
    expect(queue.body.data.items.every((r) => r.status === 'pending')).toBe(true);
    // The owner may moderate too (the permission matrix: owner and manager).
    expect((await f.staff('GET', '/api/admin/reviews', undefined, 'owner')).status).toBe(200);
  });

  it('pending → published → taken down with a reason; only published reviews are public, the author sees the reason', async () => {
    const p = products[7]!;
    const author = await f.customer('Дана');
    const number = await f.orderOf(author, [p.skuId]);
    const before = await summaryOf(p.slug);
    const written = (await create(author.token, review(p.slug, { rating: 2, fit: 'small' }))).body.data
      .review;

    // Pending: nobody but its author sees it.
    expect((await publicPage(p.slug)).items.map((r) => r.id)).not.toContain(written.id);
    expect((await summaryOf(p.slug)).count).toBe(before.count);
    const other = await f.customer('Ерлан');
    const theirs = await f.call<{ items: MyReview[] }>('GET', '/api/review/my', f.as(other.token));
    expect(theirs.body.data.items).toEqual([]);
    expect((await f.call('POST', `/api/review/${written.id}/helpful`, f.as(other.token))).status).toBe(404);

    const queue = await f.staff<{ items: ModeratedReview[] }>('GET', '/api/admin/reviews?pageSize=100');
    const queued = queue.body.data.items.find((r) => r.id === written.id)!;
    expect(queued).toMatchObject({
      authorName: 'Дана К.',
      customerId: author.id,
      orderNumber: number,
      source: 'customer',
    });

    const published = await moderate(written.id, 'publish');
    expect(published.status).toBe(200);
    const manager = await f.member('manager');
    expect((await auditOf(t.db, 'review.published')).find((e) => e.entity_id === written.id)).toMatchObject({
      actor_type: 'staff',
      actor_id: manager.id,
      entity_type: 'review',
      before: { status: 'pending', rejectionReason: null },
      after: { status: 'published', rejectionReason: null },
    });
    expect(published.body.data.review).toMatchObject({ status: 'published', rejectionReason: null });
    const after = await summaryOf(p.slug);
    expect(after.count).toBe(before.count + 1);
    expect(after.fit.small).toBe(before.fit.small + 1);
    expect(after.ratings.find((r) => r.rating === 2)!.count).toBe(
      before.ratings.find((r) => r.rating === 2)!.count + 1,
    );
    expect(after.latest[0]).toMatchObject({
      id: written.id,
      authorName: 'Дана К.',
      verifiedPurchase: true,
      rating: 2,
    });
    expect((await publicPage(p.slug)).items[0]!.id).toBe(written.id);
    await expectRefused(f.counts, 409, ReviewErrorCode.moderationConflict, () =>
      moderate(written.id, 'publish'),
    );

    const noReason = await moderate(written.id, 'reject', {});
    expect(noReason.status).toBe(400);
    expect(Object.keys(noReason.body.errors ?? {})).toContain('reason');
    const rejected = await moderate(written.id, 'reject', { reason: 'В отзыве указан номер телефона' });
    expect(rejected.body.data.review).toMatchObject({
      status: 'rejected',
      rejectionReason: 'В отзыве указан номер телефона',
    });
    expect((await summaryOf(p.slug)).count).toBe(before.count);
    const mine = await f.call<{ items: MyReview[] }>('GET', '/api/review/my', f.as(author.token));
    expect(mine.body.data.items[0]).toMatchObject({
      id: written.id,
      status: 'rejected',
      rejectionReason: 'В отзыве указан номер телефона',
    });
    await expectRefused(f.counts, 409, ReviewErrorCode.moderationConflict, () =>
      moderate(written.id, 'reject', { reason: 'Ещё раз' }),
    );

    await expectRefused(f.counts, 404, ReviewErrorCode.reviewNotFound, () =>
      moderate('00000000-0000-4000-8000-000000000000', 'publish'),
    );
    expect((await moderate('not-a-uuid', 'publish')).status).toBe(400);
  });

  it('public pages: paged, newest first or most useful first; an unknown product is 404', async () => {
    const p = products[8]!;
    const voters = await Promise.all([f.customer('Асель'), f.customer('Нурлан'), f.customer('Мадина')]);
    const authors = await Promise.all([f.customer('Камила'), f.customer('Тимур')]);
    const ids: string[] = [];
    for (const a of authors) {
      await f.orderOf(a, [p.skuId]);
      const id = (await create(a.token, review(p.slug))).body.data.review.id;
      expect((await moderate(id, 'publish')).status).toBe(200);
      clock.advance(1000);
      ids.push(id);
    }
    // The older review gets two votes (a repeat counts once), the newer one none; its author cannot vote.
    const vote = (id: string, token: string) =>
      f.call<{ helpfulCount: number }>('POST', `/api/review/${id}/helpful`, f.as(token));
    expect((await vote(ids[0]!, voters[0]!.token)).body.data.helpfulCount).toBe(1);
    expect((await vote(ids[0]!, voters[0]!.token)).body.data.helpfulCount).toBe(1);
    expect((await vote(ids[0]!, voters[1]!.token)).body.data.helpfulCount).toBe(2);
    await expectRefused(f.counts, 422, ReviewErrorCode.ownReviewVote, () => vote(ids[1]!, authors[1]!.token));
    expect((await f.call('POST', `/api/review/${ids[0]}/helpful`)).status).toBe(401);

    const newest = await publicPage(p.slug, '?pageSize=50');
    const mineOnly = (page: ReviewPage) => page.items.map((r) => r.id).filter((id) => ids.includes(id));
    expect(mineOnly(newest)).toEqual([ids[1], ids[0]]);
    const useful = await publicPage(p.slug, '?pageSize=50&sort=useful');
    expect(mineOnly(useful)).toEqual([ids[0], ids[1]]);
    const counts = useful.items.map((r) => r.helpfulCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const first = await publicPage(p.slug, '?pageSize=1&page=1');
    expect(first).toMatchObject({ page: 1, pageSize: 1, total: newest.total, pageCount: newest.total });
    expect(first.items).toHaveLength(1);
    expect((await f.call('GET', `/api/review/product/${p.slug}?sort=best`)).status).toBe(400);
    expect((await f.call('GET', `/api/review/product/${p.slug}?pageSize=51`)).status).toBe(400);
    expect((await f.call('GET', '/api/review/product/no-such-product')).status).toBe(404);
    expect((await f.call('GET', '/api/review/product/no-such-product/summary')).status).toBe(404);
  });
});

describe('limits per customer', () => {
  it(`at most ${FEEDBACK_RATE_LIMITS.perHour} reviews and questions an hour: then 429 in Russian with Retry-After`, async () => {
    const c = await f.customer();
    const bought = products.slice(0, FEEDBACK_RATE_LIMITS.perHour + 1);
    await f.orderOf(
      c,
      bought.map((p) => p.skuId),
    );
    // A question counts too.
    const asked = await f.call('POST', '/api/question/create', f.as(c.token), {
      productSlug: bought[0]!.slug,
      text: 'Подскажите, пожалуйста, ткань плотная?',
    });
    expect(asked.status).toBe(200);
    for (const p of bought.slice(0, FEEDBACK_RATE_LIMITS.perHour - 1))
      expect((await create(c.token, review(p.slug))).status).toBe(200);
    const last = bought[FEEDBACK_RATE_LIMITS.perHour - 1]!;
    await expectRefused(f.counts, 429, ErrorCode.rateLimited, () => create(c.token, review(last.slug)));
    const refused = await create(c.token, review(last.slug));
    expect(refused.body.message).toMatch(
      /^Вы отправили много отзывов и вопросов за короткое время\. Следующий можно будет отправить через \d+ минут/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((refused.body.details as { retryAfterSeconds: number }).retryAfterSeconds).toBe(
      Number(refused.headers['retry-after']),
    );
    clock.advance(61 * 60 * 1000);
    expect((await create(c.token, review(last.slug))).status).toBe(200);
  });
});
