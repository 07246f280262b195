import { parse } from 'csv-parse/sync';
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

/**
 * The text of a file that must be UTF-8 (byte-order mark removed).
 * @throws AppError 422 unreadableFile for UTF-16 or bytes that are not UTF-8 (a file saved as «CSV (разделители —
 *   запятые)» in Windows-1251), with how to save it right.
 */
export function utf8Text(file: Buffer, what = 'Файл'): string {
  if (file[0] === 0xff && file[1] === 0xfe) {
    throw unreadable(`${what} сохранён в кодировке UTF-16. Сохраните его в Excel как «CSV UTF-8»`);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file);
  } catch {
    throw unreadable(
      `${what} не в кодировке UTF-8 (возможно, Windows-1251). Сохраните его в Excel как «CSV UTF-8 (разделитель — запятая)»`,
    );
  }
}

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
 * The data rows of a CSV file with the given columns (empty lines skipped, cells trimmed).
 * @throws AppError 422 unreadableFile (encoding, broken quoting, no rows), 422 wrongColumns.
 */
export function readSheet(file: Buffer, columns: readonly ColumnSpec[]): SheetRow[] {
  const text = utf8Text(file).replace(/^\uFEFF/, '');
  let names: string[] | undefined;
  let rows: SheetRow[];
  try {
    // Each record becomes its row as it is parsed: one copy of the data, not the records and then the rows.
    const options = {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      on_record: (record: string[], context: { lines: number }): SheetRow | null => {
        if (!names) {
          names = columnsOf(record, columns);
          return null;
        }
        const cells: Record<string, string> = {};
        names.forEach((n, i) => {
          if (n) cells[n] = formulaGuardRemoved(record[i] ?? '');
        });
        return { row: context.lines, cells };
      },
    };
    // csv-parse types `on_record` as returning a record; any value is kept as it is.
    rows = parse(text, options as never) as unknown as SheetRow[];
  } catch (e) {
    if (e instanceof AppError) throw e;
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
