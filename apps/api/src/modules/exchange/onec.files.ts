import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { ExchangeFileError } from './onec.parse.ts';

// Files of a 1C exchange session (issue 12 item 3): uploaded in parts (`mode=file` appends), a zip archive unpacked
// before the first import, kept in the session's folder until the next `mode=init`.

/** Largest part 1C may send in one request (`file_limit` of `mode=init`). */
export const FILE_LIMIT = 50 * 1024 * 1024;
/** Largest file unpacked from an archive. */
const MAX_UNPACKED = 2 * 1024 * 1024 * 1024;

/**
 * The path of `filename` in `dir`: relative, forward or back slashes, no `..`, no absolute path.
 * @throws ExchangeFileError for a name that leaves the folder.
 */
export function fileIn(dir: string, filename: string): string {
  const clean = filename.replace(/\\/g, '/');
  const full = path.resolve(dir, clean);
  if (!clean || clean.startsWith('/') || !full.startsWith(`${path.resolve(dir)}${path.sep}`))
    throw new ExchangeFileError(`Недопустимое имя файла «${filename}»`);
  return full;
}

/** Empties the session's folder (a new exchange starts). */
export async function resetDir(dir: string): Promise<void> {
  await fs.promises.rm(dir, { recursive: true, force: true });
  await fs.promises.mkdir(dir, { recursive: true });
}

/** Appends a part of `filename` (the request body, streamed to disk). */
export async function appendPart(dir: string, filename: string, body: Readable): Promise<void> {
  const file = fileIn(dir, filename);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await pipeline(body, fs.createWriteStream(file, { flags: 'a' }));
}

function unzipOne(zipFile: string, dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipFile, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(new ExchangeFileError('Архив повреждён (не zip)'));
      zip.on('error', () => reject(new ExchangeFileError('Архив повреждён')));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        if (/\/$/.test(entry.fileName)) return zip.readEntry();
        if (entry.uncompressedSize > MAX_UNPACKED)
          return reject(new ExchangeFileError('Файл в архиве слишком велик'));
        let target: string;
        try {
          target = fileIn(dir, entry.fileName);
        } catch (e) {
          return reject(e);
        }
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(new ExchangeFileError('Архив повреждён'));
          fs.promises
            .mkdir(path.dirname(target), { recursive: true })
            .then(() => pipeline(stream, fs.createWriteStream(target)))
            .then(() => zip.readEntry(), reject);
        });
      });
      zip.readEntry();
    });
  });
}

/** Unpacks every zip archive of the folder into it, then removes the archives. */
export async function unpackArchives(dir: string): Promise<void> {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.toLowerCase().endsWith('.zip'))) {
    await unzipOne(path.join(dir, name), dir);
    await fs.promises.rm(path.join(dir, name));
  }
}

/** Whether the folder holds `filename`. */
export const hasFile = (dir: string, filename: string) =>
  fs.promises.stat(fileIn(dir, filename)).then(
    (s) => s.isFile(),
    () => false,
  );
