import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { CatalogueErrorCode } from '@kiim/contract';
import { masterFile } from './media.storage.ts';
import { pictureSize, writeMaster } from './media.upload.ts';

// Pictures from outside are bounded before they are decoded (issue 29 item 3: a 9 KB PNG of 16,000 × 16,000 px took
// 1.2 GB and was stored at full size): the header's size is checked, decoding runs under sharp's pixel limit, and
// masters are at most 2400 px a side — for the back office's uploads and the 1C exchange's pictures alike.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiim-media-upload-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A PNG that declares `width` × `height` px in its header, with a tiny (broken) image body: a decompression bomb's shape. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const idat = zlib.deflateSync(Buffer.alloc(1024));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('pictures from outside', () => {
  it('a 16,000 × 16,000 px PNG is refused by its header, with the reason', async () => {
    const bomb = pngHeaderOnly(16_000, 16_000);
    expect(bomb.length).toBeLessThan(2_000);
    await expect(pictureSize(bomb)).rejects.toMatchObject({
      statusCode: 422,
      code: CatalogueErrorCode.imageRejected,
      message: 'Картинка больше 8000 пикселей по стороне',
    });
  });

  it('decoding runs under the pixel limit: the bomb is never written as a master', async () => {
    await expect(writeMaster(dir, 'products/bomb-1', pngHeaderOnly(16_000, 16_000))).rejects.toThrow(
      /pixel limit/,
    );
    expect(fs.existsSync(masterFile(dir, 'products/bomb-1'))).toBe(false);
  });

  it('a large photo is stored as a master of at most 2400 px a side', async () => {
    const photo = await sharp({ create: { width: 3000, height: 4000, channels: 3, background: '#5b6f8f' } })
      .jpeg()
      .toBuffer();
    expect(await pictureSize(photo)).toEqual({ width: 3000, height: 4000 });
    expect(await writeMaster(dir, 'products/photo-1', photo)).toEqual({ width: 1800, height: 2400 });
    const stored = await sharp(fs.readFileSync(masterFile(dir, 'products/photo-1'))).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['webp', 1800, 2400]);
  });
});
