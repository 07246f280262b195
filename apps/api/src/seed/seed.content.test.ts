import { describe, expect, it } from 'vitest';
import { CategoryKind, Gender, INFO_PAGES } from '@kiim/contract';
import { bodyProblems } from '#app/modules/content/content.render.ts';
import { SIZE_SCALES } from './seed.catalog-data.ts';
import { infoPages } from './seed.content.ts';
import { russianOnlyWords, words } from './russian-words.ts';

// The shop's information pages as the seed writes them: complete, valid for the content module, the size guide in
// the size labels the catalogue really sells, and every page in Kazakh with the Russian page's sections, figures,
// placeholders, blocks and links (issue 13).

const all = infoPages();
const pages = all.filter((p) => p.locale === 'ru');
const kazakh = all.filter((p) => p.locale === 'kk');
const body = (slug: string) => pages.find((p) => p.slug === slug)!.body;
const kkBody = (slug: string) => kazakh.find((p) => p.slug === slug)!.body;

/** What of a body must be the same in both languages, in order where the order matters. */
const skeleton = (text: string) => ({
  /** Data blocks, in their places. */
  blocks: text.match(/^\{\{block:[a-z-]+\}\}$/gm) ?? [],
  /** `{{seller.…}}` / `{{shop.…}}` placeholders used. */
  placeholders: [...new Set(text.match(/\{\{(seller|shop)\.[a-zA-Z]+\}\}/g) ?? [])].sort(),
  /** Link targets, in order. */
  links: [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]),
  /** Headings by level: `##`, `###`. */
  headings: (text.match(/^#{2,3} /gm) ?? []).map((h) => h.trim()),
  /** Items of lists and table rows. */
  items: (text.match(/^(- |\d+\. |\|)/gm) ?? []).length,
  /** Every figure (days, minutes, amounts, sizes, articles of law), sorted: word order differs. */
  figures: (text.match(/\d+/g) ?? []).sort(),
});

/**
 * Words Kazakh writes as Russian does that no Kazakh catalogue text happens to use: loanwords («трусы», «боди»,
 * «колготки» — the underwear names Kazakhstan's shops use in Kazakh —, «редакция», «сайт») and a Kazakh form that
 * spells like a Russian word («кіру коды»: код with the possessive -ы).
 */
const SHARED_WORDS = new Set<string>(['трусы', 'боди', 'колготки', 'редакция', 'сайт', 'коды']);

/** The cells of column `index` (0-based) of the Markdown table under a `## heading` of the size guide. */
function column(heading: string, index = 0): string[] {
  const section = body('razmer')
    .split(/^## /m)
    .find((s) => s.startsWith(heading));
  if (!section) throw new Error(`no section «${heading}»`);
  const rows = section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| ---'));
  return rows.slice(1).map((line) => line.split('|')[index + 1]!.trim());
}

const scale = (kind: number, gender: number) => SIZE_SCALES[`${kind}-${gender}`]!;

describe('information pages of the seed', () => {
  it('has every page of spec §2 in both languages with a text of its own and no unknown blocks or placeholders', () => {
    expect(pages.map((p) => p.slug)).toEqual(INFO_PAGES.map((p) => p.slug));
    expect(kazakh.map((p) => p.slug)).toEqual(INFO_PAGES.map((p) => p.slug));
    expect(all).toHaveLength(2 * INFO_PAGES.length);
    for (const p of all) {
      expect(bodyProblems(p.body), p.slug).toEqual([]);
      expect(p.body.split(/\s+/).length, p.slug).toBeGreaterThan(60);
    }
    expect(body('faq').match(/^### /gm)!.length).toBeGreaterThanOrEqual(12);
  });

  it('gives the size guide a row for every size the catalogue sells in tops, trousers, outerwear and jeans', () => {
    const women = column('Женская одежда');
    const men = column('Мужская одежда');
    expect(women).toEqual(expect.arrayContaining([...scale(CategoryKind.outerwear, Gender.female)]));
    expect(column('Женская одежда', 1)).toEqual(
      expect.arrayContaining([...scale(CategoryKind.clothes, Gender.female)]),
    );
    expect(men).toEqual(expect.arrayContaining([...scale(CategoryKind.outerwear, Gender.male)]));
    expect(column('Мужская одежда', 1)).toEqual(
      expect.arrayContaining([...scale(CategoryKind.clothes, Gender.male)]),
    );
    expect(column('Женские брюки')).toEqual([...scale(CategoryKind.trousers, Gender.female)]);
    expect(column('Мужские брюки')).toEqual([...scale(CategoryKind.trousers, Gender.male)]);
    expect(column('Женские джинсы')).toEqual([...scale(CategoryKind.jeans, Gender.female)]);
    expect(column('Мужские джинсы')).toEqual([...scale(CategoryKind.jeans, Gender.male)]);
  });

  it('gives every Russian page a Kazakh one with the same blocks, placeholders, links, sections and figures', () => {
    for (const { slug } of INFO_PAGES) {
      expect(skeleton(kkBody(slug)), slug).toEqual(skeleton(body(slug)));
      const ru = pages.find((p) => p.slug === slug)!;
      const kk = kazakh.find((p) => p.slug === slug)!;
      expect(kk.title, slug).toMatch(/\S/);
      expect(kk.title, slug).not.toBe(ru.title);
      expect(kk.description, slug).not.toBe(ru.description);
    }
    expect(kazakh.find((p) => p.slug === 'faq')!.title).toBe('Сұрақтар мен жауаптар');
  });

  it('writes the Kazakh pages in Kazakh: no Russian-only word in their texts, titles and descriptions', () => {
    const russianOnly = russianOnlyWords({ russian: pages.flatMap((p) => [p.title, p.description, p.body]) });
    expect(russianOnly.has('покупатель')).toBe(true);
    expect(russianOnly.has('оферта')).toBe(false);
    for (const p of kazakh) {
      const found = words([p.title, p.description, p.body].join(' ')).filter(
        (w) => russianOnly.has(w) && !SHARED_WORDS.has(w),
      );
      expect([...new Set(found)], p.slug).toEqual([]);
      expect(p.body, p.slug).toMatch(/[әғқңөұүһі]/);
    }
  });

  it('keeps the size tables of the Kazakh size guide identical to the Russian ones below their headers', () => {
    const rows = (text: string) =>
      text
        .split('\n')
        .filter((line) => /^\| (\d|W\d|L\d)/.test(line))
        .map((line) => line.replace(/\s+/g, ' '));
    expect(rows(kkBody('razmer'))).toEqual(rows(body('razmer')));
    expect(rows(body('razmer')).length).toBeGreaterThan(40);
  });
});
