import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '#app/lib/ids.ts';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { oneC } from '#app/test/onec.fixtures.ts';
import { makeApiKey } from '#app/test/staff.fixtures.ts';

// File names of `mode=file` and `mode=import` (issue 29 item 7: two shapes gave 500): every name answers the
// protocol's plain text — `success`, or `failure` and the reason — and no file lands outside the session's folder.

let t: TestContext;
let cookie: string;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  const key = await makeApiKey(t.db, ['catalogue.import'], '1С');
  cookie = await signIn('catalog', basic('1c', key.secret));
  await call('type=catalog&mode=init', { cookie });
  const s = await t.db
    .selectFrom('exchange_session')
    .select('id')
    .where('token_hash', '=', sha256(cookie))
    .executeTakeFirstOrThrow();
  dir = path.join(t.app.config.exchangeDir, s.id);
});
afterAll(async () => {
  await t?.close();
});
const { basic, call, signIn } = oneC(() => t);

/** `mode=file` then `mode=import` with the raw query value `encoded`. */
async function both(encoded: string) {
  const file = await call(`type=catalog&mode=file&filename=${encoded}`, {
    cookie,
    body: Buffer.from('<x/>'),
  });
  const imp = await call(`type=catalog&mode=import&filename=${encoded}`, { cookie });
  return [file, imp];
}
const plain = (r: { status: number; text: string; type: unknown }) =>
  r.status === 200 && /^text\/plain/.test(String(r.type)) && /^(success|progress|failure\n.+)/s.test(r.text);

/** Every file under `root`. */
const filesUnder = (root: string) =>
  fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));

describe('1C file names', () => {
  it('refuses names that leave the folder or cannot be files, with failure and the reason', async () => {
    const cases: [string, RegExp][] = [
      ['', /^failure\nНе указано имя файла/],
      ['..%2Fx', /^failure\nНедопустимое имя файла «\.\.\/x»: нужен путь внутри папки обмена/],
      ['a%2F..%2F..%2Fb', /^failure\nНедопустимое имя файла/],
      ['%2Fetc%2Fpasswd', /^failure\nНедопустимое имя файла/],
      ['..%5C..%5Cx', /^failure\nНедопустимое имя файла/],
      ['C%3A%5Cx.xml', /^failure\nНедопустимое имя файла/],
      ['%00', /^failure\nНедопустимый символ \(NUL\) в адресе запроса/],
      ['import.xml%00.jpg', /^failure\nНедопустимый символ \(NUL\)/],
      ['a%0Ab', /^failure\nНедопустимое имя файла «a\?b»: управляющие символы/],
      ['%5C', /^failure\nНедопустимое имя файла/],
      ['%5C%5C', /^failure\nНедопустимое имя файла/],
      ['import.xml%2F', /^failure\nНедопустимое имя файла/],
      ['.', /^failure\nНедопустимое имя файла/],
      ['..', /^failure\nНедопустимое имя файла/],
      ['a%2F%2Fb', /^failure\nНедопустимое имя файла/],
      ['x'.repeat(300), /^failure\nНедопустимое имя файла «x+»: часть имени длиннее 255 байт/],
      [encodeURIComponent('ж'.repeat(200)), /^failure\nНедопустимое имя файла.*255 байт/],
      ['x'.repeat(501), /^failure\nИмя файла длиннее 500 символов/],
      [Array.from({ length: 20 }, () => 'a').join('%2F'), /^failure\nНедопустимое имя файла.*папок/],
    ];
    for (const [encoded, answer] of cases) {
      for (const r of await both(encoded)) {
        expect(plain(r), `${encoded}: ${r.status} ${r.text}`).toBe(true);
        expect(r.text, encoded).toMatch(answer);
      }
    }
  });

  it('accepts names with spaces and Cyrillic; a name clashing with a folder or file is failure, not 500', async () => {
    const names = ['Выгрузка товаров.xml', 'import files/фото 1.jpg', 'import_files/a.jpg'];
    for (const name of names) {
      const r = await call(`type=catalog&mode=file&filename=${encodeURIComponent(name)}`, {
        cookie,
        body: Buffer.from('1'),
      });
      expect(r.text, name).toBe('success');
      expect(fs.existsSync(path.join(dir, name))).toBe(true);
    }
    for (const name of ['import_files', 'import_files/a.jpg/b.jpg', 'Выгрузка товаров.xml/x']) {
      const r = await call(`type=catalog&mode=file&filename=${encodeURIComponent(name)}`, {
        cookie,
        body: Buffer.from('1'),
      });
      expect(r.text, name).toMatch(
        /^failure\nНедопустимое имя файла «.+»: такой файл или папку нельзя создать/,
      );
    }
    expect((await call('type=catalog&mode=import&filename=import_files', { cookie })).text).toMatch(
      /^failure\nНеизвестный файл обмена/,
    );
  });

  it('answers every fuzzed name in plain text and keeps every file inside the session folder', async () => {
    const parts = [
      '..',
      '.',
      '',
      'a',
      'import.xml',
      'Товар',
      ' ',
      '%00',
      '%0A',
      '\\',
      '/',
      '%2F',
      '%5C',
      '~',
      ':',
    ];
    let seed = 29;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const names: string[] = [];
    for (let i = 0; i < 150; i++) {
      const n = 1 + (next() % 6);
      names.push(
        Array.from({ length: n }, () => parts[next() % parts.length]!)
          .map((p) => (/^%/.test(p) ? p : encodeURIComponent(p)))
          .join(next() % 2 ? '%2F' : ''),
      );
    }
    for (const encoded of names)
      for (const r of await both(encoded)) expect(plain(r), `${encoded}: ${r.status} ${r.text}`).toBe(true);
    const exchangeDir = t.app.config.exchangeDir;
    for (const f of filesUnder(exchangeDir)) expect(f.startsWith(`${dir}${path.sep}`), f).toBe(true);
    expect(
      fs.readdirSync(path.dirname(exchangeDir)).filter((n) => /^(a|import\.xml|Товар)$/.test(n)),
    ).toEqual([]);
  });
});
