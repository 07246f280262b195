import { listCities } from '#app/modules/catalog/catalog.service.ts';
import { setProductsActive } from '#app/modules/catalog/catalog.import.ts';
import type { DbOrTrx } from '#app/db/database.ts';
import * as repo from '../exchange.repository.ts';
import { applyOffers, type OffersState } from './onec.apply.ts';
import {
  checkSchema,
  ExchangeFileError,
  ItemSkipped,
  onlyChanges,
  parseOffer,
  fit,
  FIELD_LIMITS,
  type OfferData,
} from './onec.parse.ts';
import { choosePriceTypes, type PriceTypeSeen } from './onec.prices.ts';
import { splitByPictures } from './onec.ready.ts';
import { cityMatcher, count, saveWarehouse, warn, type OneCRun } from './onec.run.ts';
import { propertyRoles, rememberProperties, type RoleOf, type SeenProperty } from './onec.properties.ts';
import { characteristicsOf, type OfferProperty } from './onec.sizes.ts';
import { readXml, textOf, type XNode } from './xml.stream.ts';

// offers.xml of the 1C exchange (issue 12 item 3, issue 28): price types, warehouses (a new one maps to the city of
// the same name), and offers (onec.apply.ts). `ПакетПредложений СодержитТолькоИзменения="true"` and
// `ИзмененияПакетаПредложений` are changes-only: nothing they do not list changes. A bad offer is skipped and
// reported; the file is refused (nothing kept) only when nothing usable is in it: no offer could be applied, or it
// has prices but none in a price type the shop can take (see onec.prices.ts).

const LISTS: Record<string, string> = {
  ТипЦены: 'ТипыЦен',
  Склад: 'Склады',
  Предложение: 'Предложения',
  СодержитТолькоИзменения: 'ПакетПредложений',
};
const wanted = (name: string, path: readonly string[]) => name in LISTS && LISTS[name] === path.at(-1);

/** Settings: where stock without warehouses goes — the staff's choice, else the only city. */
export async function defaultCityOf(db: DbOrTrx): Promise<number | null> {
  const chosen = Number(await repo.getSetting(db, 'default_city_id'));
  const cities = await listCities(db);
  if (cities.some((c) => c.id === chosen)) return chosen;
  return cities.length === 1 ? cities[0]!.id : null;
}

/** The size and colour properties of offers, as the last import.xml described them. */
export async function offerProperties(db: DbOrTrx): Promise<Map<string, OfferProperty>> {
  const json = await repo.getSetting(db, 'offer_properties');
  return new Map(json ? (Object.entries(JSON.parse(json)) as [string, OfferProperty][]) : []);
}

/** How offers are applied now: price types chosen among `types` by the settings, warehouses, default city. */
export async function offersState(db: DbOrTrx, types: readonly PriceTypeSeen[]): Promise<OffersState> {
  return {
    prices: choosePriceTypes(
      types,
      await repo.getSetting(db, 'price_type'),
      await repo.getSetting(db, 'original_price_type'),
    ),
    warehouses: new Map((await repo.listWarehouses(db)).map((w) => [w.external_id, w.city_id])),
    defaultCity: await defaultCityOf(db),
    changesOnly: false,
    published: [],
    warned: new Set(),
  };
}

/**
 * Imports offers.xml in the run's transaction; `partial` for the prices*.xml and rests*.xml of 1C's «several files»
 * scheme (each holds only prices or only stock: taken as changes-only, so neither clears what the other sets);
 * `embedded` for the offers part of an import*.xml (1C:УТ 10 writes both in one file, issue 28 item 6): a file
 * without `ПакетПредложений` is no error there, and only its price types (Классификатор/ТипыЦен, 2.09+, issue 28
 * item 4) are remembered. @throws ExchangeFileError / XmlFileError (nothing is kept).
 */
