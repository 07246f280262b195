// The fiscal part of `npm run bench` (issue 32 acceptance), also runnable alone: `node --import tsx bench/fiscal.ts`.
// A fresh SQLite shop with the demo catalogue, Webkassa through its simulator on loopback (tools/webkassa-simulator,
// in this process), `BENCH_FISCAL_ORDERS` (300) cash orders placed in-process:
// 1. the extra time fiscalisation adds to a payment: the payment path only queues the receipt in its own transaction
//    (decision 043), so each order's payment transaction is timed with and without `queueOrderSale`; p50/p95 of both
//    and the p95's difference (goal ≤ 5 ms);
// 2. receipts per second through the queue: the worker (`runFiscalQueue`) sends them all to the simulator.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createWebkassaSimulator } from '@kiim/tools/webkassa-simulator';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { WEBKASSA_SIMULATOR_CREDENTIALS as SIM } from '../apps/api/src/config.fiscal.ts';
import { createDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { seedDemo } from '../apps/api/src/seed/seed.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import { runFiscalQueue } from '../apps/api/src/modules/fiscal/fiscal.worker.ts';
import { orderDeps } from '../apps/api/src/modules/order/order.lifecycle.ts';
import { queueOrderSale } from '../apps/api/src/modules/order/order.fiscal.ts';
import { orderFixtures } from '../apps/api/src/test/order.fixtures.ts';
import type { TestContext } from '../apps/api/src/test/helper.ts';

const ORDERS = Number(process.env.BENCH_FISCAL_ORDERS ?? 300);

/** What the fiscal part measured: payment transaction times (ms) with and without the receipt, and the queue rate. */
export interface FiscalFigures {
  orders: number;
  without: { p50: number; p95: number };
  with: { p50: number; p95: number };
  /** p95 with − p95 without, ms. */
  extraP95: number;
  receiptsPerSecond: number;
  receipts: number;
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 100) / 100;
};

/** Runs the fiscal measurements on a shop of its own (removed after). */
export async function benchFiscal(): Promise<FiscalFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiim-bench-fiscal-'));
  const wk = createWebkassaSimulator();
  await wk.listen();
  const config = loadConfig({
    ...process.env,
    ...{ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTO_SEED: 'false', DATABASE_URL: '' },
    ...{ SQLITE_PATH: path.join(dir, 'kiim.db'), MEDIA_DIR: path.join(dir, 'media') },
    ...{ FISCAL_PROVIDER: 'webkassa', WEBKASSA_URL: wk.url, WEBKASSA_API_KEY: SIM.apiKey },
    ...{ WEBKASSA_LOGIN: SIM.login, WEBKASSA_PASSWORD: SIM.password, WEBKASSA_CASHBOX: SIM.cashbox },
  });
  const database = createDatabase({ sqlitePath: config.sqlitePath });
  await migrateToLatest(database.db);
  await seedDemo(database.db, { mediaDir: null });
  const app = await buildApp({ config, db: database, logger: false });
  try {
    const fx = orderFixtures({ app, db: database.db } as TestContext);
    const city = (await fx.cities()).courier;
    const skus = await fx.skus(ORDERS);
    const ids: string[] = [];
    for (const sku of skus) {
      await fx.setStock(sku.id, { [city.id]: 2 });
      const me = await fx.newCustomer({ name: 'Bench' });
      const cart = await fx.makeCart([{ skuId: sku.id, qty: 1 }], me.id);
      const r = await fx.create(me.token, fx.draft(cart, city));
      if (r.status !== 200) throw new Error(`fiscal bench: order refused (${r.status}) ${r.raw}`);
      const number = (r.body.data.order as { number: string }).number;
      ids.push((await fx.orderState(number)).order.id);
    }
    // The payment's transaction: the order's row touched as a payment does, then (when on) its receipt queued.
    const fiscal = orderDeps(app).fiscal;
    const timed = async (id: string, queue: boolean) => {
      const t0 = performance.now();
      await database.db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        await trx.updateTable('order').set({ updated_at: now }).where('id', '=', id).execute();
        if (queue) await queueOrderSale(trx, fiscal, id, { type: 'cash' }, now);
      });
      return performance.now() - t0;
    };
    const without: number[] = [];
    const withReceipt: number[] = [];
    for (const id of ids) {
      without.push(await timed(id, false));
      withReceipt.push(await timed(id, true));
    }
    const started = performance.now();
    const deps = { db: database.db, provider: app.fiscal!, log: app.log, clock: systemClock };
    let receipts = 0;
    for (let round = 0; round < ORDERS; round++) {
      const report = await runFiscalQueue(deps, { limit: 50 });
      receipts += report.done;
      if (report.done === 0) break;
    }
    const seconds = (performance.now() - started) / 1000;
    const p = (xs: number[]) => ({ p50: percentile(xs, 50), p95: percentile(xs, 95) });
    return {
      orders: ORDERS,
      without: p(without),
      with: p(withReceipt),
      extraP95: Math.round((percentile(withReceipt, 95) - percentile(without, 95)) * 100) / 100,
      receiptsPerSecond: Math.round((receipts / seconds) * 10) / 10,
      receipts,
    };
  } finally {
    await app.close();
    await wk.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  console.log(JSON.stringify(await benchFiscal(), null, 2));
}
