import { MAX_EXTERNAL_ID, MAX_STOCK_UNITS } from '@kiim/contract';
import type { PackagingValues } from '#app/modules/catalog/catalog.import.ts';
import { packagingOf } from './onec.packaging.ts';
import { productTexts, suggestedRole, type RoleOf } from './onec.properties.ts';
import { sizeAndColour, type OfferProperty } from './onec.sizes.ts';
import { child, childrenOf, textAt, textOf, type XNode } from './xml.stream.ts';

/**
 * A picture kept as a media master (onec.pictures.ts): what a product's picture needs, with no session file left to
 * read. Declared here, beside the parsed shapes that carry it, so the parser imports nothing that imports it back.
 */
export interface StoredPicture {
  mediaKey: string;
  width: number;
  height: number;
}

// CommerceML 2 elements as plain values (issue 12 item 3): groups, properties, products (Товар), warehouses, price
// types and offers (Предложение), in the shapes 1C:Enterprise writes them (2.05–2.10: attributes or elements).

/**
 * The longest text the shop keeps of each 1C field, in characters (issue 29 item 7; docs/security.md «The 1C
 * exchange»): what the storefront and the back office show (the product form's own limits, packages/contract). A
 * longer text is cut at the bound and 1C is told (a warning), never refused whole and never stored as sent.
 */
export const FIELD_LIMITS = {
  productName: 200,
  description: 5000,
  article: 100,
  brand: 100,
  colour: 60,
  groupName: 200,
  warehouseName: 200,
  propertyName: 200,
  propertyValue: 200,
  offerName: 300,
  priceTypeName: 100,
  /** Pictures of one product (more are left out). */
  pictures: 20,
} as const;

/** A warning for 1C's log (onec.run.ts `warn`). */
export type Warn = (text: string) => void;
const noWarning: Warn = () => {};

/**
 * `text` cut to `max` characters; a cut is reported through `warn` as `<what> длиннее <max> символов: обрезано`.
 */
export function fit(text: string, max: number, what: string, warn: Warn = noWarning): string {
  if (text.length <= max) return text;
  warn(`${what} длиннее ${max} символов: обрезано`);
  return text.slice(0, max).trimEnd();
}

/** A file of the exchange that cannot be imported: the reason goes back to 1C (`failure`), nothing is changed. */
export class ExchangeFileError extends Error {}

/** Words of a name in any order and case (ё as е): how a group meets a category, a warehouse a city. */
export const wordsKey = (name: string) =>
  [
    ...new Set(
      name
        .toLowerCase()
        .replace(/ё/g, 'е')
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    ),
  ]
    .sort()
    .join(' ');

/** Whether an Ид can be kept (length and no control characters, as for products). */
const keepableId = (id: string) => id.length <= MAX_EXTERNAL_ID && !/\p{Cc}/u.test(id);

/**
 * A group and its subgroups, flattened with their parents; names cut to {@link FIELD_LIMITS}, a group whose Ид
 * cannot be kept is left out (with its subgroups) and reported.
 */
export function flattenGroups(groups: XNode, parent: string | null = null, warn: Warn = noWarning) {
  const out: { id: string; name: string; parent: string | null }[] = [];
  for (const g of childrenOf(groups, 'Группа')) {
    const id = textOf(g, 'Ид');
    if (!keepableId(id)) {
      warn(
        `Группа «${id.slice(0, 80)}» пропущена: Ид длиннее ${MAX_EXTERNAL_ID} символов или с управляющими символами`,
      );
      continue;
    }
    const name = fit(textOf(g, 'Наименование'), FIELD_LIMITS.groupName, `Группа «${id}»: название`, warn);
    out.push({ id, name, parent });
    const sub = child(g, 'Группы');
    if (sub) out.push(...flattenGroups(sub, id, warn));
  }
  return out;
}

/** A property (Свойство) with its dictionary values (Справочник: ИдЗначения → Значение), cut to the bounds. */
export function parseProperty(p: XNode) {
  const values = new Map<string, string>();
  for (const v of childrenOf(child(p, 'ВариантыЗначений'), 'Справочник'))
    values.set(textOf(v, 'ИдЗначения'), fit(textOf(v, 'Значение'), FIELD_LIMITS.propertyValue, ''));
  return { id: textOf(p, 'Ид'), name: fit(textOf(p, 'Наименование'), FIELD_LIMITS.propertyName, ''), values };
}
export type Property = ReturnType<typeof parseProperty>;

