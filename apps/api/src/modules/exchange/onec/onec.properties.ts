import type { ExchangeProperty, PropertyRole } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import * as repo from '../exchange.repository.ts';
import { isColourName, isSizeName } from './onec.sizes.ts';

// What a 1C property fills on the site (issue 28 items 3, 10, 11): a size, a colour, the composition, the care, or
// nothing. 1C configurations name them in many ways («Состав», «Состав ткани», «Материал», «Материал верха», «Уход»,
// «Рекомендации по уходу», «Размер. (Доп реквизиты текстиль)», «Цвет товара»…); the name suggests a role, and the
// staff's mapping in the back office (setting `property_roles`, by name) overrides it, for any property. Names are
// those of the classifier's properties (Свойства), of products' requisites (ЗначенияРеквизитов) and of offers'
// characteristics (ХарактеристикиТовара); the ones seen are listed to the staff (setting `properties_seen`).

/** The longest composition or care text taken from 1C (the back office's own limit for them). */
export const MAX_PRODUCT_TEXT = 1000;
/** How many property names are remembered for the back office. */
const MAX_SEEN = 300;
/** The longest property name listed (the back office maps names up to this length) and example value kept. */
const MAX_NAME = 200;

/** A property's name as a key: trimmed, lower case, ё as е, spaces collapsed. */
export const propertyKey = (name: string) =>
  name.trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');

const isCompositionName = (name: string) =>
  /^(состав|материал)|(^|[^\p{L}])(composition|material)([^\p{L}]|$)/iu.test(name.trim());
const isCareName = (name: string) =>
  /(^|[^\p{L}])уход|рекомендации по уходу|(^|[^\p{L}])care([^\p{L}]|$)/iu.test(name.trim());

/** The role a property's name suggests ('none' when it names nothing the site shows). */
export function suggestedRole(name: string): PropertyRole {
  if (isSizeName(name)) return 'size';
  if (isColourName(name)) return 'colour';
  if (isCareName(name)) return 'care';
  if (isCompositionName(name)) return 'composition';
  return 'none';
}

/** The role of a property by its name: the staff's choice, else what the name suggests. */
export type RoleOf = (name: string) => PropertyRole;

/** The staff's roles by property key (setting `property_roles`). */
export async function staffRoles(db: DbOrTrx): Promise<Map<string, PropertyRole>> {
  const json = await repo.getSetting(db, 'property_roles');
  return new Map(json ? (Object.entries(JSON.parse(json)) as [string, PropertyRole][]) : []);
}

/** The role of each property name now: the staff's mapping first, then the name's suggestion. */
export async function propertyRoles(db: DbOrTrx): Promise<RoleOf> {
  const staff = await staffRoles(db);
  return (name) => staff.get(propertyKey(name)) ?? suggestedRole(name);
}

/** Saves the staff's role of a property name (null: back to what the name suggests). */
export async function saveStaffRole(db: DbOrTrx, name: string, role: PropertyRole | null, nowIso: string) {
  const staff = await staffRoles(db);
  if (role === null) staff.delete(propertyKey(name));
  else staff.set(propertyKey(name), role);
  await repo.setSetting(db, 'property_roles', JSON.stringify(Object.fromEntries(staff)), nowIso);
}

/** A property name seen in a file: where 1C wrote it and one of its values. */
export type SeenProperty = Pick<ExchangeProperty, 'name' | 'source' | 'example'>;

/** The property names seen so far (newest files first kept when over {@link MAX_SEEN}). */
export async function seenProperties(db: DbOrTrx): Promise<SeenProperty[]> {
  const json = await repo.getSetting(db, 'properties_seen');
  return json ? (JSON.parse(json) as SeenProperty[]) : [];
}

/**
 * Remembers the property names a file used, newest first (its example refreshed); names over 200 characters are left
 * out, examples cut to 200.
 */
export async function rememberProperties(db: DbOrTrx, seen: readonly SeenProperty[], nowIso: string) {
  const fit = seen
    .filter((p) => p.name.trim() && p.name.length <= MAX_NAME)
    .map((p) => ({ ...p, example: p.example.slice(0, MAX_NAME) }));
  if (fit.length === 0) return;
  const byKey = new Map(fit.map((p) => [propertyKey(p.name), p]));
  const kept = (await seenProperties(db)).filter((p) => !byKey.has(propertyKey(p.name)));
  const all = [...byKey.values(), ...kept].slice(0, MAX_SEEN);
  await repo.setSetting(db, 'properties_seen', JSON.stringify(all), nowIso);
}

/**
 * The composition and care of a product from its named values (properties and requisites, in file order): one value
 * is taken as it is, several are written «Материал верха: кожа; Подкладка: текстиль». '' when none.
 */
export function productTexts(named: readonly [string, string][], roleOf: RoleOf) {
  const text = (role: PropertyRole) => {
    const found = named.filter(([n, v]) => v.trim() && roleOf(n) === role);
    const joined =
      found.length === 1 ? found[0]![1].trim() : found.map(([n, v]) => `${n.trim()}: ${v.trim()}`).join('; ');
    return joined.slice(0, MAX_PRODUCT_TEXT);
  };
  return { composition: text('composition'), care: text('care') };
}
