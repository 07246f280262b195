import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import { ExchangeFileError } from './onec.parse.ts';

// Files of a 1C exchange session (issue 12 item 3): uploaded in parts (`mode=file` appends), a zip archive unpacked
// before the first import, kept in the session's folder until the next `mode=init`.

/** Largest part 1C may send in one request (`file_limit` of `mode=init`). */
export const FILE_LIMIT = 50 * 1024 * 1024;
/**
 * Bounds of unpacking (issue 29 item 3: a 5.8 MB zip wrote 5.98 GB): the bytes every archive of a session unpacks
 * to, all together, and the files it may hold. Counted while the bytes are written, not taken from the archive's own
 * (forgeable) sizes. A real 1C export with its pictures is a few hundred MB and a few thousand files.
 */
export const UNPACK_LIMITS = { bytes: 1024 * 1024 * 1024, entries: 20_000 };

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

/** What the archives of one session have unpacked so far. */
interface Unpacked {
  bytes: number;
  entries: number;
  /** Files written, removed again when an archive is refused. */
  files: string[];
}

const tooBig = () =>
  new ExchangeFileError(
    `Архив распаковывается больше чем в ${UNPACK_LIMITS.bytes / 1024 ** 3} ГБ или ${UNPACK_LIMITS.entries} файлов: ` +
      'выгрузите каталог частями',
  );

/** A pass-through of a zip entry's bytes that stops the unpacking past {@link UNPACK_LIMITS}. */
function counted(done: Unpacked): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, next) {
      done.bytes += chunk.length;
      next(done.bytes > UNPACK_LIMITS.bytes ? tooBig() : null, chunk);
    },
  });
}

function unzipOne(zipFile: string, dir: string, done: Unpacked): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipFile, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(new ExchangeFileError('Архив повреждён (не zip)'));
      const fail = (e: unknown) => {
        zip.close();
        reject(e);
      };
      zip.on('error', () => fail(new ExchangeFileError('Архив повреждён')));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        if (/\/$/.test(entry.fileName)) return zip.readEntry();
        done.entries += 1;
        if (done.entries > UNPACK_LIMITS.entries || done.bytes + entry.uncompressedSize > UNPACK_LIMITS.bytes)
          return fail(tooBig());
        let target: string;
        try {
          target = fileIn(dir, entry.fileName);
        } catch (e) {
          return fail(e);
        }
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return fail(new ExchangeFileError('Архив повреждён'));
          done.files.push(target);
          fs.promises
            .mkdir(path.dirname(target), { recursive: true })
            .then(() => pipeline(stream, counted(done), fs.createWriteStream(target)))
            .then(
              () => zip.readEntry(),
              (pe: unknown) =>
                fail(pe instanceof ExchangeFileError ? pe : new ExchangeFileError('Архив повреждён')),
            );
        });
      });
      zip.readEntry();
    });
  });
}

/**
 * Unpacks every zip archive of the folder into it, then removes the archives. An archive that breaks a bound of
 * {@link UNPACK_LIMITS} or is damaged leaves nothing behind: its files and the archives are removed.
 * @throws ExchangeFileError with the reason for 1C's operator.
 */
export async function unpackArchives(dir: string): Promise<void> {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  const archives = names.filter((n) => n.toLowerCase().endsWith('.zip')).map((n) => path.join(dir, n));
  const done: Unpacked = { bytes: 0, entries: 0, files: [] };
  try {
    for (const archive of archives) {
      await unzipOne(archive, dir, done);
      await fs.promises.rm(archive);
    }
  } catch (e) {
    for (const f of [...done.files, ...archives]) await fs.promises.rm(f, { force: true });
    throw e;
  }
}

/** Whether the folder holds `filename`. */
export const hasFile = (dir: string, filename: string) =>
  fs.promises.stat(fileIn(dir, filename)).then(
    (s) => s.isFile(),
    () => false,
  );
