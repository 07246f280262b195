// Pictures uploaded from the back office (issue 12, docs/decisions/020): checked, stored as the master of a media
// key, and rendered at once in every responsive width the media route serves, so the first shopper waits for none.
import sharp, { type Metadata } from 'sharp';
import {
  CatalogueErrorCode,
  IMAGE_MAX_SIDE,
  IMAGE_MIN_HEIGHT,
  IMAGE_MIN_WIDTH,
  IMAGE_UPLOAD_MAX_BYTES,
} from '@kiim/contract';
import { AppError } from '#app/lib/errors.ts';
import { productRendition } from './media.rendition.ts';
import fs from 'node:fs/promises';
import path from 'node:path';
import { masterFile, writeFileAtomic } from './media.storage.ts';
import { BANNER_WIDTHS, MEDIA_WIDTHS } from './media.url.ts';

/** Longest side of a stored master, px (larger uploads are scaled down; the largest rendition is 1920). */
const MASTER_MAX_SIDE = 2400;
/** WebP quality of masters (renditions are made from them). */
const MASTER_QUALITY = 90;
const FORMATS = new Set(['jpeg', 'png', 'webp']);

const rejected = (message: string) =>
  new AppError(422, CatalogueErrorCode.imageRejected, message, undefined, { file: [message] });

/** A checked upload: its pixel size after the EXIF orientation. */
export interface CheckedImage {
  width: number;
  height: number;
}

/**
 * Most pixels a picture from outside may have before it is decoded (8000 × 8000): sharp refuses a larger input
 * (`limitInputPixels`), so a small file that unpacks to a huge image (a 16,000 × 16,000 PNG in 9 KB took 1.2 GB)
 * cannot take the memory (issue 29 item 3).
 */
export const MAX_INPUT_PIXELS = IMAGE_MAX_SIDE * IMAGE_MAX_SIDE;

/** A picture from outside, for sharp: the pixel limit applied before anything is decoded. */
export const untrustedPicture = (bytes: Buffer) => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS });

/**
 * The size of a picture from outside by its header (nothing decoded): JPEG, PNG or WebP, at most 8000 px a side.
 * @returns its pixel size after the EXIF orientation.
 * @throws AppError 422 imageRejected (field `file`) with a Russian reason.
 */
export async function pictureSize(bytes: Buffer): Promise<CheckedImage> {
  if (bytes.length === 0) throw rejected('Файл пустой');
  let meta: Metadata;
  try {
    // Reading the header decodes no pixel, so the limit is not set here: the side check below gives the reason.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw rejected('Это не картинка: загрузите JPEG, PNG или WebP');
  }
  if (!meta.format || !FORMATS.has(meta.format))
    throw rejected('Загрузите картинку в формате JPEG, PNG или WebP');
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE)
    throw rejected('Картинка больше 8000 пикселей по стороне');
  return { width, height };
}

/**
 * Checks an uploaded picture by its content (not its name): JPEG, PNG or WebP, at most 10 MB, at least
 * `minWidth` × `minHeight` px and at most 8000 px a side, decodable.
 * @throws AppError 422 imageRejected (field `file`) with a Russian reason.
 */
export async function checkUpload(
  bytes: Buffer,
  minWidth = IMAGE_MIN_WIDTH,
  minHeight = IMAGE_MIN_HEIGHT,
): Promise<CheckedImage> {
  if (bytes.length > IMAGE_UPLOAD_MAX_BYTES) throw rejected('Файл больше 10 МБ');
  const { width, height } = await pictureSize(bytes);
  if (width < minWidth || height < minHeight) {
    throw rejected(
      `Картинка слишком маленькая: нужно не меньше ${minWidth} × ${minHeight} пикселей, а у этой ${width} × ${height}`,
    );
  }
  return { width, height };
}

/**
 * Writes the master of `mediaKey` from a picture from outside: WebP, turned by its EXIF orientation, at most 2400 px
 * a side, metadata dropped, decoded under {@link MAX_INPUT_PIXELS}.
 * @returns the master's pixel size. @throws when the picture cannot be decoded or written.
 */
export async function writeMaster(mediaDir: string, mediaKey: string, bytes: Buffer): Promise<CheckedImage> {
  const { data, info } = await untrustedPicture(bytes)
    .rotate()
    .resize({ width: MASTER_MAX_SIDE, height: MASTER_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: MASTER_QUALITY })
    .toBuffer({ resolveWithObject: true });
  await writeFileAtomic(masterFile(mediaDir, mediaKey), data);
  return { width: info.width, height: info.height };
}

/**
 * Stores a checked upload as the master of `mediaKey` (WebP, turned by its EXIF orientation, at most 2400 px a side,
 * metadata dropped) and renders every width of its kind (product or banner) into the media cache.
 * @returns the master's pixel size (what the picture row keeps).
 * @throws when the picture cannot be decoded or written.
 */
export async function storeUploadedMaster(
  mediaDir: string,
  mediaKey: string,
  bytes: Buffer,
): Promise<CheckedImage> {
  const size = await writeMaster(mediaDir, mediaKey, bytes);
  const widths = mediaKey.startsWith('banners/') ? BANNER_WIDTHS : MEDIA_WIDTHS;
  for (const width of widths) await productRendition(mediaDir, mediaKey, width);
  return size;
}

/** Most pictures one key prefix may have (`products/12-` … `-999`, the media route's three digits). */
const MAX_KEY_NUMBER = 999;

/**
 * Claims a media key never used before: `${prefix}${n}` for the first `n ≥ from` whose master file does not exist,
 * made at once (empty, exclusive create) so a concurrent upload cannot take the same key; the upload then writes the
 * real master over it. Renditions are cached as immutable, so keys are never reused (masters of removed pictures
 * stay on disk).
 * @throws AppError 422 imageRejected when all 999 keys are used.
 */
export async function claimMediaKey(mediaDir: string, prefix: string, from: number): Promise<string> {
  for (let n = Math.max(1, from); n <= MAX_KEY_NUMBER; n++) {
    const key = `${prefix}${n}`;
    const file = masterFile(mediaDir, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    try {
      await (await fs.open(file, 'wx')).close();
      return key;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  throw rejected('Слишком много картинок: удалённые тоже занимают номера');
}
