import {
  ContentPageInput,
  DEFAULT_CONTENT_LOCALE,
  ErrorCode,
  INFO_PAGES,
  type ContentPage,
  type ContentPageSummary,
  type ContentLocale,
  type DeliveryCity,
  type SellerDetails,
} from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { badRequest, notFound } from '#app/lib/errors.ts';
import { newId } from '#app/lib/ids.ts';
import { deliveryCities } from '#app/modules/catalog/catalog.service.ts';
import { CATALOGUE_LANGS, type CatalogueLang, type Say } from '#app/modules/catalog/catalog.texts.ts';
import { shopperSay } from '#app/modules/catalog/read/index.ts';
import * as repo from './content.repository.ts';
import { blocksOf, bodyProblems, renderPage, type RenderValues } from './content.render.ts';
import type { ContentPageRow } from './content.table.ts';

// Information pages (spec §2): stored Markdown per slug and language, served only when published, rendered to
// HTML on the server with the data blocks the text places (content.render.ts). A page not published in the asked
// language is served in Russian (issue 13: a shopper reading Kazakh gets the Russian page rather than nothing;
// the answer's `locale` says which). The back office writes pages through `savePage`; the seed adds the shop's
// pages with `addMissingPages`.

/** Order of the information index: the pages of spec §2 as the footer lists them, then others by title. */
const ORDER = new Map<string, number>(INFO_PAGES.map((p, i) => [p.slug, i]));
type Ordered = { slug: string; title: string; locale: string };
const byInfoOrder = (a: Ordered, b: Ordered) =>
  (ORDER.get(a.slug) ?? ORDER.size) - (ORDER.get(b.slug) ?? ORDER.size) ||
  a.title.localeCompare(b.title, a.locale);

const toSummary = (r: Omit<ContentPageRow, 'body'>): ContentPageSummary => ({
  slug: r.slug,
  locale: r.locale as ContentLocale,
  title: r.title,
  description: r.description,
  updatedAt: r.updated_at,
});

/**
 * Published pages of a language for the information index, in the footer's order; in another language than
 * Russian, the Russian pages it lacks take their place (each summary's `locale` says which it is).
 */
export async function listPages(db: DbOrTrx, locale: ContentLocale): Promise<ContentPageSummary[]> {
  const own = await repo.listPublished(db, locale);
  const have = new Set(own.map((r) => r.slug));
  const fallback =
    locale === DEFAULT_CONTENT_LOCALE
      ? []
      : (await repo.listPublished(db, DEFAULT_CONTENT_LOCALE)).filter((r) => !have.has(r.slug));
  return [...own, ...fallback].sort(byInfoOrder).map(toSummary);
}

/** The published page of a slug in `locale`, else its published Russian page; undefined when neither is. */
async function publishedPage(db: DbOrTrx, slug: string, locale: ContentLocale) {
  const row = await repo.findPage(db, slug, locale);
  if (row?.published === 1) return row;
  if (locale === DEFAULT_CONTENT_LOCALE) return undefined;
  const fallback = await repo.findPage(db, slug, DEFAULT_CONTENT_LOCALE);
  return fallback?.published === 1 ? fallback : undefined;
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
 * The seller's details with its name, address and service hours in `say`'s language where the catalogue's texts
 * have them (catalogue_text, docs/decisions/022, 046), so Kazakh reads «күн сайын 9:00-ден 21:00-ге дейін», not the
 * configured Russian phrase.
 */
export const sellerIn = (seller: SellerDetails, say: Say): SellerDetails => ({
  ...seller,
  companyName: say(seller.companyName),
  legalAddress: say(seller.legalAddress),
  serviceHours: say(seller.serviceHours),
});

/** The values filled into a text of `locale`: the seller's details in that language ({@link sellerIn}). */
async function valuesIn(db: DbOrTrx, locale: string, values: RenderValues): Promise<RenderValues> {
  const lang = CATALOGUE_LANGS.find((l) => l === locale);
  if (!lang) return values;
  return { ...values, seller: sellerIn(values.seller, await shopperSay(db, lang)) };
}

/**
 * A published page ready to show: its HTML parts with data blocks between them, the catalogue's cities with
 * pickup points and courier prices when a block needs them (delivery, stores), and the seller's details. A page
 * not published in `locale` comes in Russian (`locale: 'ru'` in the answer). Placeholders are filled in the
 * text's language; the cities and `seller` in the shopper's catalogue language `lang` (null: Russian, as
 * configured; docs/decisions/046).
 * @throws AppError 404 `contentNotFound` for an unknown slug, or a page published in neither language.
 */
export async function getPage(
  db: DbOrTrx,
  slug: string,
  locale: ContentLocale,
  values: RenderValues,
  lang: CatalogueLang | null = null,
): Promise<ContentPage> {
  const row = await publishedPage(db, slug, locale);
  if (!row) throw notFound(ErrorCode.contentNotFound, 'Страница не найдена');
  const blocks = blocksOf(row.body);
  const needsCities = blocks.includes('delivery-cities') || blocks.includes('stores');
  const cities: DeliveryCity[] = needsCities ? await deliveryCities(db, lang) : [];
  return {
    ...toSummary(row),
    parts: partsOf(row, await valuesIn(db, row.locale, values)),
    cities,
    seller: lang ? sellerIn(values.seller, await shopperSay(db, lang)) : values.seller,
  };
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
