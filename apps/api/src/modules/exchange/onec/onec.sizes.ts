import type { PropertyRole } from '@kiim/contract';
import { child, childrenOf, textOf, type XNode } from './xml.stream.ts';

// Sizes and colours of 1C offers (issue 28 item 3). 1C configurations name them differently: characteristics
// «Размер», «Размер. (Доп реквизиты текстиль)», «Размер обуви», «Size», «Цвет», «Цвет товара», «Color»; since
// CommerceML 2.09 also as properties of the offer (ЗначенияСвойств, the property's name and dictionary known from
// import.xml). When nothing names the size, the offer's name often carries it: «Ботинки женские (38)», «Платье, 44».

/** A characteristic or property that names a size. */
export const isSizeName = (name: string) => /размер|(^|[^\p{L}])size([^\p{L}]|$)/iu.test(name);
/** A characteristic or property that names a colour. */
export const isColourName = (name: string) => /цвет|(^|[^\p{L}])colou?r([^\p{L}]|$)/iu.test(name);

/** Size or colour by the name alone (the staff's mapping, onec.properties.ts, may say otherwise). */
const byName = (name: string): PropertyRole =>
  isSizeName(name) ? 'size' : isColourName(name) ? 'colour' : 'none';

/** A property of offers that names a size or a colour, with its dictionary (value id → value), from import.xml. */
export interface OfferProperty {
  name: string;
  values: Record<string, string>;
}

/** Letter sizes and number sizes (`44`, `44,5`, `42-44`, `42/44`, `XL`, `3XL`, `XXS`, `Единый`). */
const SIZE_LIKE =
  /^(\d{1,3}([.,]\d{1,2})?(\s*[-/]\s*\d{1,3}([.,]\d{1,2})?)?|[2-6]?X{0,4}[SL]|M|XXS|ONE ?SIZE|единый( размер)?)$/iu;

/** The size at the end of an offer's name: `(38)` or `, 44`; '' when the end does not look like a size. */
export function sizeFromName(name: string): string {
  const m = /\(([^()]{1,12})\)\s*$/u.exec(name) ?? /,\s*([^,]{1,12})$/u.exec(name);
  const candidate = m?.[1]?.trim() ?? '';
  return SIZE_LIKE.test(candidate) ? candidate : '';
}

/** Name → value of the offer's characteristics (ХарактеристикиТовара), in their order. */
export const characteristicsOf = (o: XNode): [string, string][] =>
  childrenOf(child(o, 'ХарактеристикиТовара'), 'ХарактеристикаТовара').map((c) => [
    textOf(c, 'Наименование'),
    textOf(c, 'Значение'),
  ]);

/** Name → value of the offer's properties (ЗначенияСвойств, 2.09+), names and dictionary values from import.xml. */
export function propertiesOf(o: XNode, known: ReadonlyMap<string, OfferProperty>): [string, string][] {
  return childrenOf(child(o, 'ЗначенияСвойств'), 'ЗначенияСвойства').map((v) => {
    const prop = known.get(textOf(v, 'Ид'));
    const value = textOf(v, 'Значение');
    return [textOf(v, 'Наименование') || prop?.name || '', prop?.values[value] ?? value];
  });
}

/**
 * The size and colour of an offer: a characteristic or property whose role (`roleOf`: the staff's mapping, else the
 * name) is size or colour; else the size at the end of the offer's name; else the values of its characteristics of no
 * role but colour (so that sizes of one product stay apart). '' when none.
 */
export function sizeAndColour(
  o: XNode,
  known: ReadonlyMap<string, OfferProperty>,
  roleOf: (name: string) => PropertyRole = byName,
): { size: string; colour: string } {
  const named = [...characteristicsOf(o), ...propertiesOf(o, known)].filter(([, v]) => v);
  const size = named.find(([n]) => roleOf(n) === 'size')?.[1] ?? '';
  const colour = named.find(([n]) => roleOf(n) === 'colour')?.[1] ?? '';
  const dimensions = characteristicsOf(o).filter(([n]) => roleOf(n) !== 'size' && roleOf(n) !== 'colour');
  if (size) return { size: withSecondDimension(size, dimensions), colour };
  const fromName = sizeFromName(textOf(o, 'Наименование'));
  if (fromName) return { size: fromName, colour };
  const others = characteristicsOf(o).filter(([n, v]) => v && roleOf(n) !== 'colour');
  return {
    size: others
      .map(([, v]) => v)
      .join(', ')
      .slice(0, 100),
    colour,
  };
}

/** A characteristic that is a second size dimension: fullness, height, length, cup, girth (issue 28 item 3). */
export const isSecondDimensionName = (name: string) =>
  /полнот|рост|длин|чашк|обхват|height|length|inseam|cup|girth/iu.test(name) && !isSizeName(name);

/**
 * The size with the offer's second size dimension (issue 28 item 3): «Полнота», «Рост», «Длина» and the like tell
 * offers of one size apart for the shopper, so they are shown, not dropped. «48» with «Рост» 170 → «48, рост 170».
 * Only characteristics count (properties describe, they do not make a variant); other characteristics such as
 * «Тип кожи» stay out of the size button.
 */
export function withSecondDimension(size: string, characteristics: readonly [string, string][]): string {
  const more = characteristics
    .filter(([n, v]) => v && isSecondDimensionName(n))
    .map(([n, v]) => `${n.trim().toLocaleLowerCase('ru')} ${v.trim()}`);
  return [size, ...more].join(', ').slice(0, 100);
}

/**
 * The size shown for an offer that names none: what its name adds to its product's name («Коврик, Слонята» →
 * «Слонята»), else «Единый размер».
 */
export function sizeOfUnnamed(offerName: string, productName: string): string {
  const rest = offerName.startsWith(productName) ? offerName.slice(productName.length) : '';
  const clean = rest.replace(/^[\s,.;:()-]+|[\s,.;:()]+$/gu, '').slice(0, 100);
  return clean || 'Единый размер';
}
