import { createKaspiShopSimulator, type KaspiShopSimulator } from '@kiim/tools/kaspi-simulator/merchant';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createKaspiShop, KaspiShopError, type KaspiShop } from './kaspi.merchant.client.ts';
import { isWrongSecurityCode } from './kaspi.merchant.protocol.ts';

// The Merchant API adapter against the simulator over loopback (issue 33 Part B item 6): paging, lines, actions,
// and faults that must surface as KaspiShopError, never a crash.

let sim: KaspiShopSimulator;
let shop: KaspiShop;
const T0 = Date.parse('2026-06-01T08:00:00Z');

beforeAll(async () => {
  sim = createKaspiShopSimulator({ now: () => new Date(T0) });
  await sim.listen();
  shop = createKaspiShop({ apiUrl: sim.apiUrl, token: sim.token });
});
afterAll(async () => {
  await sim?.close();
});
beforeEach(() => sim.configure({ fault: 'none', times: 0, changeStateBetweenPages: false }));

describe('Kaspi Merchant API adapter', () => {
  it('reads every page of every importable state, and the lines with the SKU and price', async () => {
    const base = T0 + 1_000_000;
    const made = Array.from({ length: 105 }, (_, i) =>
      sim.createOrder({ lines: [{ sku: `S-${i}`, quantity: 2, price: 4990 }], creationDate: base + i }),
    );
    sim.createOrder({
      lines: [{ sku: 'X', quantity: 1, price: 1 }],
      creationDate: base + 1,
      state: 'DELIVERY',
    });
    const listed = await shop.listOrders(base, base + 1000);
    expect(listed).toHaveLength(106);
    expect(new Set(listed.map((o) => o.id)).size).toBe(106);
    expect(listed.find((o) => o.id === made[7]!.id)!.attributes).toMatchObject({
      code: made[7]!.code,
      status: 'APPROVED_BY_BANK',
      totalPrice: 9980,
      customer: { cellPhone: '7011234567' },
    });
    expect(await shop.entries(made[7]!.id)).toEqual([{ sku: 'S-7', quantity: 2, price: 4990 }]);
  });

  it('accepts, sends the code, refuses a wrong code, completes and cancels', async () => {
    const o = sim.createOrder({ lines: [{ sku: 'A', quantity: 1, price: 100 }] });
    expect((await shop.accept(o.id, o.code)).attributes.status).toBe('ACCEPTED_BY_MERCHANT');
    await shop.sendCode(o.id, o.code);
    const code = sim.order(o.id)!.securityCode!;
    const wrong = code === '1000' ? '1001' : '1000';
    await expect(shop.complete(o.id, o.code, wrong)).rejects.toMatchObject({ httpStatus: 400 });
    expect((await shop.complete(o.id, o.code, code)).attributes.status).toBe('COMPLETED');
    const c = sim.createOrder({ lines: [{ sku: 'B', quantity: 1, price: 100 }] });
    const cancelled = await shop.cancel(c.id, c.code, 'MERCHANT_OUT_OF_STOCK', 'нет в наличии');
    expect(cancelled.attributes).toMatchObject({
      status: 'CANCELLED',
      cancellationReason: 'MERCHANT_OUT_OF_STOCK',
    });
  });

  it("reads only the simulator's wrong-code refusal as a wrong code (the codes match the protocol file)", async () => {
    const refusal = async (p: Promise<unknown>) => {
      const err = await p.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(KaspiShopError);
      const k = err as KaspiShopError;
      return isWrongSecurityCode(k.httpStatus ?? 0, k.body ?? '');
    };
    const o = sim.createOrder({ lines: [{ sku: 'A', quantity: 1, price: 100 }] });
    expect(await refusal(shop.complete(o.id, o.code, '1234'))).toBe(false); // not accepted yet
    await shop.accept(o.id, o.code);
    expect(await refusal(shop.complete(o.id, o.code, '1234'))).toBe(false); // no code sent yet
    expect(await refusal(shop.complete(o.id, `${o.code}9`, '1234'))).toBe(false); // order code mismatch
    await shop.sendCode(o.id, o.code);
    const code = sim.order(o.id)!.securityCode!;
    expect(await refusal(shop.complete(o.id, o.code, code === '1000' ? '1001' : '1000'))).toBe(true);
    expect((await shop.complete(o.id, o.code, code)).attributes.status).toBe('COMPLETED');
  });

  it('turns 401, 500, malformed and wrongly shaped answers into KaspiShopError', async () => {
    for (const fault of ['http401', 'http500', 'malformed', 'wrongShape'] as const) {
      sim.configure({ fault, times: 1 });
      await expect(shop.listOrders(T0, T0 + 10)).rejects.toBeInstanceOf(KaspiShopError);
    }
    const wrongToken = createKaspiShop({ apiUrl: sim.apiUrl, token: 'nope' });
    await expect(wrongToken.listOrders(T0, T0 + 10)).rejects.toMatchObject({ httpStatus: 401 });
  });

  it('reads an unknown status without failing', async () => {
    const o = sim.createOrder({ lines: [{ sku: 'U', quantity: 1, price: 1 }], creationDate: T0 + 5_000_000 });
    (sim.order(o.id) as { status: string }).status = 'KASPI_DELIVERY_RETURNED_TO_WAREHOUSE';
    const listed = await shop.listOrders(T0 + 5_000_000, T0 + 5_000_000);
    expect(listed[0]!.attributes.status).toBe('KASPI_DELIVERY_RETURNED_TO_WAREHOUSE');
  });
});