export async function importOffersXml(
  run: OneCRun,
  file: string,
  partial = false,
  embedded = false,
): Promise<void> {
  const types: PriceTypeSeen[] = [];
  const skippedBefore = run.summary.skipped ?? 0;
  let offersPackage = false;
  let s: OffersState | undefined;
  let changesOnly = partial;
  let offersSeen = 0;
  const known = await offerProperties(run.trx);
  const roleOf = await propertyRoles(run.trx);
  const seen = new Map<string, SeenProperty>();
  const cityOf = await cityMatcher(run.trx);
  /** The state, once the price types (listed before the offers) are known. */
  const state = async () => {
    if (s) return s;
    run.keep.priceTypes = types;
    s = { ...(await offersState(run.trx, types)), changesOnly };
    if (s.prices.refusal) throw new ExchangeFileError(s.prices.refusal);
    for (const note of s.prices.notes) warn(run, note);
    return s;
  };
  await readXml(
    file,
    wanted,
    async (nodes) => {
      for (const n of nodes) {
        if (n.name === 'ТипЦены' && !types.some((t) => t.id === textOf(n, 'Ид')))
          types.push({
            ...{ id: textOf(n, 'Ид'), currency: textOf(n, 'Валюта').slice(0, 10) },
            name: fit(textOf(n, 'Наименование'), FIELD_LIMITS.priceTypeName, 'Тип цен: название', (w) =>
              warn(run, w),
            ),
          });
        else if (n.name === 'Склад') {
          await saveWarehouse(run, textOf(n, 'Ид'), textOf(n, 'Наименование'), cityOf);
          if (s)
            s.warehouses = new Map(
              (await repo.listWarehouses(run.trx)).map((w) => [w.external_id, w.city_id]),
            );
        } else if (n.name === 'СодержитТолькоИзменения') changesOnly = partial || onlyChanges(n);
      }
      const offers = nodes.filter((n) => n.name === 'Предложение');
      if (offers.length === 0) return;
      offersSeen += offers.length;
      for (const o of offers)
        for (const [name, example] of characteristicsOf(o))
          if (name) seen.set(name, { name, source: 'characteristic', example });
      await applyOffers(run, await state(), parseAll(run, offers, known, roleOf));
      run.done.items += offers.length;
    },
    (name, attrs) => {
      checkSchema(name, attrs);
      if (name === 'ПакетПредложений' || name === 'ИзмененияПакетаПредложений') offersPackage = true;
      if (name === 'ИзмененияПакетаПредложений') changesOnly = true;
      if (name === 'ПакетПредложений' && attrs['СодержитТолькоИзменения'] !== undefined)
        changesOnly = partial || attrs['СодержитТолькоИзменения'] === 'true';
      if (s) s.changesOnly = changesOnly;
    },
  );
  if (embedded && types.length) run.keep.priceTypes = types;
  if (embedded && !offersPackage) return;
  const applied = offersSeen - ((run.summary.skipped ?? 0) - skippedBefore);
  if (applied <= 0 && (offersSeen > 0 || !changesOnly))
    throw new ExchangeFileError(
      offersSeen === 0
        ? 'В файле нет ни одного предложения (Предложения): ничего не загружено'
        : `Ни одно из ${offersSeen} предложений не загружено: ${run.warnings.slice(0, 3).join('; ')}`,
    );
  const { show, waiting } = await splitByPictures(run.trx, s?.published ?? []);
  await setProductsActive(run.trx, show, 1, run.nowIso);
  count(run, 'productsPublished', show.length);
  count(run, 'productsWaitingForPictures', waiting.length);
  await rememberProperties(run.trx, [...seen.values()], run.nowIso);
}

/** The offers of a batch; a bad one is skipped and reported. */
function parseAll(
  run: OneCRun,
  nodes: XNode[],
  known: ReadonlyMap<string, OfferProperty>,
  roleOf: RoleOf,
): OfferData[] {
  const out: OfferData[] = [];
  for (const n of nodes) {
    try {
      out.push(parseOffer(n, known, (w) => warn(run, w), roleOf));
    } catch (e) {
      if (!(e instanceof ItemSkipped)) throw e;
      count(run, 'skipped');
      warn(run, e.message);
    }
  }
  return out;
}
