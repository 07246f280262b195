import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { zipOf } from '#app/test/zip.fixtures.ts';
import { endsDocument, UNPACK_LIMITS, unpackArchives } from './onec.files.ts';
import { ExchangeFileError } from './onec.parse.ts';

// Unpacking the archives 1C sends is bounded (issue 29 item 3: a 5.8 MB zip wrote 5.98 GB and its files stayed):
// bytes and files of all archives together, counted as they are written; a refused archive leaves nothing behind.

const saved = { ...UNPACK_LIMITS };
const dirs: string[] = [];
afterEach(() => {
  Object.assign(UNPACK_LIMITS, saved);
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A session folder holding `archives` (name → zip bytes). */
function sessionWith(archives: Record<string, Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiim-unpack-'));
  dirs.push(dir);
  for (const [name, data] of Object.entries(archives)) fs.writeFileSync(path.join(dir, name), data);
  return dir;
}
const filesIn = (dir: string) =>
  fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
const kb = (n: number) => Buffer.alloc(n * 1024, 0x41);

describe('unpacking 1C archives', () => {
  it('unpacks within the bounds and removes the archives', async () => {
    const dir = sessionWith({ 'a.zip': zipOf({ 'import.xml': kb(2), 'import_files/1.jpg': kb(1) }) });
    await unpackArchives(dir);
    expect(
      filesIn(dir)
        .map((f) => f.name)
        .sort(),
    ).toEqual(['1.jpg', 'import.xml']);
  });

  it('refuses archives that unpack past the byte bound, counting every archive, and leaves nothing', async () => {
    UNPACK_LIMITS.bytes = 5 * 1024;
    const dir = sessionWith({
      'a.zip': zipOf({ 'import.xml': kb(3) }),
      'b.zip': zipOf({ 'offers.xml': kb(3) }),
    });
    const refused = unpackArchives(dir);
    await expect(refused).rejects.toBeInstanceOf(ExchangeFileError);
    await expect(refused).rejects.toThrow(/выгрузите каталог частями/);
    expect(filesIn(dir)).toEqual([]);
  });

  it('refuses an archive with more files than the bound', async () => {
    UNPACK_LIMITS.entries = 3;
    const many = Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`import_files/${i}.jpg`, kb(1)]));
    const dir = sessionWith({ 'pictures.zip': zipOf(many) });
    await expect(unpackArchives(dir)).rejects.toThrow(/файлов/);
    expect(filesIn(dir)).toEqual([]);
  });

  it('counts the bytes written, not the sizes the archive declares', async () => {
    UNPACK_LIMITS.bytes = 4 * 1024;
    const zip = zipOf({ 'import.xml': kb(8) });
    // The archive claims 1 KB in its central directory; the real data is 8 KB.
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(1024, central + 24);
    zip.writeUInt32LE(1024, 22);
    const dir = sessionWith({ 'lie.zip': zip });
    await expect(unpackArchives(dir)).rejects.toBeInstanceOf(ExchangeFileError);
    expect(filesIn(dir)).toEqual([]);
  });
});

describe('the end of a document sent in parts', () => {
  it('knows the last part by the closing tag, in UTF-8 and windows-1251', async () => {
    const dir = sessionWith({
      'utf8.xml': Buffer.from('<КоммерческаяИнформация><Документ/></КоммерческаяИнформация>\r\n  '),
      // «</КоммерческаяИнформация>» as windows-1251 bytes: А–я are 0xC0–0xFF.
      'cp1251.xml': Buffer.from('3c2fcaeeecece5f0f7e5f1eae0ffc8edf4eef0ece0f6e8ff3e', 'hex'),
      'cut.xml': Buffer.from('<КоммерческаяИнформация><Документ><Ид>1</Ид>'),
    });
    expect(await endsDocument(path.join(dir, 'utf8.xml'))).toBe(true);
    expect(await endsDocument(path.join(dir, 'cp1251.xml'))).toBe(true);
    expect(await endsDocument(path.join(dir, 'cut.xml'))).toBe(false);
  });
});
