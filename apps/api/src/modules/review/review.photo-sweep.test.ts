import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyReview, ReviewPhoto } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { manualClock } from '#app/test/manual-clock.ts';
import { productSkus, reviewFixtures } from '#app/test/review.fixtures.ts';
import { sweepUnusedPhotos, UNUSED_PHOTO_HOURS } from './review.photos.ts';

// The sweep of review photos never used (decision 072) on a real database (SQLite, or PostgreSQL with DATABASE_URL):
// an upload in no review for more than a day goes, row and files; a fresh one and one in a review stay.

const clock = manualClock(new Date());
let t: TestContext;
let f: ReturnType<typeof reviewFixtures>;
let products: Awaited<ReturnType<typeof productSkus>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = reviewFixtures(t);
  products = await productSkus(t, 1, 61);
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 60 * 60 * 1000;
const png = () =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: '#3c5b8a' } })
    .png()
    .toBuffer();

async function upload(token: string): Promise<ReviewPhoto> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/review/photo',
    headers: { 'x-authorization': token, 'content-type': 'image/png' },
    payload: await png(),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** The photo's files under the media folder (master and widths), from its key in the database. */
async function filesOf(id: string): Promise<string[]> {
  const row = await t.db
    .selectFrom('review_photo')
    .select('media_key')
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? keyFiles(row.media_key) : [];
}
const keyFiles = (key: string) =>
  [path.join('masters', `${key}.webp`), ...listed(path.join('cache', key))].filter((f) =>
    fs.existsSync(path.join(t.app.config.mediaDir, f)),
  );
const listed = (dir: string) => {
  const full = path.join(t.app.config.mediaDir, dir);
  return fs.existsSync(full) ? fs.readdirSync(full).map((name) => path.join(dir, name)) : [];
};

describe('the sweep of unused review photos (decision 072)', () => {
  it('deletes an upload left out of every review after a day, row and files, and keeps the rest', async () => {
    const c = await f.customer();
    const p = products[0]!;
    await f.orderOf(c, [p.skuId]);
    const stale = await upload(c.token);
    const used = await upload(c.token);
    const made = await f.call<{ review: MyReview }>('POST', '/api/review/create', f.as(c.token), {
      productSlug: p.slug,
      rating: 5,
      text: 'Сидит хорошо, ткань плотная, цвет как на фото.',
      photoIds: [used.id],
    });
    expect(made.status).toBe(200);
    const staleKey = (
      await t.db
        .selectFrom('review_photo')
        .select('media_key')
        .where('id', '=', stale.id)
        .executeTakeFirstOrThrow()
    ).media_key;
    const staleFiles = await filesOf(stale.id);
    expect(staleFiles.length).toBeGreaterThan(1);
    const usedFiles = await filesOf(used.id);

    // Within the day nothing goes.
    clock.advance((UNUSED_PHOTO_HOURS - 1) * HOUR);
    const fresh = await upload(c.token);
    expect(await sweepUnusedPhotos(t.db, t.app.config.mediaDir, clock.now())).toBe(0);
    expect(await filesOf(stale.id)).toEqual(staleFiles);

    // Past it, the stale upload goes with every file; the photo in a review and the fresh upload stay.
    clock.advance(2 * HOUR);
    expect(await sweepUnusedPhotos(t.db, t.app.config.mediaDir, clock.now())).toBe(1);
    const left = await t.db.selectFrom('review_photo').select('id').where('customer_id', '=', c.id).execute();
    expect(left.map((r) => r.id).sort()).toEqual([used.id, fresh.id].sort());
    expect(keyFiles(staleKey)).toEqual([]);
    expect(await filesOf(used.id)).toEqual(usedFiles);
    expect((await filesOf(fresh.id)).length).toBeGreaterThan(1);
    // Its address answers 404 now; a second sweep finds nothing.
    const gone = await t.app.inject({ method: 'GET', url: `/media/${staleKey}/480.webp` });
    expect(gone.statusCode).toBe(404);
    expect(await sweepUnusedPhotos(t.db, t.app.config.mediaDir, clock.now())).toBe(0);
  });
});
