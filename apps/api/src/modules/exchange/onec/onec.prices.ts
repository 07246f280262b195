import type { DbOrTrx } from '#app/db/database.ts';
import * as repo from '../exchange.repository.ts';

// Price types of the 1C exchange (issue 28 item 4): offers.xml lists its price types (ТипыЦен) with their currency;
// the shop sells in tenge only, so a price in another currency is never taken 1:1. The staff choose the type sold at
// in the back office (setting `price_type`); until they do, «Розничная» in tenge is used, else the first type in
// tenge — and the answer to 1C says which. The types the last offers.xml (or a 2.09+
// import.xml's Классификатор/ТипыЦен, issue 28 item 4) sent are kept for the back office.

/** The price type sold at when the staff chose none, if it is in tenge. */
export const DEFAULT_PRICE_TYPE = 'Розничная';

/** A price type as offers.xml sent it. */
export interface PriceTypeSeen {
  id: string;
  name: string;
  /** As 1C wrote it (`KZT`, `тенге`, `398`, `RUB`…); '' when not given. */
  currency: string;
}

/** How 1C writes tenge (ISO code, number 398, Russian and Kazakh short names); no currency means the shop's own. */
const TENGE = new Set(['', 'kzt', '398', 'тенге', 'тг', 'тнг', 'тң', '₸', 'теңге']);

/** Whether a currency of 1C is the tenge. */
export const isTenge = (currency: string) => TENGE.has(currency.trim().toLowerCase().replace(/\.$/, ''));

const SEEN_KEY = 'price_types_seen';

/** The price types the last offers.xml or import.xml sent (for the back office). */
export async function seenPriceTypes(db: DbOrTrx): Promise<PriceTypeSeen[]> {
  const json = await repo.getSetting(db, SEEN_KEY);
  return json ? (JSON.parse(json) as PriceTypeSeen[]) : [];
}

/** Remembers the price types of an offers.xml (kept even when the file is refused: the staff choose from them). */
export async function rememberPriceTypes(db: DbOrTrx, types: readonly PriceTypeSeen[], nowIso: string) {
  if (types.length) await repo.setSetting(db, SEEN_KEY, JSON.stringify(types.slice(0, 50)), nowIso);
}

/** The price types an import uses, or why prices cannot be taken. */
export interface PriceChoice {
  price?: PriceTypeSeen;
  original?: PriceTypeSeen;
  /** Why no price can be taken (the file is refused). */
  refusal?: string;
  /** Said to 1C with the answer (which type was used, an ignored type). */
  notes: string[];
}

const listed = (types: readonly PriceTypeSeen[]) =>
  types.map((t) => `«${t.name}» (${t.currency || 'валюта не указана'})`).join(', ');
const byName = (types: readonly PriceTypeSeen[], name: string) =>
  types.find((t) => t.name.trim().toLowerCase() === name.trim().toLowerCase());

/**
 * Chooses the price type sold at and the crossed-out one among `types`, by the staff's settings (`chosen`,
 * `original`; undefined: not chosen). No types: no prices in the file, nothing to choose.
 */
export function choosePriceTypes(
  types: readonly PriceTypeSeen[],
  chosen: string | undefined,
  original: string | undefined,
): PriceChoice {
  const notes: string[] = [];
  if (types.length === 0) return { notes };
  let price: PriceTypeSeen | undefined;
  if (chosen) {
    price = byName(types, chosen);
    if (!price)
      return {
        notes,
        refusal: `Тип цен «${chosen}», выбранный в настройках обмена на сайте, в файле не найден (в файле: ${listed(types)})`,
      };
  } else {
    price =
      types.find((t) => isTenge(t.currency) && byName([t], DEFAULT_PRICE_TYPE)) ??
      types.find((t) => isTenge(t.currency));
    if (!price)
      return {
        notes,
        refusal:
          `Нет ни одного типа цен в тенге (в файле: ${listed(types)}); цены в другой валюте не пересчитываются ` +
          'и не загружаются. Выгрузите из 1С тип цен в тенге (KZT)',
      };
    if (price.name.toLowerCase() !== DEFAULT_PRICE_TYPE.toLowerCase())
      notes.push(
        `Цены взяты из типа «${price.name}» (первый тип цен в тенге); другой можно выбрать в настройках обмена`,
      );
  }
  if (!isTenge(price.currency))
    return {
      notes,
      refusal: `Цены типа «${price.name}» в валюте «${price.currency}»: сайт продаёт только в тенге, цены не загружены`,
    };
  const originalType = original ? byName(types, original) : undefined;
  if (original && !originalType)
    notes.push(`Тип цен до скидки «${original}» в файле не найден: скидки не показаны`);
  if (originalType && !isTenge(originalType.currency)) {
    notes.push(`Тип цен до скидки «${originalType.name}» не в тенге: не используется`);
    return { price, notes };
  }
  return { price, original: originalType, notes };
}