/** Name → value pairs of a list such as ЗначенияРеквизитов/ЗначениеРеквизита or ХарактеристикиТовара. */
const pairs = (list: XNode | undefined, item: string) =>
  new Map(
    childrenOf(list, item).map((n) => [textOf(n, 'Наименование').toLowerCase(), textOf(n, 'Значение')]),
  );

const isTrue = (s: string) => s.trim().toLowerCase() === 'true';

/** The 1C product id of an offer or product id `product#characteristic`. */
export const productIdOf = (id: string) => id.split('#')[0]!;

/** A product (Товар) of import.xml. */
export interface ProductData {
  id: string;
  article: string;
  name: string;
  description: string;
  groupId: string | null;
  brand: string;
  colour: string;
  /** From the properties and requisites whose role is composition or care (onec.properties.ts); '' when none. */
  composition: string;
  care: string;
  pictures: string[];
  deleted: boolean;
  /** Packed weight (g) and size (cm) from «Вес» and the dimensions (onec.packaging.ts); absent when none. */
  packaging?: PackagingValues;
}

/** The brand: the property «Бренд» or «Производитель» (a dictionary value or text), else Изготовитель or a requisite. */
function brandOf(
  t: XNode,
  properties: ReadonlyMap<string, Property>,
  requisites: Map<string, string>,
): string {
  for (const v of childrenOf(child(t, 'ЗначенияСвойств'), 'ЗначенияСвойства')) {
    const prop = properties.get(textOf(v, 'Ид'));
    if (!prop || !/^(бренд|производитель)$/i.test(prop.name)) continue;
    const value = textOf(v, 'Значение');
    const named = prop.values.get(value) ?? value;
    if (named) return named;
  }
  return (
    textAt(t, 'Изготовитель', 'Наименование') ||
    requisites.get('бренд') ||
    requisites.get('производитель') ||
    ''
  );
}

/**
 * Name → value of a Товар's properties (ЗначенияСвойств: names and dictionary values from the classifier, several
 * values joined by commas) and requisites (ЗначенияРеквизитов), in file order; empty values left out.
 */
export function namedValues(t: XNode, properties: ReadonlyMap<string, Property>): [string, string][] {
  const out: [string, string][] = [];
  for (const v of childrenOf(child(t, 'ЗначенияСвойств'), 'ЗначенияСвойства')) {
    const prop = properties.get(textOf(v, 'Ид'));
    const values = childrenOf(v, 'Значение')
      .map((n) => n.text.trim())
      .filter(Boolean)
      .map((value) => prop?.values.get(value) ?? value);
    out.push([prop?.name || textOf(v, 'Наименование'), values.join(', ')]);
  }
  out.push(...requisitesOf(t));
  return out.filter(([n, v]) => n && v);
}

/** Name → value of a Товар's requisites (ЗначенияРеквизитов), in file order. */
export const requisitesOf = (t: XNode): [string, string][] =>
  childrenOf(child(t, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита').map((r) => [
    textOf(r, 'Наименование'),
    textOf(r, 'Значение'),
  ]);

/**
 * Reads a Товар; `roleOf` says which properties are its colour, composition and care (the staff's mapping, else the
 * names' suggestion). @throws ItemSkipped without Ид or Наименование, or with an Ид the shop cannot keep.
 */
