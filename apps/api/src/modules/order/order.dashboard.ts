import { DEFAULT_CITY_ID, LOW_STOCK_UNITS, type AdminDashboard } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { addDays, localDayOf, startOfLocalDay } from '#app/lib/zoned-day.ts';
import { listCities, skuRefs } from '#app/modules/catalog/catalog.service.ts';
import { lowStock } from '#app/modules/inventory/inventory.service.ts';
import * as adminRepo from './order.admin.repository.ts';

/** SKUs the dashboard lists as running out. */
const LOW_STOCK_ROWS = 20;

/**
 * `GET /api/admin/dashboard` (issue 15): sales of today and of the last 7 local days (today included) in the
 * default city's time zone — orders and revenue in tenge, cancelled orders and refused lines left out; orders
 * awaiting payment, awaiting picking (new or paid), ready for pickup, with the courier; SKUs running out.
 */
export async function dashboard(db: DbOrTrx, now: Date): Promise<Omit<AdminDashboard, 'fiscalOff'>> {
  const cities = await listCities(db);
  const timeZone = cities.find((c) => c.id === DEFAULT_CITY_ID)?.timeZone ?? 'Asia/Almaty';
  const today = localDayOf(now, timeZone);
  const end = startOfLocalDay(addDays(today, 1), timeZone).toISOString();
  const [todaySales, weekSales, counts, low] = await Promise.all([
    adminRepo.selectSales(db, startOfLocalDay(today, timeZone).toISOString(), end),
    adminRepo.selectSales(db, startOfLocalDay(addDays(today, -6), timeZone).toISOString(), end),
    adminRepo.selectStatusCounts(db),
    lowStock(db, LOW_STOCK_UNITS, LOW_STOCK_ROWS),
  ]);
  const refs = await skuRefs(
    db,
    low.map((l) => l.skuId),
  );
  const n = (status: string) => counts.get(status) ?? 0;
  return {
    timeZone,
    today: todaySales,
    week: weekSales,
    awaitingPayment: n('awaiting_payment'),
    awaitingPicking: n('new') + n('paid'),
    readyForPickup: n('ready_for_pickup'),
    withCourier: n('handed_to_courier'),
    lowStock: low.flatMap((l) => {
      const ref = refs.get(l.skuId);
      return ref ? [{ skuId: l.skuId, ...ref, cityName: l.cityName, quantity: l.quantity }] : [];
    }),
  };
}
