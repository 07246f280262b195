import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { ExchangeErrorCode } from '@kiim/contract';
import { AppError } from '#app/lib/errors.ts';

// Reading a spreadsheet saved as CSV (issue 12 item 2): UTF-8 with or without the byte-order mark, `;` (Excel in
// Russian locale) or `,` (or tab) between cells, quoted cells with line breaks; the header row names the columns.

/** A column of an import: its name, other headers accepted for it (Russian ones), and whether a file must have it. */
export interface ColumnSpec {
  name: string;
  required: boolean;
  aliases: readonly string[];
}

/** A data row: its number as the spreadsheet shows it (the header is row 1) and its cells by column name. */
export interface SheetRow {
  row: number;
  cells: Record<string, string>;
}

const unreadable = (message: string) => new AppError(422, ExchangeErrorCode.unreadableFile, message);

/** The cell separator of the header line: the most frequent of `;`, `,` and tab outside quotes. */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/)).replace(/"[^"]*"/g, '');
  const counts = [';', ',', '\t'].map((d) => [d, header.split(d).length - 1] as const);
  return counts.sort((a, b) => b[1] - a[1])[0]![1] > 0 ? counts[0]![0] : ';';
}

/** The first characters that make a spreadsheet read a cell as a formula (OWASP «CSV Injection»). */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as written before the export guarded it: `'=1+2` → `=1+2` (sheet.export.ts `cell`); other text unchanged. */
export const formulaGuardRemoved = (text: string) =>
  text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;

const headerKey = (h: string) => h.trim().toLowerCase().replace(/\s+/g, ' ');

/** Maps each header cell to a column name. @throws AppError 422 wrongColumns for unknown or missing columns. */
function columnsOf(header: readonly string[], columns: readonly ColumnSpec[]): string[] {
  const byKey = new Map<string, string>();
  for (const c of columns) for (const k of [c.name, ...c.aliases]) byKey.set(headerKey(k), c.name);
  const names = header.map((h) => byKey.get(headerKey(h)) ?? '');
  const unknown = header.filter((h, i) => !names[i] && h.trim());
  const missing = columns.filter((c) => c.required && !names.includes(c.name)).map((c) => c.name);
  const expected = columns.map((c) => (c.required ? c.name : `${c.name} (необязательный)`)).join(', ');
  if (unknown.length || missing.length) {
    const parts = [
      missing.length ? `нет столбцов ${missing.map((m) => `«${m}»`).join(', ')}` : '',
      unknown.length ? `неизвестные столбцы ${unknown.map((u) => `«${u.trim()}»`).join(', ')}` : '',
    ].filter(Boolean);
    throw new AppError(
      422,
      ExchangeErrorCode.wrongColumns,
      `Столбцы файла не подходят: ${parts.join('; ')}. Нужны столбцы: ${expected}`,
    );
  }
  return names;
}

/**
 * Bounds of every uploaded spreadsheet (issue 29 item 3, docs/security.md «Uploads»): the bytes of the file, its data
 * rows (a stock file of the bench's 100,000 SKUs in one city fits), the characters of one row and of one cell (a
 * product's 5,000-character description fits).
 */
export const SHEET_LIMITS = {
  bytes: 20 * 1024 * 1024,
  rows: 100_000,
  rowChars: 60_000,
  cellChars: 10_000,
} as const;
/** Bounds of one read: bytes of the file, data rows, characters of a row and of a cell. */
export type SheetLimits = { bytes: number; rows: number; rowChars: number; cellChars: number };

