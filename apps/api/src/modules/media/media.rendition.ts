// Resized copies of picture masters, made on first request and kept on disk.
import sharp from 'sharp';
import { masterFile, readIfExists, renditionFile, writeFileAtomic } from './media.storage.ts';

/** WebP quality of the resized copies served to browsers. */
export const RENDITION_QUALITY = 78;

export interface Rendition {
  data: Buffer;
  /** True when read from the disk cache, false when made by this call. */
  cached: boolean;
}

// Requests for the same copy that arrive while it is being made share one resize.
const inFlight = new Map<string, Promise<Rendition | null>>();

/**
 * A WebP copy of the master of `mediaKey`, `width` pixels wide (height keeps the master's ratio; never
 * enlarged). Served from `${mediaDir}/cache/…` when made before; otherwise resized with sharp and
 * written there atomically. A failing cache write is reported to `onCacheError` and the copy still served.
 * @param drawMissing called when the master file is missing: draws it and answers whether it exists now
 *   (the media route draws a picture the background job has not reached yet).
 * @returns null when the master does not exist (and `drawMissing` could not make it).
 * @throws when the master cannot be decoded or drawn.
 */
export async function productRendition(
  mediaDir: string,
  mediaKey: string,
  width: number,
  onCacheError: (err: unknown) => void = () => {},
  drawMissing: () => Promise<boolean> = async () => false,
): Promise<Rendition | null> {
  const file = renditionFile(mediaDir, mediaKey, width);
  const hit = await readIfExists(file);
  if (hit) return { data: hit, cached: true };
  const pending = inFlight.get(file);
  if (pending) return pending;
  const job = (async (): Promise<Rendition | null> => {
    let master = await readIfExists(masterFile(mediaDir, mediaKey));
    if (!master && (await drawMissing())) master = await readIfExists(masterFile(mediaDir, mediaKey));
    if (!master) return null;
    const data = await sharp(master)
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: RENDITION_QUALITY, effort: 4 })
      .toBuffer();
    try {
      await writeFileAtomic(file, data);
    } catch (err) {
      onCacheError(err);
    }
    return { data, cached: false };
  })();
  inFlight.set(file, job);
  try {
    return await job;
  } finally {
    inFlight.delete(file);
  }
}
