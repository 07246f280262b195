import { expect } from 'vitest';
import { Cart, SplitCart } from '@kiim/contract';
import { createCdekSimulator, type CdekSimulator } from '@kiim/tools/cdek-simulator';
import { createTestApp, type TestContext } from './helper.ts';

// Carrier checkout fixtures (issue 34): a SKU in stock in a warehouse city, cities the shop does not serve itself
// with CDEK's codes, carts and split carts there. Used with the CDEK simulator on loopback.

/** CDEK's city codes the simulator knows. */
export const CDEK_CITY = {
  almaty: 4756,
  kokshetau: 5166,
  turkestan: 12227,
  semey: 5102,
  karaganda: 5064,
} as const;

/**
 * A test shop with `CDEK_MODE=simulator` against a fresh CDEK simulator on loopback (registration validated at
 * once), carrier calls timing out after 2 s. `close` closes both.
 */
export async function shopOnCdekSimulator(): Promise<{
  sim: CdekSimulator;
  t: TestContext;
  close(): Promise<void>;
}> {
  const sim = createCdekSimulator({ validationDelayMs: 0 });
  const url = await sim.listen();
  const t = await createTestApp({
    env: { CDEK_MODE: 'simulator', CDEK_API_URL: `${url}/v2`, CDEK_TIMEOUT_MS: '2000' },
  });
  return {
    sim,
    t,
    async close() {
      await t.close();
      await sim.close();
    },
  };
}

/** Helpers bound to one test app; call `init` once first. */
export function carrierFixtures(t: TestContext) {
  let nextCityId = 9000 + Math.floor(Math.random() * 500) * 10;
  const f = { externalId: '', skuId: 0, warehouseCityId: 0 };

  /** Picks an active SKU with stock > 2 in a visible city and makes its holders CDEK's Almaty warehouse. */
  async function init() {
    const stocked = await t.db
      .selectFrom('stock')
      .innerJoin('sku', 'sku.id', 'stock.sku_id')
      .innerJoin('city', 'city.id', 'stock.city_id')
      .innerJoin('product', 'product.id', 'sku.product_id')
      .where('stock.quantity', '>', 2)
      .where('city.visible_for_customers', '=', 1)
      .where('product.is_active', '=', 1)
      .select(['sku.id', 'sku.external_id', 'stock.city_id'])
      .orderBy('sku.id')
      .executeTakeFirstOrThrow();
    Object.assign(f, {
      externalId: stocked.external_id,
      skuId: stocked.id,
      warehouseCityId: stocked.city_id,
    });
    await warehouses(CDEK_CITY.almaty);
  }

  /** Gives every city holding the SKU CDEK's `code` (null: none is a carrier's warehouse). */
  async function warehouses(code: number | null) {
    const holders = t.db.selectFrom('stock').innerJoin('sku', 'sku.id', 'stock.sku_id');
    const ids = await holders.where('sku.external_id', '=', f.externalId).select('stock.city_id').execute();
    const cityIds = ids.map((r) => r.city_id);
    await t.db.updateTable('city').set({ cdek_code: code }).where('id', 'in', cityIds).execute();
  }

  /** A city the shop does not serve itself (no points, no courier) with CDEK's `code`. */
  async function carrierCity(code: number): Promise<number> {
    const id = nextCityId++;
    const now = new Date().toISOString();
    await t.db
      .insertInto('city')
      .values({
        ...{ id, name: `Город ${code}`, slug: `carrier-${code}-${id}`, time_zone: 'Asia/Almaty' },
        ...{
          visible_for_customers: 1,
          courier_available: 0,
          courier_price: 0,
          sort_order: id,
          cdek_code: code,
        },
        ...{ created_at: now, updated_at: now },
      })
      .execute();
    return id;
  }

  /** A new anonymous cart holding `qty` of the SKU, for `cityId`. @returns its uuid. */
  async function cartIn(cityId: number, qty = 1, headers: Record<string, string> = {}): Promise<string> {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/cart/add-or-update-item',
      payload: { externalId: f.externalId, regionId: cityId, qty },
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return Cart.parse(res.json().data).uuid;
  }

  /** The split cart of `uuid` in `cityId`. */
  async function split(uuid: string, cityId: number, headers: Record<string, string> = {}) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/cart/split-cart-items-by-region-id/${uuid}/${cityId}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return SplitCart.parse(res.json().data);
  }

  return { sku: f, init, warehouses, carrierCity, cartIn, split };
}
