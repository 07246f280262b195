import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

// The Kaspi feed's files on disk (issue 33 Part B item 5, docs/decisions/071): a build is written into a temporary
// file in the feed folder and renamed into place only when complete, so a reader sees a whole file or the previous
// one, never half of one. Each file is named after the versions it was built at, so every process of the shop (and
// a restarted one) finds a file already made for the current versions instead of building it again.

/** The feed folder inside the media dir (never served by the media routes, which serve only image keys). */
export const feedDir = (mediaDir: string): string => path.join(mediaDir, 'kaspi-feed');

const PREFIX = 'kaspi-';
const TEMP_PREFIX = '.build-';
/** Temporary files older than this (seconds) are left from a crashed build and removed. */
const STALE_TEMP_SECONDS = 3600;
/** Bytes gathered before one write to the file. */
const FLUSH_BYTES = 256 * 1024;

/** One complete feed file: path, size (bytes), time it was written (mtime) and its ETag. */
export interface FeedFile {
  file: string;
  bytes: number;
  modified: Date;
  etag: string;
}

/** The final file name for cache key `key` (catalogue version : settings version). */
export function feedFileName(dir: string, key: string): string {
  return path.join(dir, `${PREFIX}${key.replace(/[^0-9A-Za-z]+/g, '-')}.xml`);
}

/** Describes a complete feed file (ETag from its name and mtime); null when it is not there. */
export async function describeFeedFile(file: string): Promise<FeedFile | null> {
  try {
    const st = await fs.stat(file);
    const base = path.basename(file, '.xml').slice(PREFIX.length);
    return {
      file,
      bytes: st.size,
      modified: st.mtime,
      etag: `"${base}-${Math.trunc(st.mtimeMs).toString(36)}"`,
    };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** The most recently written complete feed file in `dir` (the last good one after a restart); null when none. */
export async function newestFeedFile(dir: string): Promise<FeedFile | null> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return null;
  }
  let best: FeedFile | null = null;
  for (const n of names) {
    if (!n.startsWith(PREFIX) || !n.endsWith('.xml')) continue;
    const f = await describeFeedFile(path.join(dir, n));
    if (f && (!best || f.modified > best.modified)) best = f;
  }
  return best;
}

/** A feed being written: `write` buffers text (UTF-8), `commit` renames it to `final`, `abort` removes it. */
export interface FeedFileWriter {
  /**
   * Buffers `chunk` (text, or UTF-8 bytes copied before the call returns or, when it returns a promise, before
   * that settles); returns a promise only when the block had to be written out (await it then).
   */
  write: (chunk: string | Uint8Array) => Promise<void> | undefined;
  commit: () => Promise<FeedFile>;
  abort: () => Promise<void>;
}

/**
 * Opens a temporary file in `dir` (made if missing) for the feed that will be `final`. Text is encoded into one
 * reused 256 KB block written when full, so memory stays one block whatever the feed's size. `commit` flushes, syncs and renames atomically
 * (a reader sees the old file or the new one), then removes older feed files and stale temporary files.
 */
export async function openFeedFile(dir: string, final: string): Promise<FeedFileWriter> {
  await fs.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `${TEMP_PREFIX}${process.pid}-${randomUUID()}.tmp`);
  const fh = await fs.open(temp, 'wx');
  // One block reused for the whole build: text is encoded into it and the block written when full, so no large
  // string or buffer is made per block (those would wait for a full garbage collection, growing the process).
  const block = Buffer.allocUnsafe(FLUSH_BYTES);
  let used = 0;
  let closed = false;
  const flush = async () => {
    if (used === 0) return;
    const n = used;
    used = 0;
    await fh.write(block, 0, n);
  };
  const spill = async (chunk: string, bytes: number) => {
    if (used + bytes > FLUSH_BYTES) await flush();
    if (bytes > FLUSH_BYTES) await fh.write(chunk, null, 'utf8');
    else used += block.write(chunk, used, 'utf8');
  };
  // A UTF-16 unit takes at most 3 UTF-8 bytes: a chunk that surely fits is encoded once, straight into the block,
  // with no promise; only one near the block's end is measured (and the block written out first when full).
  const spillBytes = async (bytes: Uint8Array) => {
    if (used + bytes.length > FLUSH_BYTES) await flush();
    if (bytes.length > FLUSH_BYTES) await fh.write(bytes);
    else {
      block.set(bytes, used);
      used += bytes.length;
    }
  };
  const put = (chunk: string | Uint8Array): Promise<void> | undefined => {
    if (typeof chunk !== 'string') {
      if (chunk.length > FLUSH_BYTES - used) return spillBytes(chunk);
      block.set(chunk, used);
      used += chunk.length;
      return undefined;
    }
    if (chunk.length * 3 <= FLUSH_BYTES - used) {
      used += block.write(chunk, used, 'utf8');
      return undefined;
    }
    return spill(chunk, Buffer.byteLength(chunk, 'utf8'));
  };
  const close = async () => {
    if (closed) return;
    closed = true;
    await fh.close();
  };
  return {
    write: put,
    async commit() {
      await flush();
      await fh.sync();
      await close();
      await fs.rename(temp, final);
      await removeOthers(dir, final);
      const made = await describeFeedFile(final);
      if (!made) throw new Error(`kaspi feed: ${final} vanished after it was written`);
      return made;
    },
    async abort() {
      await close().catch(() => undefined);
      await fs.rm(temp, { force: true });
    },
  };
}

/** The versions in a feed file's name (`kaspi-<catalogue>-<settings>.xml`); null for another name. */
function versionsOf(name: string): [number, number] | null {
  const m = /^kaspi-(\d+)-(\d+)\.xml$/.exec(name);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * Removes feed files older than `keep` (both versions no later) and temporary files older than an hour. A
 * process still sending a removed file keeps reading it (an open file outlives its name). A slower process that
 * finishes an older build never removes a newer file.
 */
async function removeOthers(dir: string, keep: string): Promise<void> {
  const now = Date.now();
  const mine = versionsOf(path.basename(keep));
  for (const n of await fs.readdir(dir)) {
    const file = path.join(dir, n);
    if (file === keep) continue;
    const v = versionsOf(n);
    if (v && mine && v[0] <= mine[0] && v[1] <= mine[1]) await fs.rm(file, { force: true });
    else if (n.startsWith(TEMP_PREFIX)) {
      const st = await fs.stat(file).catch(() => null);
      if (st && now - st.mtimeMs > STALE_TEMP_SECONDS * 1000) await fs.rm(file, { force: true });
    }
  }
}
