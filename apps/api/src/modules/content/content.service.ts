import {
  ContentPageInput,
  ErrorCode,
  INFO_PAGES,
  type ContentPage,
  type ContentPageSummary,
  type ContentLocale,
  type DeliveryCity,
} from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { badRequest, notFound } from '#app/lib/errors.ts';
import { newId } from '#app/lib/ids.ts';
import { deliveryCities } from '#app/modules/catalog/catalog.service.ts';
import * as repo from './content.repository.ts';
import { blocksOf, bodyProblems, renderPage, type RenderValues } from './content.render.ts';
import type { ContentPageRow } from './content.table.ts';

// Information pages (spec §2): stored Markdown per slug and language, served only when published, rendered to
// HTML on the server with the data blocks the text places (content.render.ts). The back office will write pages
// through `savePage`; the seed adds the shop's pages with `addMissingPages`.

/** Order of the information index: the pages of spec §2 as the footer lists them, then others by title. */
const ORDER = new Map<string, number>(INFO_PAGES.map((p, i) => [p.slug, i]));
const byInfoOrder = (a: { slug: string; title: string }, b: { slug: string; title: string }) =>
  (ORDER.get(a.slug) ?? ORDER.size) - (ORDER.get(b.slug) ?? ORDER.size) ||
  a.title.localeCompare(b.title, 'ru');

const toSummary = (r: Omit<ContentPageRow, 'body'>): ContentPageSummary => ({
  slug: r.slug,
  locale: r.locale as ContentLocale,
  title: r.title,
  description: r.description,
  updatedAt: r.updated_at,
});

/** Published pages of a language for the information index, in the footer's order. */
export async function listPages(db: DbOrTrx, locale: ContentLocale): Promise<ContentPageSummary[]> {
  return (await repo.listPublished(db, locale)).sort(byInfoOrder).map(toSummary);
}

/** Rendered parts by page version (id and change time) and the values filled in: a text is rendered once. */
const rendered = new Map<string, ReturnType<typeof renderPage>>();
const RENDERED_MAX = 200;

function partsOf(row: ContentPageRow, values: RenderValues) {
  const key = `${row.id}@${row.updated_at}@${JSON.stringify(values)}`;
  let parts = rendered.get(key);
  if (!parts) {
    parts = renderPage(row.body, values);
    if (rendered.size >= RENDERED_MAX) rendered.delete(rendered.keys().next().value!);
    rendered.set(key, parts);
  }
  return parts;
}

/**
 * A published page ready to show: its HTML parts with data blocks between them, the catalogue's cities with
 * pickup points and courier prices when a block needs them (delivery, stores), and the seller's details.
 * @throws AppError 404 `contentNotFound` for an unknown slug or language, or a page not published.
 */
export async function getPage(
  db: DbOrTrx,
  slug: string,
  locale: ContentLocale,
  values: RenderValues,
): Promise<ContentPage> {
  const row = await repo.findPage(db, slug, locale);
  if (!row || row.published !== 1) throw notFound(ErrorCode.contentNotFound, 'Страница не найдена');
  const blocks = blocksOf(row.body);
  const needsCities = blocks.includes('delivery-cities') || blocks.includes('stores');
  const cities: DeliveryCity[] = needsCities ? await deliveryCities(db) : [];
  return { ...toSummary(row), parts: partsOf(row, values), cities, seller: values.seller };
}

/**
 * Writes a page (new, or the one with the same slug and language), as the back office will: the input read by
 * the contract's schema, the body's blocks and placeholders checked. Publishing stamps `published_at`.
 * @returns the page as the index lists it.
 * @throws AppError 400 with field errors for bad input or unknown blocks/placeholders (field `body`).
 */
export async function savePage(db: DbOrTrx, input: ContentPageInput, now: Date): Promise<ContentPageSummary> {
  const parsed = ContentPageInput.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues)
      (errors[issue.path.join('.') || '_form'] ??= []).push(issue.message);
    throw badRequest(errors);
  }
  const page = parsed.data;
  const problems = bodyProblems(page.body);
  if (problems.length) throw badRequest({ body: problems });
  const at = now.toISOString();
  const existing = await repo.findPage(db, page.slug, page.locale);
  const fields = {
    title: page.title,
    description: page.description,
    body: page.body,
    published: page.published ? 1 : 0,
    published_at: page.published ? at : (existing?.published_at ?? null),
    updated_at: at,
  };
  if (existing) await repo.updatePage(db, existing.id, fields);
  else
    await repo.insertPage(db, {
      id: newId(),
      slug: page.slug,
      locale: page.locale,
      created_at: at,
      ...fields,
    });
  return {
    slug: page.slug,
    locale: page.locale,
    title: page.title,
    description: page.description,
    updatedAt: at,
  };
}

/**
 * Adds the pages that are not stored yet (by slug and language), leaving stored ones as they are (the back
 * office may have edited them). Used by the seed on every start, so a shop seeded before a page existed gets it.
 * @returns how many pages were added.
 */
export async function addMissingPages(
  db: DbOrTrx,
  pages: readonly ContentPageInput[],
  now: Date,
): Promise<number> {
  const stored = await repo.pageKeys(db);
  let added = 0;
  for (const page of pages) {
    if (stored.has(`${page.slug}/${page.locale ?? 'ru'}`)) continue;
    await savePage(db, page, now);
    added++;
  }
  return added;
}
