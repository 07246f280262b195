import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { inLockOrder, lockStock, releaseStock, reserveStock } from './inventory.service.ts';
import { hasUnitsInCity, unitsInCity, unitsInVisibleCities } from './inventory.expressions.ts';

// The inventory module's service and expressions on a real database (SQLite, or PostgreSQL with DATABASE_URL):
// the only writers of `stock` (reservation, release) and the read parts other modules embed.

let t: TestContext;
let visible: number[];
let hidden: number;
let skuIds: number[];
const nowIso = '2026-03-10T06:00:00.000Z';

beforeAll(async () => {
  t = await createTestApp();
  const cities = await t.db
    .selectFrom('city')
    .select(['id', 'visible_for_customers'])
    .orderBy('id')
    .execute();
  visible = cities.filter((c) => c.visible_for_customers === 1).map((c) => c.id);
  hidden = cities.find((c) => c.visible_for_customers === 0)!.id;
  skuIds = (await t.db.selectFrom('sku').select('id').orderBy('id').limit(3).execute()).map((s) => s.id);
});
afterAll(async () => {
  await t?.close();
});

/** Replaces the stock of a SKU: units by city id. */
async function setStock(skuId: number, units: Record<number, number>) {
  await t.db.deleteFrom('stock').where('sku_id', '=', skuId).execute();
  const rows = Object.entries(units).map(([city, quantity]) => ({
    sku_id: skuId,
    city_id: Number(city),
    quantity,
    created_at: nowIso,
    updated_at: nowIso,
  }));
  if (rows.length) await t.db.insertInto('stock').values(rows).execute();
}
const SHOP = { type: 'system', id: null } as const;
const ORDER = { reason: 'order', actor: SHOP, note: '№ 100001' } as const;
const CANCELLED = { reason: 'order_cancelled', actor: SHOP, note: ' № 100001 ' } as const;

