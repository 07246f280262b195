import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  ReviewErrorCode,
  type ModeratedReview,
  type MyReview,
  type ReviewPage,
  type ReviewPhoto,
} from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { tableCount } from '#app/test/inject.ts';
import { manualClock } from '#app/test/manual-clock.ts';
import { productSkus, reviewFixtures } from '#app/test/review.fixtures.ts';
import { REVIEW_PHOTO_UPLOADS_PER_DAY } from './review.photos.ts';

// Review photos (issue 35 item 5, decision 067): uploaded first, joined to the review in its transaction, shown
// only once the review is published, served in every width, and every bad upload refused with nothing kept.

const clock = manualClock(new Date());
let t: TestContext;
let f: ReturnType<typeof reviewFixtures>;
let products: Awaited<ReturnType<typeof productSkus>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = reviewFixtures(t);
  products = await productSkus(t, 4, 60);
});
afterAll(async () => {
  await t?.close();
});

const jpeg = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: '#8a5b3c' } })
    .jpeg()
    .toBuffer();

async function upload(token: string, bytes: Buffer, type = 'image/jpeg') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/review/photo',
    headers: { 'x-authorization': token, 'content-type': type },
    payload: bytes,
  });
  return { status: res.statusCode, body: res.json() as { data: ReviewPhoto; code?: number } };
}

const reviewOf = (slug: string, photoIds?: string[]) => ({
  productSlug: slug,
  rating: 4,
  text: 'Хорошая ткань, цвет как на фото, сидит отлично.',
  ...(photoIds ? { photoIds } : {}),
});

describe('review photos', () => {
  it('a photo joins the review, stays hidden until it is published, then shows in order in every width', async () => {
    const c = await f.customer();
    const p = products[0]!;
    await f.orderOf(c, [p.skuId]);
    const first = await upload(c.token, await jpeg(1200, 900));
    const second = await upload(c.token, await jpeg(400, 400), 'image/png');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body.data.src).toMatch(/^\/media\/reviews\/[0-9a-f]{32}\/480\.webp$/);
    expect(first.body.data.zoomSrc).toMatch(/\/960\.webp$/);

    const ids = [second.body.data.id, first.body.data.id];
    const made = await f.call<{ review: MyReview }>(
      'POST',
      '/api/review/create',
      f.as(c.token),
      reviewOf(p.slug, ids),
    );
    expect(made.status).toBe(200);
    expect(made.body.data.review.photos.map((x) => x.id)).toEqual(ids);

    const hidden = await f.call<ReviewPage>('GET', `/api/review/product/${p.slug}`);
    expect(hidden.body.data.items).toHaveLength(0);
    const queue = await f.staff<{ items: ModeratedReview[] }>('GET', '/api/admin/reviews?status=pending');
    const pending = queue.body.data.items.find((r) => r.id === made.body.data.review.id);
    expect(pending?.photos.map((x) => x.id)).toEqual(ids);

    const published = await f.staff('POST', `/api/admin/reviews/${made.body.data.review.id}/publish`);
    expect(published.status).toBe(200);
    const shown = (await f.call<ReviewPage>('GET', `/api/review/product/${p.slug}`)).body.data.items[0]!;
    expect(shown.photos.map((x) => x.id)).toEqual(ids);

    const picture = await t.app.inject({ method: 'GET', url: shown.photos[1]!.zoomSrc });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect((await sharp(picture.rawPayload).metadata()).width).toBe(960);
    // A 400 px photo is never enlarged: its 960 rendition is its own size.
    const small = await t.app.inject({ method: 'GET', url: shown.photos[0]!.zoomSrc });
    expect((await sharp(small.rawPayload).metadata()).width).toBeLessThanOrEqual(960);
  });

  it('refuses another customer’s photo, a used one, an unknown one and a sixth one, keeping no review', async () => {
    const owner = await f.customer();
    const other = await f.customer('Ерлан');
    const [p, q] = [products[1]!, products[2]!];
    await f.orderOf(owner, [p.skuId, q.skuId]);
    const foreign = (await upload(other.token, await jpeg())).body.data.id;
    const mine = (await upload(owner.token, await jpeg())).body.data.id;
    const before = await tableCount(t.db, 'review');
    for (const ids of [[foreign], [mine, '00000000-0000-4000-8000-000000000000']]) {
      const res = await f.call('POST', '/api/review/create', f.as(owner.token), reviewOf(p.slug, ids));
      expect(res.status).toBe(422);
      expect(res.body.code).toBe(ReviewErrorCode.photoNotUsable);
      expect(res.body.errors?.photoIds).toBeDefined();
    }
    const six = Array.from({ length: 6 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    const tooMany = await f.call('POST', '/api/review/create', f.as(owner.token), reviewOf(p.slug, six));
    expect(tooMany.status).toBe(400);
    expect(await tableCount(t.db, 'review')).toBe(before);
    // The refused review left the photo free: it joins the next one, and then no other.
    expect(
      (await f.call('POST', '/api/review/create', f.as(owner.token), reviewOf(p.slug, [mine]))).status,
    ).toBe(200);
    const again = await f.call('POST', '/api/review/create', f.as(owner.token), reviewOf(q.slug, [mine]));
    expect(again.status).toBe(422);
  });

  it('refuses what is not a usable picture with a clear reason and stores nothing', async () => {
    const c = await f.customer();
    const before = await tableCount(t.db, 'review_photo');
    const notPicture = await upload(c.token, Buffer.from('%PDF-1.7 not a photo'));
    expect(notPicture.status).toBe(422);
    const tiny = await upload(c.token, await jpeg(200, 250));
    expect(tiny.status).toBe(422);
    const gif = await upload(c.token, Buffer.from('GIF89a'), 'image/gif');
    expect(gif.status).toBe(415);
    const huge = await upload(c.token, Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect(huge.status).toBe(413);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/review/photo',
      headers: { 'x-authorization': c.token },
      payload: { photo: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(await tableCount(t.db, 'review_photo')).toBe(before);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/review/photo',
      headers: { 'content-type': 'image/jpeg' },
      payload: await jpeg(),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('takes at most 25 uploads a customer in 24 hours, then 429 until the oldest is a day old', async () => {
    const c = await f.customer();
    const bytes = await jpeg(320, 320);
    for (let i = 0; i < REVIEW_PHOTO_UPLOADS_PER_DAY; i++) {
      expect((await upload(c.token, bytes)).status).toBe(200);
      clock.advance(60_000);
    }
    const refused = await upload(c.token, bytes);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(ErrorCode.rateLimited);
    clock.advance(24 * 60 * 60_000 - REVIEW_PHOTO_UPLOADS_PER_DAY * 60_000 + 1000);
    expect((await upload(c.token, bytes)).status).toBe(200);
  });

  it('serves only well-formed review photo keys', async () => {
    for (const url of ['/media/reviews/12-1/480.webp', `/media/reviews/${'A'.repeat(32)}/480.webp`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    const unknown = `/media/reviews/${'a'.repeat(32)}/480.webp`;
    expect((await t.app.inject({ method: 'GET', url: unknown })).statusCode).toBe(404);
  });
});
