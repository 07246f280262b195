import { BANNER_SLOTS, CatalogueErrorCode, type AdminCategory, type CategoryInput } from '@kiim/contract';
import type { z } from 'zod';
import type { DbOrTrx } from '#app/db/database.ts';
import { notFound } from '#app/lib/errors.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import * as admin from './catalog.admin.repository.ts';
import * as repo from './catalog.repository.ts';
import * as structure from './catalog.admin.structure.repository.ts';
import { counted, inUse, moveInList, saveKazakhTexts, slugTaken } from './catalog.admin.structure.common.ts';
import { reindexSearch } from './catalog.search.ts';
import { textsOf, translationOf } from './catalog.texts.ts';
import type { CategoryRow } from './catalog.table.ts';

// Categories in the back office (issue 27, docs/decisions/029). A category is a kind of clothes (spec §3: 0–4) in
// a gender segment (0 women, 1 men); its products take their gender and kind from it. Ordered within its segment;
// a hidden one is left out of the storefront's menus and lists. Each change runs in one transaction with its audit
// entry; the `category` table's triggers bump the catalogue version (decision 018).

/** Banner slots (spec §9) of a segment's category pages: the banners shown above its categories' listings. */
const bannerSlotsOf = (gender: number) =>
  BANNER_SLOTS.filter((s) => s.startsWith(gender === 0 ? 'category-women' : 'category-men'));

const toAdminCategory = (
  c: CategoryRow,
  position: number,
  texts: ReadonlyMap<string, string>,
  products: number,
): AdminCategory => ({
  ...{ id: c.id, name: c.name, nameKk: translationOf(texts, c.name), slug: c.slug },
  ...{ gender: c.gender, kind: c.kind, position, hidden: Number(c.is_hidden) === 1 },
  ...{ productCount: products, bannerSlots: bannerSlotsOf(c.gender) },
  packaging: {
    weightG: c.package_weight_g,
    lengthCm: c.package_length_cm,
    widthCm: c.package_width_cm,
    heightCm: c.package_height_cm,
  },
});

/** The packaging columns a category form sets: absent fields leave the stored value, null clears it. */
const packagingColumns = (input: z.output<typeof CategoryInput>) => ({
  ...(input.packageWeightG === undefined ? {} : { package_weight_g: input.packageWeightG }),
  ...(input.packageLengthCm === undefined ? {} : { package_length_cm: input.packageLengthCm }),
  ...(input.packageWidthCm === undefined ? {} : { package_width_cm: input.packageWidthCm }),
  ...(input.packageHeightCm === undefined ? {} : { package_height_cm: input.packageHeightCm }),
});

/** Every category, women's then men's, each segment in display order (`position` 1 first). */
export async function adminCategories(db: DbOrTrx): Promise<AdminCategory[]> {
  const [rows, texts, counts] = await Promise.all([
    repo.listCategories(db),
    textsOf(db, 'kk'),
    structure.productCountsByCategory(db),
  ]);
  const seen = new Map<number, number>();
  return rows.map((c) => {
    const position = (seen.get(c.gender) ?? 0) + 1;
    seen.set(c.gender, position);
    return toAdminCategory(c, position, texts, counts.get(c.id) ?? 0);
  });
}

const categoryNotFound = () => notFound(CatalogueErrorCode.entityNotFound, 'Такой категории нет');

async function adminCategory(db: DbOrTrx, id: number): Promise<AdminCategory> {
  const category = (await adminCategories(db)).find((c) => c.id === id);
  if (!category) throw categoryNotFound();
  return category;
}

/**
 * Creates (`id` null: last in its segment) or changes a category: names (Kazakh as a catalogue text), address
 * `/category/{slug}`, segment and kind (its products follow), hidden, one unit's packaging for carrier delivery
 * (issue 34 item 5; absent fields unchanged). A category moved to the other segment goes
 * last there; a new name re-indexes its products for search. Audited (`catalogue.category_created` /
 * `_updated`).
 * @throws AppError 404; 409 slugTaken (field `slug`).
 */
