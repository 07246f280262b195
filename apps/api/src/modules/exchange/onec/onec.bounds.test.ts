import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { oneC } from '#app/test/onec.fixtures.ts';
import { makeApiKey } from '#app/test/staff.fixtures.ts';
import { FIELD_LIMITS } from './onec.parse.ts';
import { readXml, XML_LIMITS } from './xml.stream.ts';

// Bounds on 1C text (issue 29 item 7: a 100 MB description was accepted, +390 MB of memory, then a 100 MB admin
// answer): the reader never collects more of one text node than XML_LIMITS.text, and every field is cut to what the
// storefront shows (FIELD_LIMITS), with a warning to 1C.

const FIXTURES = path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures', '1c');
const JEANS = '5e1a7c3b-4d2f-11ef-8a10-00155d0a1f01';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kiim-bounds-'));

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});
const { basic, call, signIn, upload, importFile } = oneC(() => t);

describe('reading a huge text node', () => {
  it('keeps at most XML_LIMITS.text characters, in saxes and in the element, whatever the node holds', async () => {
    const file = path.join(tmp, 'big.xml');
    const out = fs.createWriteStream(file);
    out.write('<?xml version="1.0" encoding="UTF-8"?><a><Описание>');
    const block = 'Ж'.repeat(1024 * 1024);
    for (let i = 0; i < 20; i++) out.write(block);
    out.end('</Описание><b x="1">короткий</b></a>');
    await new Promise<void>((r) => out.on('finish', () => r()));

    let collected = 0;
    const write = SaxesParser.prototype.write;
    const spy = vi.spyOn(SaxesParser.prototype, 'write').mockImplementation(function (
      this: SaxesParser,
      chunk,
    ) {
      const r = write.call(this, chunk);
      collected = Math.max(collected, (this as unknown as { text: string }).text.length);
      return r;
    });
    const texts: Record<string, number> = {};
    try {
      await readXml(
        file,
        (name) => name === 'Описание' || name === 'b',
        async (nodes) => {
          for (const n of nodes) texts[n.name] = n.text.length;
        },
      );
    } finally {
      spy.mockRestore();
    }
    expect(texts).toEqual({ Описание: XML_LIMITS.text, b: 'короткий'.length });
    // The longest saxes ever held: the bound and one slice fed to it (64 K characters), not 20 M.
    expect(collected).toBeLessThanOrEqual(XML_LIMITS.text + 64 * 1024);
  });
});

describe('1C texts longer than the storefront shows', () => {
  it('are cut to the field bounds with a warning each, and the file is imported', async () => {
    const key = await makeApiKey(t.db, ['catalogue.import'], '1С');
    const cookie = await signIn('catalog', basic('1c', key.secret));
    await call('type=catalog&mode=init', { cookie });
    const xml = fs
      .readFileSync(path.join(FIXTURES, 'import.xml'), 'utf8')
      .replace(/<Описание>[^<]*<\/Описание>/, `<Описание>${'Деним. '.repeat(500_000)}</Описание>`)
      .replace(
        '<Наименование>Джинсы скинни с высокой посадкой</Наименование>',
        `<Наименование>${'Д'.repeat(400)}</Наименование>`,
      )
      .replace('<Артикул>DD-SKN-01</Артикул>', `<Артикул>${'A'.repeat(150)}</Артикул>`)
      .replace(
        '<Наименование>Джинсы женские</Наименование>',
        `<Наименование>Джинсы женские ${'ж'.repeat(300)}</Наименование>`,
      );
    await upload(cookie, 'import.xml', Buffer.from(xml));
    const answer = (await importFile(cookie, 'import.xml')).text;
    expect(answer).toMatch(/^success\n/);
    for (const line of [
      `Товар «${JEANS}»: Описание длиннее ${FIELD_LIMITS.description} символов: обрезано`,
      `Товар «${JEANS}»: Наименование длиннее ${FIELD_LIMITS.productName} символов: обрезано`,
      `Товар «${JEANS}»: Артикул длиннее ${FIELD_LIMITS.article} символов: обрезано`,
      `Группа «g-jeans-women»: название длиннее ${FIELD_LIMITS.groupName} символов: обрезано`,
    ])
      expect(answer.split('\n')).toContain(line);
    const group = await t.db
      .selectFrom('exchange_group')
      .select('name')
      .where('external_id', '=', 'g-jeans-women')
      .executeTakeFirstOrThrow();
    expect(group.name.length).toBe(FIELD_LIMITS.groupName);
    // The product waits as a draft (its group's long name no longer matches a category) or is a shop product:
    // either way what is kept is within the bounds.
    const draft = await t.db
      .selectFrom('exchange_draft')
      .select('data')
      .where('product_1c_id', '=', JEANS)
      .executeTakeFirst();
    const product = await t.db
      .selectFrom('exchange_product')
      .innerJoin('product', 'product.id', 'exchange_product.product_id')
      .select(['product.name', 'product.description'])
      .where('exchange_product.product_1c_id', '=', JEANS)
      .executeTakeFirst();
    const kept = product ?? (JSON.parse(draft!.data) as { name: string; description: string });
    expect(kept.name).toBe('Д'.repeat(FIELD_LIMITS.productName));
    expect(kept.description.length).toBeLessThanOrEqual(FIELD_LIMITS.description);
    expect(kept.description.startsWith('Деним. Деним.')).toBe(true);
  });
});