const MB = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} МБ`;
const thousands = (n: number) => n.toLocaleString('ru-RU').replace(/\s/g, ' ');

/** The refusal of a file over the byte limit: 413 fileTooLarge naming the limit. */
export const fileTooLarge = (limits: SheetLimits = SHEET_LIMITS) =>
  new AppError(
    413,
    ExchangeErrorCode.fileTooLarge,
    `Файл больше ${MB(limits.bytes)}. Разделите его на несколько файлов (например, по городам) и загрузите по очереди`,
  );

/**
 * The chunks of `source`, refused as soon as they pass `limits.bytes` (413) or stop being UTF-8 (422); a UTF-16 file
 * is refused by its byte-order mark. Holds one chunk at a time.
 */
async function* checkedChunks(source: AsyncIterable<Uint8Array>, limits: SheetLimits) {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let bytes = 0;
  const notUtf8 = () =>
    unreadable(
      'Файл не в кодировке UTF-8 (возможно, Windows-1251). Сохраните его в Excel как «CSV UTF-8 (разделитель — запятая)»',
    );
  for await (const chunk of source) {
    if (bytes === 0 && chunk[0] === 0xff && chunk[1] === 0xfe) {
      throw unreadable('Файл сохранён в кодировке UTF-16. Сохраните его в Excel как «CSV UTF-8»');
    }
    bytes += chunk.length;
    if (bytes > limits.bytes) throw fileTooLarge(limits);
    try {
      decoder.decode(chunk, { stream: true });
    } catch {
      throw notUtf8();
    }
    yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
  }
  try {
    decoder.decode();
  } catch {
    throw notUtf8();
  }
}

/**
 * The first line of the file (at most `max` bytes) and the chunks after it, so the separator can be chosen before the
 * parser starts.
 */
async function headAndRest(chunks: AsyncIterator<Buffer>, max: number) {
  const head: Buffer[] = [];
  let size = 0;
  while (size < max) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    size += next.value.length;
    if (next.value.includes(0x0a)) break;
  }
  return Buffer.concat(head);
}

/**
 * The data rows of a CSV file with the given columns (empty lines skipped, cells trimmed), read as a stream: the file
 * is never held whole, only its rows (at most `limits.rows`).
 * @throws AppError 413 fileTooLarge past `limits.bytes`; 422 unreadableFile (encoding, broken quoting, no rows, more
 *   than `limits.rows` rows, a row longer than `limits.rowChars`, a cell longer than `limits.cellChars`), 422
 *   wrongColumns.
 */
export async function readSheet(
  source: AsyncIterable<Uint8Array>,
  columns: readonly ColumnSpec[],
  limits: SheetLimits = SHEET_LIMITS,
): Promise<SheetRow[]> {
  // A request body is read without destroying it when reading stops early (that would reset the connection before
  // the refusal is sent); what is left of it is drained, never held.
  const body = source instanceof Readable ? source : undefined;
  try {
    return await readRows(body ? body.iterator({ destroyOnReturn: false }) : source, columns, limits);
  } finally {
    if (body && !body.readableEnded) body.resume();
  }
}

async function readRows(
  source: AsyncIterable<Uint8Array>,
  columns: readonly ColumnSpec[],
  limits: SheetLimits,
): Promise<SheetRow[]> {
  const chunks = checkedChunks(source, limits);
  const head = await headAndRest(chunks, limits.rowChars * 4);
  let names: string[] | undefined;
  let header: string[] = [];
  const rows: SheetRow[] = [];
  // Each record becomes its row as it is parsed: one copy of the data, not the records and then the rows.
  const parser = parse({
    delimiter: delimiterOf(head.toString('utf8').replace(/^\uFEFF/, '')),
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    max_record_size: limits.rowChars,
    on_record: (record: string[], context: { lines: number }) => {
      if (!names) {
        names = columnsOf(record, columns);
        header = record.map((h) => h.slice(0, 100));
        return null;
      }
      if (rows.length >= limits.rows) {
        throw unreadable(
          `В файле больше ${thousands(limits.rows)} строк. Разделите его на несколько файлов (например, по городам)`,
        );
      }
      const long = record.findIndex((c) => c.length > limits.cellChars);
      if (long >= 0) {
        throw unreadable(
          `Строка ${context.lines}, столбец «${header[long] ?? long + 1}»: в ячейке больше ` +
            `${thousands(limits.cellChars)} символов`,
        );
      }
      const cells: Record<string, string> = {};
      names.forEach((n, i) => {
        if (n) cells[n] = formulaGuardRemoved(record[i] ?? '');
      });
      rows.push({ row: context.lines, cells });
      return null;
    },
  } as never);
  async function* all() {
    if (head.length) yield head;
    for await (const chunk of { [Symbol.asyncIterator]: () => chunks }) yield chunk;
  }
  try {
    await pipeline(all, parser);
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'CSV_MAX_RECORD_SIZE') {
      const line = (e as { lines?: number }).lines;
      throw unreadable(
        `Строка${line ? ` ${line}` : ''} длиннее ${thousands(limits.rowChars)} символов: проверьте кавычки в файле`,
      );
    }
    throw unreadable(`Файл не читается как CSV: ${(e as Error).message}`);
  }
  if (rows.length < 1) throw unreadable('В файле нет строк с данными: только заголовок или ничего');
  return rows;
}

/**
 * A whole number as Excel in Russian locale writes it: `1 234`, `1 234` (no-break space), `1234,00`, `1234.0`.
 * @returns the number, or null when the text is not a whole number.
 */
export function wholeNumber(text: string): number | null {
  const t = text.replace(/[\s\u00a0\u202f]/g, '');
  if (!/^-?\d+([.,]0*)?$/.test(t)) return null;
  const n = Number(t.replace(/[.,]0*$/, ''));
  return Number.isSafeInteger(n) ? n : null;
}
