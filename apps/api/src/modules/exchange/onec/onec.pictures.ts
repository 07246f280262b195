import fs from 'node:fs/promises';
import path from 'node:path';
import { sha256 } from '#app/lib/ids.ts';
import { productImageKeys, setProductImages } from '#app/modules/catalog/catalog.import.ts';
import { fileExists, masterFile } from '#app/modules/media/media.storage.ts';
import { pictureSize, writeMaster } from '#app/modules/media/media.upload.ts';
import { count, warn, type OneCRun } from './onec.run.ts';
import type { StoredPicture } from './onec.parse.ts';

/** Largest picture file accepted from 1C. */
const MAX_PICTURE_BYTES = 20 * 1024 * 1024;

/** A picture file of the session's folder (`import_files/ab/abc.jpg`), or undefined when absent or outside it. */
async function pictureFile(run: OneCRun, relative: string): Promise<Buffer | undefined> {
  const file = path.resolve(run.dir, relative);
  if (!file.startsWith(`${path.resolve(run.dir)}${path.sep}`)) return undefined;
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat?.isFile() || stat.size > MAX_PICTURE_BYTES) return undefined;
  return fs.readFile(file);
}

/** Names a picture left out in the answer to 1C, once (the colours of one 1C product share its pictures). */
function missing(run: OneCRun, text: string) {
  if (!run.warnings.includes(text)) warn(run, text);
}

export type { StoredPicture } from './onec.parse.ts';

/**
 * The pictures (Картинка) of a product or offer made media masters: each file becomes a WebP master under the media
 * folder (at most 2400 px a side, like an upload's), keyed by its content (`products/1c-<hash>`), so the same picture
 * sent again changes nothing. A missing, unreadable or oversized (over 8000 px a side, checked before decoding) file
 * is left out (counted as `picturesMissing` and named in the answer to 1C, issue 28 item 9). Drafts keep what this
 * returns, so their pictures outlive the session's folder.
 */
export async function storePictures(
  run: OneCRun,
  name: string,
  pictures: readonly string[],
): Promise<StoredPicture[]> {
  const images: StoredPicture[] = [];
  if (!run.dir) return images; // a staff's run has no session files
  for (const rel of pictures) {
    const data = await pictureFile(run, rel);
    if (!data) {
      count(run, 'picturesMissing');
      missing(
        run,
        `Картинка «${rel.slice(0, 200)}» товара «${name}» не загружена: файла нет среди переданных`,
      );
      continue;
    }
    const mediaKey = `products/1c-${sha256(data.toString('base64')).slice(0, 24)}`;
    try {
      // Checked by its header first: a picture over 8000 px a side is refused before anything is decoded.
      await pictureSize(data);
      const master = masterFile(run.mediaDir, mediaKey);
      const size = (await fileExists(master))
        ? await pictureSize(await fs.readFile(master))
        : await writeMaster(run.mediaDir, mediaKey, data);
      images.push({ mediaKey, ...size });
    } catch {
      count(run, 'picturesMissing');
      warn(
        run,
        `Картинка «${rel.slice(0, 200)}» товара «${name}» не загружена: файл не читается как изображение`,
      );
    }
  }
  return images;
}

/**
 * Makes stored pictures a product's pictures, replacing them only when the list differs (an empty list keeps what
 * the product has). @returns whether the product has any picture now, and whether its pictures changed.
 */
export async function setPictures(
  run: OneCRun,
  productId: number,
  name: string,
  images: readonly StoredPicture[],
): Promise<{ pictured: boolean; changed: boolean }> {
  const now = await productImageKeys(run.trx, productId);
  if (images.length === 0 || images.map((i) => i.mediaKey).join() === now.join())
    return { pictured: now.length > 0, changed: false };
  await setProductImages(run.trx, run.ids, productId, name, images, run.nowIso);
  count(run, 'picturesSet');
  return { pictured: true, changed: true };
}

/** The pictures of a product from the session's files (storePictures, then setPictures). */
export async function importPictures(
  run: OneCRun,
  productId: number,
  name: string,
  pictures: readonly string[],
): Promise<{ pictured: boolean; changed: boolean }> {
  return setPictures(run, productId, name, await storePictures(run, name, pictures));
}