export async function saveCategory(
  db: DbOrTrx,
  id: number | null,
  input: z.output<typeof CategoryInput>,
  actor: Actor,
): Promise<AdminCategory> {
  return db.transaction().execute(async (trx) => {
    const before = id === null ? null : await adminCategory(trx, id);
    if (await structure.slugTaken(trx, 'category', input.slug, id)) {
      throw slugTaken('Такой адрес уже у другой категории');
    }
    const nowIso = actor.at.toISOString();
    const columns = {
      ...{ name: input.name, slug: input.slug, gender: input.gender, kind: input.kind },
      ...{ is_hidden: input.hidden ? 1 : 0, updated_at: nowIso },
      ...packagingColumns(input),
    };
    const categoryId = id ?? (await admin.nextId(trx, 'category'));
    const sortOrder =
      !before || before.gender !== input.gender
        ? await structure.nextCategorySortOrder(trx, input.gender)
        : undefined;
    if (!before) {
      await structure.insertCategory(trx, {
        ...{ id: categoryId, ...columns, sort_order: sortOrder!, created_at: nowIso },
      });
    } else {
      await structure.updateCategory(trx, categoryId, {
        ...columns,
        ...(sortOrder === undefined ? {} : { sort_order: sortOrder }),
      });
    }
    await saveKazakhTexts(trx, [[input.name, input.nameKk]]);
    if (before && (before.name !== input.name || before.nameKk !== input.nameKk)) {
      // Products are found by their category's name in both languages (decision 009).
      await reindexSearch(trx, await structure.productIdsOf(trx, 'category_id', categoryId));
    }
    const after = await adminCategory(trx, categoryId);
    const action = before ? 'catalogue.category_updated' : 'catalogue.category_created';
    await audit(trx, actor, action, { type: 'category', id: String(categoryId) }, before, after);
    return after;
  });
}

/** Shows a category in the storefront's menus and lists or hides it. Audited. @throws AppError 404. */
export async function setCategoryVisibility(
  db: DbOrTrx,
  id: number,
  visible: boolean,
  actor: Actor,
): Promise<AdminCategory> {
  return db.transaction().execute(async (trx) => {
    const before = await adminCategory(trx, id);
    if (before.hidden === visible) {
      await structure.setCategoryHidden(trx, id, !visible, actor.at.toISOString());
    }
    const after = await adminCategory(trx, id);
    await audit(
      trx,
      actor,
      'catalogue.category_updated',
      { type: 'category', id: String(id) },
      before,
      after,
    );
    return after;
  });
}

/** Moves a category one place up or down within its segment. Audited. @returns every category. @throws 404. */
export async function moveCategory(
  db: DbOrTrx,
  id: number,
  direction: 'up' | 'down',
  actor: Actor,
): Promise<AdminCategory[]> {
  return db.transaction().execute(async (trx) => {
    const category = await repo.findCategory(trx, id);
    if (!category) throw categoryNotFound();
    const segment = await repo.listCategories(trx, category.gender);
    const before = segment.findIndex((c) => c.id === id);
    await structure.setSortOrders(
      trx,
      'category',
      moveInList(segment, id, direction),
      actor.at.toISOString(),
    );
    const list = await adminCategories(trx);
    const after = list.find((c) => c.id === id)!.position;
    if (after !== before + 1) {
      const entity = { type: 'category', id: String(id) };
      await audit(
        trx,
        actor,
        'catalogue.category_moved',
        entity,
        { position: before + 1 },
        { position: after },
      );
    }
    return list;
  });
}

/**
 * Deletes a category nothing uses: no product (published or not), no banner linking to its page, no 1C group
 * mapped to it (the category model has no child categories). Audited (`catalogue.category_deleted`).
 * @throws AppError 404; 409 inUse naming what uses it (details: the counts).
 */
export async function deleteCategory(db: DbOrTrx, id: number, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await adminCategory(trx, id);
    const usage = await structure.categoryUsage(trx, id, before.slug);
    const uses = [
      usage.products ? `в ней ${counted(usage.products, ['товар', 'товара', 'товаров'])}` : '',
      usage.banners
        ? `на неё ${usage.banners === 1 ? 'ведёт' : 'ведут'} ${counted(usage.banners, ['баннер', 'баннера', 'баннеров'])}`
        : '',
      usage.exchangeGroups
        ? `с ней ${usage.exchangeGroups === 1 ? 'сопоставлена' : 'сопоставлены'} ${counted(usage.exchangeGroups, ['группа 1С', 'группы 1С', 'групп 1С'])}`
        : '',
    ].filter(Boolean);
    if (uses.length) {
      throw inUse(
        `Категорию «${before.name}» нельзя удалить: ${uses.join(', ')}. ` +
          'Перенесите товары в другую категорию, поправьте ссылки баннеров — или скройте категорию.',
        usage,
      );
    }
    await structure.deleteCategory(trx, id);
    await audit(trx, actor, 'catalogue.category_deleted', { type: 'category', id: String(id) }, before, null);
  });
}
