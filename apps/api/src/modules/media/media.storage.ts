// Where pictures live under the media folder, and how files are written there.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * File of the master of a media key: `products/12-1` → `${mediaDir}/masters/products/12-1.webp`.
 * The key must come from the database or a validated URL (never raw input: no `..`).
 */
export function masterFile(mediaDir: string, mediaKey: string): string {
  return path.join(mediaDir, 'masters', `${mediaKey}.webp`);
}

/** File of a resized copy: `products/12-1`, 480 → `${mediaDir}/cache/products/12-1/480.webp`. */
export function renditionFile(mediaDir: string, mediaKey: string, width: number): string {
  return path.join(mediaDir, 'cache', mediaKey, `${width}.webp`);
}

/**
 * Writes `data` to `file` atomically: a temporary file in the same folder, then a rename, so a reader
 * (or a concurrent writer) never sees half a file. Creates the folder.
 * @throws the file-system error; the temporary file is removed.
 */
export async function writeFileAtomic(file: string, data: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
}

/** Contents of a file, or null when it does not exist. @throws other file-system errors. */
export async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** True when `file` exists. */
export async function fileExists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes a picture's files: its master and every resized copy (none there: nothing happens). For pictures whose key
 * nothing names any more (review photos never used, decision 072); keys are never reused (claimMediaKey).
 * @throws the file-system error other than a missing file.
 */
export async function removeMedia(mediaDir: string, mediaKey: string): Promise<void> {
  await fs.rm(masterFile(mediaDir, mediaKey), { force: true });
  await fs.rm(path.join(mediaDir, 'cache', mediaKey), { recursive: true, force: true });
}
