import {
  CONTENT_LOCALES,
  ErrorCode,
  type AdminContentListItem,
  type AdminContentPage,
  type AdminContentPageBody,
  type ContentLocale,
  type ContentPart,
} from '@kiim/contract';
import type { Db, DbOrTrx } from '#app/db/database.ts';
import { badRequest, notFound } from '#app/lib/errors.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import * as repo from './content.repository.ts';
import { bodyProblems, renderPage, type RenderValues } from './content.render.ts';
import { savePage } from './content.service.ts';
import type { ContentPageRow } from './content.table.ts';

// The back office's content editor (issue 15): every page with its Markdown source, saving (audited) and a preview
// rendered exactly as the storefront renders pages. The storefront reads the stored text on each request (its
// rendering cache is keyed by the page's change time), so a saved page shows at once. Each language of a page is
// its own row (slug, locale): Russian and Kazakh are edited, validated and audited alike (issue 13).

const toAdmin = (r: ContentPageRow): AdminContentPage => ({
  slug: r.slug,
  locale: r.locale as ContentLocale,
  title: r.title,
  description: r.description,
  body: r.body,
  published: r.published === 1,
  publishedAt: r.published_at,
  updatedAt: r.updated_at,
});

/**
 * `GET /api/admin/content/pages`: every page by slug, published or not, in `locale` when written in it (else in
 * the first language it has, Russian first), with the state of each language (null: not written yet).
 */
export async function listPagesForStaff(db: DbOrTrx, locale: ContentLocale): Promise<AdminContentListItem[]> {
  const bySlug = new Map<string, Map<string, ContentPageRow>>();
  for (const row of await repo.listAll(db)) {
    if (!bySlug.has(row.slug)) bySlug.set(row.slug, new Map());
    bySlug.get(row.slug)!.set(row.locale, row);
  }
  return [...bySlug.values()].map((versions) => {
    const shown = versions.get(locale) ?? CONTENT_LOCALES.map((l) => versions.get(l)).find(Boolean)!;
    const state = (l: ContentLocale) => {
      const r = versions.get(l);
      return r ? { published: r.published === 1, updatedAt: r.updated_at } : null;
    };
    return { ...toAdmin(shown), languages: { ru: state('ru'), kk: state('kk') } };
  });
}

/**
 * `GET /api/admin/content/pages/:slug`: one page's source.
 * @throws AppError 404 contentNotFound.
 */
export async function pageForStaff(
  db: DbOrTrx,
  slug: string,
  locale: ContentLocale,
): Promise<AdminContentPage> {
  const row = await repo.findPage(db, slug, locale);
  if (!row) throw notFound(ErrorCode.contentNotFound, 'Страница не найдена');
  return toAdmin(row);
}

/**
 * `PUT /api/admin/content/pages/:slug`: saves the page (creates it when new) and publishes or hides it; audited as
 * content.page_saved with the title, description, state and text before and after.
 * @throws AppError 400 with field errors (unknown blocks or placeholders in `body`).
 */
export async function savePageAsStaff(
  db: Db,
  slug: string,
  locale: ContentLocale,
  input: AdminContentPageBody,
  actor: Actor,
): Promise<AdminContentPage> {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findPage(trx, slug, locale);
    await savePage(trx, { ...input, slug, locale }, actor.at);
    const after = (await repo.findPage(trx, slug, locale))!;
    const fields = (r: ContentPageRow) => ({
      title: r.title,
      description: r.description,
      published: r.published === 1,
      body: r.body,
    });
    await audit(
      trx,
      actor,
      'content.page_saved',
      { type: 'content_page', id: `${slug}/${locale}` },
      before ? fields(before) : null,
      fields(after),
    );
  });
  return pageForStaff(db, slug, locale);
}

/**
 * `POST /api/admin/content/preview`: the Markdown rendered as the storefront will show it.
 * @throws AppError 400 with the body's problems (unknown blocks or placeholders).
 */
export function previewPage(body: string, values: RenderValues): ContentPart[] {
  const problems = bodyProblems(body);
  if (problems.length) throw badRequest({ body: problems });
  return renderPage(body, values);
}
