import { describe, expect, it } from 'vitest';
import { CategoryKind, Gender, INFO_PAGES } from '@kiim/contract';
import { bodyProblems } from '#app/modules/content/content.render.ts';
import { SIZE_SCALES } from './seed.catalog-data.ts';
import { infoPages } from './seed.content.ts';

// The shop's information pages as the seed writes them: complete, valid for the content module, and the size
// guide in the size labels the catalogue really sells.

const pages = infoPages();
const body = (slug: string) => pages.find((p) => p.slug === slug)!.body;

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
  it('has every page of spec §2 with a text of its own and no unknown blocks or placeholders', () => {
    expect(pages.map((p) => p.slug)).toEqual(INFO_PAGES.map((p) => p.slug));
    for (const p of pages) {
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
});
