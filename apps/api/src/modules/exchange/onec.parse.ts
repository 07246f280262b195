import { MAX_STOCK_UNITS } from '@kiim/contract';
import { child, childrenOf, textAt, textOf, type XNode } from './xml.stream.ts';

// CommerceML 2 elements as plain values (issue 12 item 3): groups, properties, products (Товар), warehouses, price
// types and offers (Предложение), in the shapes 1C:Enterprise writes them (2.05–2.10: attributes or elements).

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

/** A group and its subgroups, flattened with their parents. */
export function flattenGroups(groups: XNode, parent: string | null = null) {
  const out: { id: string; name: string; parent: string | null }[] = [];
  for (const g of childrenOf(groups, 'Группа')) {
    const id = textOf(g, 'Ид');
    out.push({ id, name: textOf(g, 'Наименование'), parent });
    const sub = child(g, 'Группы');
    if (sub) out.push(...flattenGroups(sub, id));
  }
  return out;
}

/** A property (Свойство) with its dictionary values (Справочник: ИдЗначения → Значение). */
export function parseProperty(p: XNode) {
  const values = new Map<string, string>();
  for (const v of childrenOf(child(p, 'ВариантыЗначений'), 'Справочник'))
    values.set(textOf(v, 'ИдЗначения'), textOf(v, 'Значение'));
  return { id: textOf(p, 'Ид'), name: textOf(p, 'Наименование'), values };
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
  pictures: string[];
  deleted: boolean;
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

/** Reads a Товар. @throws ExchangeFileError without Ид or Наименование. */
export function parseProduct(t: XNode, properties: ReadonlyMap<string, Property>): ProductData {
  const id = productIdOf(textOf(t, 'Ид'));
  const name = textOf(t, 'Наименование');
  if (!id || !name) throw new ExchangeFileError(`Товар без Ид или Наименования (Ид «${id}»)`);
  const requisites = pairs(child(t, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита');
  const characteristics = pairs(child(t, 'ХарактеристикиТовара'), 'ХарактеристикаТовара');
  return {
    id,
    name,
    article: textOf(t, 'Артикул'),
    description: textOf(t, 'Описание'),
    groupId: textAt(t, 'Группы', 'Ид') || null,
    brand: brandOf(t, properties, requisites),
    colour: characteristics.get('цвет') ?? '',
    pictures: childrenOf(t, 'Картинка')
      .map((p) => p.text.trim())
      .filter(Boolean),
    deleted: isTrue(textOf(t, 'ПометкаУдаления')) || t.attrs['Статус'] === 'Удален',
  };
}

/** An offer (Предложение) of offers.xml. */
export interface OfferData {
  id: string;
  productId: string;
  size: string;
  colour: string;
  /** Price per unit by price type id, whole tenge. */
  prices: Map<string, number>;
  /** Units per warehouse id (only the warehouses the offer lists). */
  stock: Map<string, number>;
}

/** A count of units: a whole number ≥ 0 (1C writes `5` or `5.000`). @throws ExchangeFileError otherwise. */
function units(text: string, offerId: string): number {
  const n = Number(text.replace(',', '.'));
  if (!Number.isFinite(n) || !Number.isInteger(n))
    throw new ExchangeFileError(`Предложение «${offerId}»: количество «${text}» не целое число`);
  if (n < 0) throw new ExchangeFileError(`Предложение «${offerId}»: отрицательное количество ${n}`);
  if (n > MAX_STOCK_UNITS)
    throw new ExchangeFileError(`Предложение «${offerId}»: количество ${n} больше 1 000 000`);
  return n;
}

/** Per-warehouse units: `<Склад ИдСклада КоличествоНаСкладе/>` (2.05–2.08) or `<Остатки><Остаток><Склад>` (2.09+). */
function stockOf(o: XNode, offerId: string): Map<string, number> {
  const stock = new Map<string, number>();
  for (const s of childrenOf(o, 'Склад'))
    if (s.attrs['ИдСклада'])
      stock.set(s.attrs['ИдСклада'], units(s.attrs['КоличествоНаСкладе'] ?? '0', offerId));
  for (const r of childrenOf(child(o, 'Остатки'), 'Остаток')) {
    const s = child(r, 'Склад');
    if (s) stock.set(textOf(s, 'Ид'), units(textOf(s, 'Количество') || '0', offerId));
  }
  return stock;
}

/** Reads a Предложение. @throws ExchangeFileError for a missing Ид, a bad price or quantity. */
export function parseOffer(o: XNode): OfferData {
  const id = textOf(o, 'Ид');
  if (!id) throw new ExchangeFileError('Предложение без Ид');
  const characteristics = pairs(child(o, 'ХарактеристикиТовара'), 'ХарактеристикаТовара');
  const prices = new Map<string, number>();
  for (const p of childrenOf(child(o, 'Цены'), 'Цена')) {
    const value = Number(textOf(p, 'ЦенаЗаЕдиницу').replace(',', '.').replace(/\s/g, ''));
    if (!Number.isFinite(value) || value <= 0)
      throw new ExchangeFileError(
        `Предложение «${id}»: цена «${textOf(p, 'ЦенаЗаЕдиницу')}» не положительное число`,
      );
    prices.set(textOf(p, 'ИдТипаЦены'), Math.round(value));
  }
  const quantity = textOf(o, 'Количество');
  if (quantity) units(quantity, id);
  return {
    id,
    productId: productIdOf(id),
    size: characteristics.get('размер') ?? '',
    colour: characteristics.get('цвет') ?? '',
    prices,
    stock: stockOf(o, id),
  };
}

/** Whether an element says the package holds only changes (`<СодержитТолькоИзменения>true</…>`). */
export const onlyChanges = (n: XNode) => isTrue(n.text);

/** The usual order of clothing sizes: letter sizes, then numbers by value, then the rest. */
export function sizeOrder(size: string): number {
  const letters = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL'];
  const i = letters.indexOf(size.toUpperCase());
  if (i >= 0) return i + 1;
  const n = Number.parseFloat(size.replace(',', '.'));
  return Number.isFinite(n) ? 100 + Math.round(n * 10) : 10_000;
}
