import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { renderMissingProductImages } from '#app/seed/images.ts';
import { productImage } from './media.url.ts';
import { masterFile, renditionFile } from './media.storage.ts';
import { ensureMaster } from './media.masters.ts';

let t: TestContext;
let mediaDir: string;
beforeAll(async () => {
  t = await createTestApp();
  mediaDir = t.app.config.mediaDir;
  const first = await renderMissingProductImages(t.db, mediaDir, { productIds: [1] });
  expect(first).toEqual({ rendered: 2, skipped: 0 });
});
afterAll(async () => {
  await t?.close();
  if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('product picture masters', () => {
  it('renders WebP masters of the size recorded in product_image, and keeps existing files', async () => {
    const row = await t.db
      .selectFrom('product_image')
      .selectAll()
      .where('media_key', '=', 'products/1-1')
      .executeTakeFirstOrThrow();
    const meta = await sharp(masterFile(mediaDir, 'products/1-1')).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: row.width, height: row.height });
    expect(fs.existsSync(masterFile(mediaDir, 'products/1-2'))).toBe(true);
    expect(await renderMissingProductImages(t.db, mediaDir, { productIds: [1] })).toEqual({
      rendered: 0,
      skipped: 2,
    });
  });
});

describe('GET /media/products/:key/:width.webp', () => {
  it('answers a resized WebP with a year of immutable caching, then serves it from the disk cache', async () => {
    const res = await get('/media/products/1-1/480.webp');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-media-cache']).toBe('miss');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 640 });
    expect(fs.existsSync(renditionFile(mediaDir, 'products/1-1', 480))).toBe(true);

    const again = await get('/media/products/1-1/480.webp');
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-media-cache']).toBe('hit');
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('serves every advertised width at the size productImage promises', async () => {
    const row = await t.db
      .selectFrom('product_image')
      .selectAll()
      .where('media_key', '=', 'products/1-2')
      .executeTakeFirstOrThrow();
    const image = productImage(row);
    const urls = image.srcSet.split(', ').map((entry) => entry.split(' ') as [string, string]);
    expect(urls).toHaveLength(5);
    for (const [url, w] of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect(`${meta.width}w`).toBe(w);
      expect(meta.height).toBe(Math.round((Number.parseInt(w, 10) * row.height) / row.width));
    }
    const src = await sharp((await get(image.src)).rawPayload).metadata();
    expect([src.width, src.height]).toEqual([image.width, image.height]);
  });

  it('answers 404 JSON for a width that is not offered or another format', async () => {
    for (const url of [
      '/media/products/1-1/500.webp',
      '/media/products/1-1/480.png',
      '/media/products/1-1/480',
      '/media/products/1-1/0480.webp',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ code: ErrorCode.notFound });
    }
  });

  it('answers 404 for an unknown or malformed key, never reading outside the media folder', async () => {
    for (const url of [
      '/media/products/99999-1/480.webp',
      '/media/products/1-9/480.webp',
      '/media/products/abc/480.webp',
      '/media/products/..%2F..%2Fmasters%2Fproducts%2F1-1/480.webp',
      '/media/products/1-1%00/480.webp',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: ErrorCode.notFound });
    }
    expect(fs.existsSync(path.join(mediaDir, 'cache', 'products', '99999-1'))).toBe(false);
  });
});

describe('productImage', () => {
  it('builds src, srcSet and the 480 px size from a product_image row', () => {
    expect(
      productImage({
        media_key: 'products/12-1',
        width: 960,
        height: 1280,
        alt: 'Джинсы slim fit, цвет чёрный',
      }),
    ).toEqual({
      src: '/media/products/12-1/480.webp',
      srcSet:
        '/media/products/12-1/240.webp 240w, /media/products/12-1/360.webp 360w, /media/products/12-1/480.webp 480w, ' +
        '/media/products/12-1/720.webp 720w, /media/products/12-1/960.webp 960w',
      width: 480,
      height: 640,
      alt: 'Джинсы slim fit, цвет чёрный',
    });
  });
});

describe('missing masters come from the injected master source', () => {
  let withSource: TestContext;
  const asked: string[] = [];
  beforeAll(async () => {
    // A source that knows one picture, made here (not the demo drawings): the route only sees the interface.
    const picture = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#336699' } })
      .webp()
      .toBuffer();
    withSource = await createTestApp({
      masterImages: () => ({
        masterImage: async (mediaKey) => {
          asked.push(mediaKey);
          return mediaKey === 'products/2-1' ? picture : null;
        },
      }),
    });
  });
  afterAll(async () => {
    await withSource?.close();
    fs.rmSync(withSource.app.config.mediaDir, { recursive: true, force: true });
  });

  it('asks the source once for a missing master, even for requests at once, and keeps what it gives', async () => {
    const dir = withSource.app.config.mediaDir;
    const widths = [240, 360, 480];
    const answers = await Promise.all(
      widths.map((w) => withSource.app.inject({ method: 'GET', url: `/media/products/2-1/${w}.webp` })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    for (const [i, r] of answers.entries()) {
      expect(await sharp(r.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: widths[i],
        height: (widths[i]! * 4) / 3,
      });
    }
    expect(asked).toEqual(['products/2-1']);
    expect((await sharp(masterFile(dir, 'products/2-1')).metadata()).width).toBe(600);
  });

  it('answers 404 when the source has no such picture, and writes nothing', async () => {
    const res = await withSource.app.inject({ method: 'GET', url: '/media/products/2-2/480.webp' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: ErrorCode.notFound });
    expect(asked).toContain('products/2-2');
    expect(fs.existsSync(masterFile(withSource.app.config.mediaDir, 'products/2-2'))).toBe(false);
  });

  it('without a source, a missing master stays missing', async () => {
    expect(await ensureMaster(withSource.app.config.mediaDir, 'products/3-1', undefined)).toBe(false);
    expect(fs.existsSync(masterFile(withSource.app.config.mediaDir, 'products/3-1'))).toBe(false);
  });
});