/** The movement rows of a SKU written after movement `afterId`, in insertion order. */
const movementsOf = (skuId: number, afterId: number) =>
  t.db
    .selectFrom('stock_movement')
    .select(['city_id', 'quantity_before', 'quantity_after', 'reason', 'actor_type', 'actor_id', 'note'])
    .where('sku_id', '=', skuId)
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
/** The id of the newest movement row (0 when none). */
const lastMovementId = async () =>
  Number(
    (
      await t.db
        .selectFrom('stock_movement')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );

const stockOf = async (skuId: number, cityId: number) =>
  (
    await t.db
      .selectFrom('stock')
      .select('quantity')
      .where('sku_id', '=', skuId)
      .where('city_id', '=', cityId)
      .executeTakeFirst()
  )?.quantity;

describe('inLockOrder', () => {
  it('sums moves of one SKU and city and orders them by SKU, then city', () => {
    expect(
      inLockOrder([
        { skuId: 2, cityId: 1, qty: 1 },
        { skuId: 1, cityId: 3, qty: 2 },
        { skuId: 2, cityId: 1, qty: 4 },
        { skuId: 1, cityId: 2, qty: 1 },
      ]),
    ).toEqual([
      { skuId: 1, cityId: 2, qty: 1 },
      { skuId: 1, cityId: 3, qty: 2 },
      { skuId: 2, cityId: 1, qty: 5 },
    ]);
  });
});

describe('lockStock, reserveStock, releaseStock', () => {
  it('lockStock answers the units of visible cities only, in lock order', async () => {
    const [a, b] = skuIds as [number, number];
    await setStock(a, { [visible[1]!]: 2, [visible[0]!]: 5, [hidden]: 9 });
    await setStock(b, { [visible[0]!]: 1 });
    const units = await t.db.transaction().execute((trx) => lockStock(trx, [b, a, a]));
    expect(units).toEqual([
      { skuId: a, cityId: visible[0], quantity: 5 },
      { skuId: a, cityId: visible[1], quantity: 2 },
      { skuId: b, cityId: visible[0], quantity: 1 },
    ]);
    expect(await t.db.transaction().execute((trx) => lockStock(trx, []))).toEqual([]);
  });

  it('reserves summed units and never below zero: a shortage is answered with what the city holds', async () => {
    const [a, b] = skuIds as [number, number];
    const city = visible[0]!;
    await setStock(a, { [city]: 5 });
    await setStock(b, { [city]: 1 });
    const mark = await lastMovementId();
    const short = await t.db.transaction().execute((trx) =>
      reserveStock(
        trx,
        [
          { skuId: a, cityId: city, qty: 2 },
          { skuId: a, cityId: city, qty: 2 },
          { skuId: b, cityId: city, qty: 2 },
        ],
        nowIso,
        ORDER,
      ),
    );
    expect(short).toEqual([{ skuId: b, cityId: city, qty: 2, available: 1 }]);
    expect(await stockOf(a, city)).toBe(1);
    expect(await stockOf(b, city)).toBe(1);
    // A shortage writes no movement (the caller rolls back anyway).
    expect(await movementsOf(a, mark)).toEqual([]);
    expect(await movementsOf(b, mark)).toEqual([]);
  });

  it("a reservation writes one movement per SKU and city, before → after, with the entry's reason, actor and note", async () => {
    const [a, b] = skuIds as [number, number];
    const [c0, c1] = visible as [number, number];
    await setStock(a, { [c0]: 5, [c1]: 2 });
    await setStock(b, { [c0]: 3 });
    const mark = await lastMovementId();
    const short = await t.db.transaction().execute((trx) =>
      reserveStock(
        trx,
        [
          { skuId: b, cityId: c0, qty: 3 },
          { skuId: a, cityId: c0, qty: 1 },
          { skuId: a, cityId: c1, qty: 2 },
          { skuId: a, cityId: c0, qty: 2 },
        ],
        nowIso,
        ORDER,
      ),
    );
    expect(short).toEqual([]);
    const row = { reason: 'order', actor_type: 'system', actor_id: null, note: '№ 100001' };
    expect(await movementsOf(a, mark)).toEqual([
      { city_id: c0, quantity_before: 5, quantity_after: 2, ...row },
      { city_id: c1, quantity_before: 2, quantity_after: 0, ...row },
    ]);
    expect(await movementsOf(b, mark)).toEqual([
      { city_id: c0, quantity_before: 3, quantity_after: 0, ...row },
    ]);
  });

  it('a shortage in a transaction the caller rolls back changes nothing', async () => {
    const [a] = skuIds as [number];
    const city = visible[0]!;
    await setStock(a, { [city]: 3 });
    const mark = await lastMovementId();
    await expect(
      t.db.transaction().execute(async (trx) => {
        const short = await reserveStock(
          trx,
          [
            { skuId: a, cityId: city, qty: 2 },
            { skuId: a, cityId: visible[1]!, qty: 1 },
          ],
          nowIso,
          ORDER,
        );
        if (short.length) throw new Error('short');
      }),
    ).rejects.toThrow('short');
    expect(await stockOf(a, city)).toBe(3);
    expect(await movementsOf(a, mark)).toEqual([]);
  });

  it('releases units where they came from, creating a stock row removed meanwhile, with one movement each', async () => {
    const [a] = skuIds as [number];
    await setStock(a, { [visible[0]!]: 1 });
    const mark = await lastMovementId();
    const staff = { reason: 'order_cancelled', actor: { type: 'staff', id: 'member-1' } } as const;
    await t.db.transaction().execute((trx) =>
      releaseStock(
        trx,
        [
          { skuId: a, cityId: visible[0]!, qty: 2 },
          { skuId: a, cityId: visible[1]!, qty: 3 },
          { skuId: a, cityId: visible[0]!, qty: 1 },
        ],
        nowIso,
        { ...staff, note: '№ 100002: нет в наличии' },
      ),
    );
    expect(await stockOf(a, visible[0]!)).toBe(4);
    expect(await stockOf(a, visible[1]!)).toBe(3);
    const row = { reason: 'order_cancelled', actor_type: 'staff', actor_id: 'member-1' };
    expect(await movementsOf(a, mark)).toEqual([
      {
        city_id: visible[0],
        quantity_before: 1,
        quantity_after: 4,
        ...row,
        note: '№ 100002: нет в наличии',
      },
      {
        city_id: visible[1],
        quantity_before: 0,
        quantity_after: 3,
        ...row,
        note: '№ 100002: нет в наличии',
      },
    ]);
    // The note is trimmed.
    const again = await lastMovementId();
    await t.db
      .transaction()
      .execute((trx) => releaseStock(trx, [{ skuId: a, cityId: visible[1]!, qty: 1 }], nowIso, CANCELLED));
    expect((await movementsOf(a, again)).map((m) => [m.quantity_before, m.quantity_after, m.note])).toEqual([
      [3, 4, '№ 100001'],
    ]);
  });
});

describe('expressions other modules embed', () => {
  it('units in a city, over visible cities, and whether a city has any', async () => {
    const [a, b] = skuIds as [number, number];
    await setStock(a, { [visible[0]!]: 2, [visible[1]!]: 3, [hidden]: 7 });
    await setStock(b, {});
    const rows = await t.db
      .selectFrom('sku')
      .select((eb) => [
        'sku.id',
        unitsInCity(eb.ref('sku.id'), visible[0]!).as('here'),
        unitsInCity(eb.ref('sku.id'), hidden).as('hidden'),
        unitsInVisibleCities(eb.ref('sku.id')).as('visible'),
      ])
      .where('sku.id', 'in', [a, b])
      .orderBy('sku.id')
      .execute();
    expect(rows.map((r) => [r.id, Number(r.here), Number(r.hidden), Number(r.visible)])).toEqual([
      [a, 2, 7, 5],
      [b, 0, 0, 0],
    ]);
    const inHidden = await t.db
      .selectFrom('sku')
      .select('sku.id')
      .where((eb) => hasUnitsInCity(eb.ref('sku.id'), hidden))
      .where('sku.id', 'in', [a, b])
      .execute();
    expect(inHidden.map((r) => r.id)).toEqual([a]);
  });
});
