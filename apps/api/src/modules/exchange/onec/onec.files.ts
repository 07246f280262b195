import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import { ExchangeFileError } from './onec.parse.ts';

// Files of a 1C exchange session (issue 12 item 3): uploaded in parts (`mode=file` appends), a zip archive unpacked
// before the first import, kept in the session's folder until the exchange ends (docs/decisions/034: `complete`, a
// failed import, the next `init`, or the sweep of old folders).

/** Largest part 1C may send in one request (`file_limit` of `mode=init`). */
export const FILE_LIMIT = 50 * 1024 * 1024;
/**
 * Bounds of unpacking (issue 29 item 3: a 5.8 MB zip wrote 5.98 GB): the bytes every archive of a session unpacks
 * to, all together, and the files it may hold. Counted while the bytes are written, not taken from the archive's own
 * (forgeable) sizes. A real 1C export with its pictures is a few hundred MB and a few thousand files.
 */
export const UNPACK_LIMITS = { bytes: 1024 * 1024 * 1024, entries: 20_000 };

/** Longest file name 1C may give (1C sends `import_files/ab/<guid>.jpg` and the like). */
export const MAX_FILENAME = 500;
/** Most bytes of one part of a name (between slashes): what Linux file systems allow. */
const MAX_NAME_PART_BYTES = 255;
/** Most folders deep a name may go. */
const MAX_NAME_DEPTH = 16;

/** A name as it may be shown back to 1C: control characters as «?», at most 80 characters. */
const shown = (name: string) => name.replace(/\p{Cc}/gu, '?').slice(0, 80);

/**
 * Why a file name from 1C (`filename=`, or a zip entry) cannot be a file of the session's folder, or null when it
 * can: relative, `/` or `\` between parts, no empty, `.` or `..` part, no control character, each part at most 255
 * bytes, at most {@link MAX_FILENAME} characters (issue 29 item 7: such names gave 500).
 */
export function filenameProblem(filename: string): string | null {
  if (!filename) return 'Не указано имя файла (filename)';
  if (filename.length > MAX_FILENAME) return `Имя файла длиннее ${MAX_FILENAME} символов`;
  if (/\p{Cc}/u.test(filename)) return `Недопустимое имя файла «${shown(filename)}»: управляющие символы`;
  const parts = filename.replace(/\\/g, '/').split('/');
  if (parts.length > MAX_NAME_DEPTH)
    return `Недопустимое имя файла «${shown(filename)}»: больше ${MAX_NAME_DEPTH} папок`;
  if (parts.some((p) => p === '' || p === '.' || p === '..' || /^[a-z]:$/i.test(p)))
    return `Недопустимое имя файла «${shown(filename)}»: нужен путь внутри папки обмена, без «..» и пустых частей`;
  if (parts.some((p) => Buffer.byteLength(p) > MAX_NAME_PART_BYTES))
    return `Недопустимое имя файла «${shown(filename)}»: часть имени длиннее ${MAX_NAME_PART_BYTES} байт`;
  return null;
}

/**
 * The path of `filename` in `dir` ({@link filenameProblem}).
 * @throws ExchangeFileError for a name that is not a file of the folder.
 */
export function fileIn(dir: string, filename: string): string {
  const problem = filenameProblem(filename);
  if (problem) throw new ExchangeFileError(problem);
  const full = path.resolve(dir, filename.replace(/\\/g, '/'));
  if (!full.startsWith(`${path.resolve(dir)}${path.sep}`))
    throw new ExchangeFileError(`Недопустимое имя файла «${shown(filename)}»`);
  return full;
}

/** What removing a session's folder removed (for the audit entry). */
export interface Removed {
  files: number;
  bytes: number;
}

/** Counts the files and bytes under `dir` (none when it is absent). */
async function measure(dir: string): Promise<Removed> {
  const entries = await fs.promises
    .readdir(dir, { recursive: true, withFileTypes: true })
    .catch(() => [] as fs.Dirent[]);
  const out = { files: 0, bytes: 0 };
  for (const e of entries) {
    if (!e.isFile()) continue;
    out.files += 1;
    out.bytes += await fs.promises.stat(path.join(e.parentPath, e.name)).then(
      (st) => st.size,
      () => 0,
    );
  }
  return out;
}

/** Removes a session's folder. @returns what it held. */
export async function removeDir(dir: string): Promise<Removed> {
  const held = await measure(dir);
  await fs.promises.rm(dir, { recursive: true, force: true });
  return held;
}

/** Empties the session's folder (a new exchange starts). @returns what the old one held. */
export async function resetDir(dir: string): Promise<Removed> {
  const held = await removeDir(dir);
  await fs.promises.mkdir(dir, { recursive: true });
  return held;
}

/** File-system errors a name or a full disk cause, as the reason 1C is told (never a 500: issue 29 item 7). */
function writeRefusal(filename: string, e: unknown): ExchangeFileError | undefined {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return new ExchangeFileError(
      'На сайте не хватает места для файлов обмена: сообщите администратору сайта',
    );
  if (code && ['ENOTDIR', 'EISDIR', 'EEXIST', 'ENAMETOOLONG', 'EINVAL'].includes(code))
    return new ExchangeFileError(
      `Недопустимое имя файла «${shown(filename)}»: такой файл или папку нельзя создать (${code})`,
    );
  return undefined;
}

/** Appends a part of `filename` (the request body, streamed to disk). @throws ExchangeFileError for a bad name. */
export async function appendPart(dir: string, filename: string, body: Readable): Promise<void> {
  const file = fileIn(dir, filename);
  try {
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await pipeline(body, fs.createWriteStream(file, { flags: 'a' }));
  } catch (e) {
    throw writeRefusal(filename, e) ?? e;
  }
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

/** Text in windows-1251 (ASCII and the basic Cyrillic letters А–я, which is all a CommerceML tag name uses). */
const cp1251 = (text: string) =>
  Buffer.from(
    [...text].map((c) => (c >= 'А' && c <= 'я' ? 0xc0 + c.charCodeAt(0) - 0x410 : c.charCodeAt(0))),
  );

/** The closing tag of every CommerceML file, in UTF-8 and in windows-1251 (1C writes both). */
const DOCUMENT_END = [Buffer.from('</КоммерческаяИнформация>', 'utf8'), cp1251('</КоммерческаяИнформация>')];

/**
 * Whether the file ends with the closing tag of a CommerceML document (only white space after it): 1C cuts a
 * file into parts of `file_limit` bytes, so a part that does not end the document means more parts follow.
 */
export async function endsDocument(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const tail = Buffer.alloc(Math.min(size, 512));
    await handle.read(tail, 0, tail.length, size - tail.length);
    const text = tail.toString('latin1').trimEnd();
    return DOCUMENT_END.some((end) => text.endsWith(end.toString('latin1')));
  } finally {
    await handle.close();
  }
}
