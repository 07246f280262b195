import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { auditOf, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';

// The content editor's API (issue 15) on both databases: list and read sources, save (audited) with the storefront
// showing the new text at once, hide, preview, bad input → 400 with field errors, other roles → 403.

let t: TestContext;
let manager: string;

beforeAll(async () => {
  t = await createTestApp();
  manager = (await signedInMember(t.app, t.db, 'manager')).cookie;
});
afterAll(async () => {
  await t?.close();
});

const storefront = async (slug: string) => t.app.inject({ method: 'GET', url: `/api/content/pages/${slug}` });

describe('the content editor', () => {
  it('lists pages with their sources and saves a new text the storefront shows at once (audited)', async () => {
    const list = await staffCall(t.app, manager, 'GET', '/api/admin/content/pages');
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((p: { slug: string }) => p.slug)).toContain('vozvrat');
    const before = (await staffCall(t.app, manager, 'GET', '/api/admin/content/pages/vozvrat')).body.data
      .page;
    expect(before.body.length).toBeGreaterThan(0);

    const body = '## Возврат за 14 дней\n\nВерните вещь в **любой** пункт выдачи Kiim.';
    const saved = await staffCall(t.app, manager, 'PUT', '/api/admin/content/pages/vozvrat', {
      title: 'Обмен и возврат',
      description: 'Как вернуть или обменять вещь',
      body,
      published: true,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.page).toMatchObject({ body, published: true });
    const shown = (await storefront('vozvrat')).json().data;
    expect(JSON.stringify(shown.parts)).toContain('<strong>любой</strong>');
    const entry = (await auditOf(t.db, 'content.page_saved')).at(-1)!;
    expect(entry.entity_id).toBe('vozvrat/ru');
    expect(entry.before.body).toBe(before.body);
    expect(entry.after).toMatchObject({ body, published: true });
  });

  it('hides a page from the storefront and shows it again', async () => {
    const page = (await staffCall(t.app, manager, 'GET', '/api/admin/content/pages/faq')).body.data.page;
    const save = (published: boolean) =>
      staffCall(t.app, manager, 'PUT', '/api/admin/content/pages/faq', {
        title: page.title,
        description: page.description,
        body: page.body,
        published,
      });
    expect((await save(false)).status).toBe(200);
    expect((await storefront('faq')).statusCode).toBe(404);
    expect((await save(true)).status).toBe(200);
    expect((await storefront('faq')).statusCode).toBe(200);
  });

  it('previews Markdown and refuses unknown blocks and empty titles with field errors, changing nothing', async () => {
    const preview = await staffCall(t.app, manager, 'POST', '/api/admin/content/preview', {
      body: '# Привет',
    });
    expect(preview.status).toBe(200);
    expect(JSON.stringify(preview.body.data.parts)).toContain('Привет');
    const before = (await storefront('contact')).json().data;
    const bad = await staffCall(t.app, manager, 'PUT', '/api/admin/content/pages/contact', {
      title: ' ',
      description: 'x',
      body: 'text',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.title).toBeDefined();
    expect((await storefront('contact')).json().data.parts).toEqual(before.parts);
    expect((await staffCall(t.app, manager, 'GET', '/api/admin/content/pages/nope')).status).toBe(404);
  });

  it('is closed to the warehouse and the catalogue roles', async () => {
    for (const role of ['warehouse', 'catalogue'] as const) {
      const cookie = (await signedInMember(t.app, t.db, role)).cookie;
      expect((await staffCall(t.app, cookie, 'GET', '/api/admin/content/pages?locale=kk')).status).toBe(403);
      expect(
        (
          await staffCall(t.app, cookie, 'PUT', '/api/admin/content/pages/vozvrat?locale=kk', {
            title: 'Қайтару',
            description: 'Қайтару',
            body: 'Мәтін',
          })
        ).status,
      ).toBe(403);
    }
  });

  it('is closed to the warehouse and the catalogue roles (Russian)', async () => {
    for (const role of ['warehouse', 'catalogue'] as const) {
      const cookie = (await signedInMember(t.app, t.db, role)).cookie;
      expect((await staffCall(t.app, cookie, 'GET', '/api/admin/content/pages')).status).toBe(403);
    }
  });
});

describe('the content editor in Kazakh (issue 13)', () => {
  const slug = 'podarochnye-karty';
  const russian = {
    title: 'Подарочные карты',
    description: 'Как купить и оплатить подарочную карту Kiim',
    body: '## Подарочные карты\n\nКарту можно оплатить в любом магазине Kiim.',
    published: true,
  };
  const kazakh = {
    title: 'Сыйлық карталары',
    description: 'Kiim сыйлық картасын қалай сатып алуға және төлеуге болады',
    body: '## Сыйлық карталары\n\nКартаны кез келген Kiim дүкенінде төлеуге болады.\n\n{{block:stores}}',
    published: true,
  };
  const page = (locale?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/content/pages/${slug}${locale ? `?locale=${locale}` : ''}`,
    });
  const listed = async () =>
    (await staffCall(t.app, manager, 'GET', '/api/admin/content/pages?locale=kk')).body.data.items.find(
      (p: { slug: string }) => p.slug === slug,
    );

  it('lists a page written only in Russian with its Kazakh version missing; the editor answers 404 for it and the storefront shows the Russian page', async () => {
    expect((await staffCall(t.app, manager, 'PUT', `/api/admin/content/pages/${slug}`, russian)).status).toBe(
      200,
    );
    const item = await listed();
    expect(item).toMatchObject({ slug, locale: 'ru', title: russian.title });
    expect(item.languages.ru).toMatchObject({ published: true });
    expect(item.languages.kk).toBeNull();
    const kk = await staffCall(t.app, manager, 'GET', `/api/admin/content/pages/${slug}?locale=kk`);
    expect(kk.status).toBe(404);
    // Shoppers reading in Kazakh get the Russian page until a Kazakh one is published (decision 015).
    const shown = await page('kk');
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({ locale: 'ru', title: russian.title });
  });

  it('creates the Kazakh version (audited, before: none); the storefront shows it in Kazakh, Russian unchanged', async () => {
    const saved = await staffCall(
      t.app,
      manager,
      'PUT',
      `/api/admin/content/pages/${slug}?locale=kk`,
      kazakh,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.page).toMatchObject({ slug, locale: 'kk', title: kazakh.title, published: true });
    const shown = (await page('kk')).json().data;
    expect(shown).toMatchObject({ locale: 'kk', title: kazakh.title });
    expect(JSON.stringify(shown.parts)).toContain('кез келген Kiim дүкенінде');
    expect(shown.parts).toContainEqual({ kind: 'block', block: 'stores' });
    expect((await page()).json().data).toMatchObject({ locale: 'ru', title: russian.title });
    const entry = (await auditOf(t.db, 'content.page_saved')).at(-1)!;
    expect(entry.entity_id).toBe(`${slug}/kk`);
    expect(entry.before).toBeNull();
    expect(entry.after).toMatchObject({ title: kazakh.title, published: true });
    const item = await listed();
    expect(item).toMatchObject({ locale: 'kk', title: kazakh.title });
    expect(item.languages).toMatchObject({ ru: { published: true }, kk: { published: true } });
  });

  it('hides only the Kazakh version: Kazakh readers get the Russian page again', async () => {
    const hidden = await staffCall(t.app, manager, 'PUT', `/api/admin/content/pages/${slug}?locale=kk`, {
      ...kazakh,
      published: false,
    });
    expect(hidden.status).toBe(200);
    const shown = await page('kk');
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({ locale: 'ru', title: russian.title });
    expect((await page('ru')).statusCode).toBe(200);
    expect((await listed()).languages).toMatchObject({ ru: { published: true }, kk: { published: false } });
  });

  it('checks blocks and placeholders of a Kazakh text like a Russian one, and refuses unknown languages; nothing changes', async () => {
    const before = (await staffCall(t.app, manager, 'GET', `/api/admin/content/pages/${slug}?locale=kk`)).body
      .data.page;
    const bad = await staffCall(t.app, manager, 'PUT', `/api/admin/content/pages/${slug}?locale=kk`, {
      ...kazakh,
      body: 'Мәтін\n\n{{block:nope}}',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.body).toBeDefined();
    const placeholder = await staffCall(t.app, manager, 'PUT', `/api/admin/content/pages/${slug}?locale=kk`, {
      ...kazakh,
      body: 'Мәтін {{nope}}',
    });
    expect(placeholder.status).toBe(400);
    expect(placeholder.body.errors.body).toBeDefined();
    for (const locale of ['en', 'KK', '']) {
      const r = await staffCall(
        t.app,
        manager,
        'PUT',
        `/api/admin/content/pages/${slug}?locale=${locale}`,
        kazakh,
      );
      expect(r.status, locale).toBe(400);
      expect(r.body.errors.locale, locale).toBeDefined();
      expect(
        (await staffCall(t.app, manager, 'GET', `/api/admin/content/pages?locale=${locale}`)).status,
      ).toBe(400);
    }
    const after = (await staffCall(t.app, manager, 'GET', `/api/admin/content/pages/${slug}?locale=kk`)).body
      .data.page;
    expect(after).toEqual(before);
  });
});
