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
      expect((await staffCall(t.app, cookie, 'GET', '/api/admin/content/pages')).status).toBe(403);
    }
  });
});
