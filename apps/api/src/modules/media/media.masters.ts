// Picture masters missing from the media folder, made on demand from an injected source.
// Invariant: a master file is written whole (atomic rename) or not at all, and concurrent requests for one
// missing master share one call to the source.
import { fileExists, masterFile, writeFileAtomic } from './media.storage.ts';

/**
 * Where picture masters come from when the media folder has none yet: "give me the master image for this
 * picture key". The media module sees only this interface; the composition root (boot, the test harness)
 * hands in the demo catalogue's drawings (seed/seed.ts `demoMasterImages`).
 */
export interface MasterImageSource {
  /**
   * The master of `mediaKey` (`products/12-1`, `banners/3`) as encoded image bytes (WebP, any size the
   * renditions are made from), or null when the source has no such picture.
   * @throws when it cannot make the picture.
   */
  masterImage(mediaKey: string): Promise<Buffer | null>;
}

const making = new Map<string, Promise<boolean>>();

/**
 * Makes sure the master of `mediaKey` is in `mediaDir`: asks `source` for a missing one and writes it.
 * @returns true when the master exists afterwards; false when it is missing and the source (or no source)
 *   has none.
 * @throws a file-system error or the source's error.
 */
export async function ensureMaster(
  mediaDir: string,
  mediaKey: string,
  source: MasterImageSource | undefined,
): Promise<boolean> {
  const file = masterFile(mediaDir, mediaKey);
  const running = making.get(file);
  if (running) return running;
  const job = (async () => {
    if (await fileExists(file)) return true;
    const image = source ? await source.masterImage(mediaKey) : null;
    if (!image) return false;
    await writeFileAtomic(file, image);
    return true;
  })();
  making.set(file, job);
  try {
    return await job;
  } finally {
    making.delete(file);
  }
}