export function parseProduct(
  t: XNode,
  properties: ReadonlyMap<string, Property>,
  roleOf: RoleOf = suggestedRole,
  warn: Warn = noWarning,
): ProductData {
  const id = productIdOf(textOf(t, 'Ид'));
  const name = textOf(t, 'Наименование');
  if (!id || !name) throw new ItemSkipped(`Товар без Ид или Наименования пропущен (Ид «${id.slice(0, 80)}»)`);
  if (id.length > MAX_EXTERNAL_ID || /\p{Cc}/u.test(id))
    throw new ItemSkipped(`Товар «${id.slice(0, 80)}» пропущен: Ид длиннее ${MAX_EXTERNAL_ID} символов`);
  const requisites = pairs(child(t, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита');
  const characteristics = childrenOf(child(t, 'ХарактеристикиТовара'), 'ХарактеристикаТовара').map(
    (c): [string, string] => [textOf(c, 'Наименование'), textOf(c, 'Значение')],
  );
  const named = namedValues(t, properties);
  const of = `Товар «${id}»: `;
  const pictures = picturesOf(t, of, warn);
  const colour = [...characteristics, ...named].find(([n, v]) => v && roleOf(n) === 'colour')?.[1] ?? '';
  return {
    id,
    name: fit(name, FIELD_LIMITS.productName, `${of}Наименование`, warn),
    article: fit(textOf(t, 'Артикул'), FIELD_LIMITS.article, `${of}Артикул`, warn),
    description: fit(textOf(t, 'Описание'), FIELD_LIMITS.description, `${of}Описание`, warn),
    groupId: textAt(t, 'Группы', 'Ид') || null,
    brand: fit(brandOf(t, properties, requisites), FIELD_LIMITS.brand, `${of}бренд`, warn),
    colour: fit(colour, FIELD_LIMITS.colour, `${of}цвет`, warn),
    ...productTexts(named, roleOf),
    pictures,
    deleted: isTrue(textOf(t, 'ПометкаУдаления')) || t.attrs['Статус'] === 'Удален',
    ...packagingField(packagingOf(t, named, of, warn)),
  };
}

const packagingField = (p: PackagingValues | undefined) => (p ? { packaging: p } : {});

/** A price of an offer: whole tenge per unit, and the currency 1C named on it ('' when none). */
export interface OfferPrice {
  value: number;
  currency: string;
}

/** An offer (Предложение) of offers.xml. */
export interface OfferData {
  id: string;
  productId: string;
  /** The offer's name (the size may be at its end). */
  name: string;
  size: string;
  colour: string;
  /** Price per unit by price type id (positive, rounded to whole units of its currency). */
  prices: Map<string, OfferPrice>;
  /** Units per warehouse id (only the warehouses the offer lists). */
  stock: Map<string, number>;
  /** Units over all warehouses (`Количество`) when the offer lists no warehouse, else null. */
  total: number | null;
  /** `Статус="Удален"` or `ПометкаУдаления`: taken off sale. */
  deleted: boolean;
  /** The offer's own pictures (`Картинка`: a colour's photos, issue 28 item 9), relative to the session's folder. */
  pictures?: string[];
  /** Those pictures stored as media (an offer kept with its draft: issue 28 item 9); then `pictures` is not read. */
  images?: StoredPicture[];
}

/** The `Картинка` paths of a product or offer, at most FIELD_LIMITS.pictures (more are reported by `warn`). */
function picturesOf(n: XNode, of: string, warn: (w: string) => void): string[] {
  const pictures = childrenOf(n, 'Картинка')
    .map((p) => p.text.trim())
    .filter(Boolean);
  if (pictures.length > FIELD_LIMITS.pictures)
    warn(`${of}картинок больше ${FIELD_LIMITS.pictures}, остальные не загружены`);
  return pictures.slice(0, FIELD_LIMITS.pictures);
}

/** A product or offer that cannot be applied: it is skipped and the reason reported to 1C (issue 28 item 6). */
export class ItemSkipped extends Error {}

/**
 * A count of units as 1C writes it (`5`, `5.000`, `2,5`): fractional counts are rounded down and negative ones
 * taken as 0, each with a warning. @throws ItemSkipped when it is not a number or over 1,000,000.
 */
function units(text: string, offerId: string, warn: (w: string) => void): number {
  const n = Number(text.replace(',', '.').replace(/\s/g, ''));
  if (!Number.isFinite(n))
    throw new ItemSkipped(`Предложение «${offerId}» пропущено: количество «${text}» — не число`);
  if (n > MAX_STOCK_UNITS)
    throw new ItemSkipped(`Предложение «${offerId}» пропущено: количество ${n} больше 1 000 000`);
  if (n < 0) {
    warn(`Предложение «${offerId}»: отрицательное количество ${n} принято как 0`);
    return 0;
  }
  if (!Number.isInteger(n))
    warn(`Предложение «${offerId}»: дробное количество ${n} округлено до ${Math.floor(n)}`);
  return Math.floor(n);
}

/** Per-warehouse units: `<Склад ИдСклада КоличествоНаСкладе/>` (2.05–2.08) or `<Остатки><Остаток><Склад>` (2.09+). */
function stockOf(o: XNode, offerId: string, warn: (w: string) => void): Map<string, number> {
  const stock = new Map<string, number>();
  for (const s of childrenOf(o, 'Склад'))
    if (s.attrs['ИдСклада'])
      stock.set(s.attrs['ИдСклада'], units(s.attrs['КоличествоНаСкладе'] ?? '0', offerId, warn));
  for (const r of childrenOf(child(o, 'Остатки'), 'Остаток')) {
    const s = child(r, 'Склад');
    if (s) stock.set(textOf(s, 'Ид'), units(textOf(s, 'Количество') || '0', offerId, warn));
  }
  return stock;
}

/** The total units of an offer without warehouses: `Количество`, or `<Остатки><Остаток><Количество>` (2.09+). */
function totalOf(o: XNode, offerId: string, warn: (w: string) => void): number | null {
  const texts = [textOf(o, 'Количество')];
  for (const r of childrenOf(child(o, 'Остатки'), 'Остаток'))
    if (!child(r, 'Склад')) texts.push(textOf(r, 'Количество'));
  const given = texts.filter(Boolean);
  return given.length ? units(given.at(-1)!, offerId, warn) : null;
}

/** The prices of an offer; a price that is not a positive number is left out with a warning. */
function pricesOf(o: XNode, id: string, warn: (w: string) => void): Map<string, OfferPrice> {
  const prices = new Map<string, OfferPrice>();
  for (const p of childrenOf(child(o, 'Цены'), 'Цена')) {
    const text = textOf(p, 'ЦенаЗаЕдиницу');
    const value = Number(text.replace(',', '.').replace(/\s/g, ''));
    if (!Number.isFinite(value) || value <= 0) {
      warn(`Предложение «${id}»: цена «${text}» — не положительное число, пропущена`);
      continue;
    }
    prices.set(textOf(p, 'ИдТипаЦены'), { value: Math.round(value), currency: textOf(p, 'Валюта') });
  }
  return prices;
}

/**
 * Reads a Предложение (`known`: the size and colour properties of import.xml; `roleOf`: the properties' roles).
 * @throws ItemSkipped for a missing Ид or a quantity that is not a count.
 */
export function parseOffer(
  o: XNode,
  known: ReadonlyMap<string, OfferProperty>,
  warn: (w: string) => void,
  roleOf: RoleOf = suggestedRole,
): OfferData {
  const id = textOf(o, 'Ид');
  if (!id) throw new ItemSkipped('Предложение без Ид пропущено');
  if (id.length > MAX_EXTERNAL_ID || /\p{Cc}/u.test(id))
    throw new ItemSkipped(
      `Предложение «${id.slice(0, 80)}» пропущено: Ид длиннее ${MAX_EXTERNAL_ID} символов или с управляющими символами`,
    );
  const stock = stockOf(o, id, warn);
  const total = totalOf(o, id, warn);
  const { size, colour } = sizeAndColour(o, known, roleOf);
  return {
    ...{ id, productId: productIdOf(id), size },
    name: fit(textOf(o, 'Наименование'), FIELD_LIMITS.offerName, `Предложение «${id}»: Наименование`, warn),
    colour: fit(colour, FIELD_LIMITS.colour, `Предложение «${id}»: цвет`, warn),
    ...{ prices: pricesOf(o, id, warn), stock, total: stock.size ? null : total },
    deleted: isTrue(textOf(o, 'ПометкаУдаления')) || o.attrs['Статус'] === 'Удален',
    pictures: picturesOf(o, `Предложение «${id}»: `, warn),
  };
}

/**
 * Refuses files of CommerceML 3.x (another format; 1C's exchange settings choose the version), read from the root
 * element's `ВерсияСхемы`. @throws ExchangeFileError.
 */
export function checkSchema(name: string, attrs: Record<string, string>) {
  const version = attrs['ВерсияСхемы'] ?? '';
  if (name === 'КоммерческаяИнформация' && /^[3-9]\./.test(version))
    throw new ExchangeFileError(
      `CommerceML ${version} не поддерживается: сайт принимает схемы 2.03–2.10. ` +
        'В настройках обмена с сайтом в 1С выберите версию схемы 2.xx',
    );
}

/** Whether an element says the package holds only changes (`<СодержитТолькоИзменения>true</…>`). */
export const onlyChanges = (n: XNode) => isTrue(n.text);
