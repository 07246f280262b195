import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueErrorCode, StaffErrorCode } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { auditOf, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';

// Cities in the back office (issue 27) on a real database (SQLite, or PostgreSQL with DATABASE_URL): created,
// changed, ordered, hidden and deleted while unused; every change audited and seen by the storefront at once
// (no restart: the catalogue version), refusals change nothing.

let t: TestContext;
let cookie: string;
let warehouseCookie: string;
const base = '/api/admin/catalogue/cities';

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedInMember(t.app, t.db, 'catalogue')).cookie;
  warehouseCookie = (await signedInMember(t.app, t.db, 'warehouse')).cookie;
});
afterAll(async () => {
  await t?.close();
});

const form = {
  name: 'Кокшетау',
  nameKk: 'Көкшетау',
  slug: 'kokshetau',
  timeZone: 'Asia/Almaty',
  visibleForCustomers: true,
  courierAvailable: true,
  courierPrice: 1300,
  deliveryDays: 3,
};

const shopCities = async (lang?: 'kk') =>
  (await t.app.inject({ url: '/api/city/list', headers: lang ? { 'accept-language': lang } : {} })).json()
    .data as { id: number; name: string; visibleForCustomers: boolean; deliveryDays: number }[];

describe('cities', () => {
  it('creates a city last in the list; the storefront lists it at once with its delivery days and Kazakh name', async () => {
    const before = await shopCities(); // the answer is cached until the catalogue changes
    const created = await staffCall(t.app, cookie, 'POST', base, form);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const city = created.body.data;
    expect(city).toMatchObject({ ...form, position: before.length + 1 });
    expect(await shopCities()).toContainEqual(
      expect.objectContaining({ id: city.id, name: 'Кокшетау', deliveryDays: 3, courierAvailable: true }),
    );
    expect((await shopCities('kk')).find((c) => c.id === city.id)?.name).toBe('Көкшетау');
    const [entry] = await auditOf(t.db, 'catalogue.city_created');
    expect(entry).toMatchObject({ entity_id: String(city.id), before: null, after: { slug: 'kokshetau' } });

    const changed = await staffCall(t.app, cookie, 'PUT', `${base}/${city.id}`, {
      ...form,
      name: 'Кокшетау (Кокчетав)',
      deliveryDays: 2,
      courierAvailable: false,
    });
    expect(changed.body.data).toMatchObject({ deliveryDays: 2, courierAvailable: false, courierPrice: 0 });
    expect((await shopCities()).find((c) => c.id === city.id)).toMatchObject({
      name: 'Кокшетау (Кокчетав)',
      deliveryDays: 2,
    });
    expect((await auditOf(t.db, 'catalogue.city_updated')).map((e) => e.entity_id)).toContain(
      String(city.id),
    );
  });

  it('refuses bad fields with their messages and a taken address with 409, changing nothing', async () => {
    const count = (await shopCities()).length;
    const bad = await staffCall(t.app, cookie, 'POST', base, {
      ...form,
      name: ' ',
      slug: 'Кокшетау',
      timeZone: 'UTC+5',
      courierPrice: 0,
      deliveryDays: 61,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(
      ['courierPrice', 'deliveryDays', 'name', 'slug', 'timeZone'].sort(),
    );
    expect(bad.body.errors.timeZone[0]).toContain('часовой пояс');
    const taken = await staffCall(t.app, cookie, 'POST', base, { ...form, slug: 'almaty' });
    expect(taken).toMatchObject({
      status: 409,
      body: { code: CatalogueErrorCode.slugTaken, errors: { slug: ['Такой адрес уже у другого города'] } },
    });
    expect((await shopCities()).length).toBe(count);
    expect((await staffCall(t.app, cookie, 'PUT', `${base}/99999`, form)).status).toBe(404);
  });

  it('moves a city up the list and hides it from shoppers at once', async () => {
    const list = (await staffCall(t.app, cookie, 'GET', base)).body.data.items as { id: number }[];
    const last = list.at(-1)!;
    const moved = await staffCall(t.app, cookie, 'POST', `${base}/${last.id}/move`, { direction: 'up' });
    const ids = moved.body.data.items.map((c: { id: number }) => c.id);
    expect(ids.indexOf(last.id)).toBe(list.length - 2);
    expect((await shopCities()).map((c) => c.id)).toEqual(ids);
    expect((await auditOf(t.db, 'catalogue.city_moved')).at(-1)).toMatchObject({
      entity_id: String(last.id),
      before: { position: list.length },
      after: { position: list.length - 1 },
    });
    const top = await staffCall(t.app, cookie, 'POST', `${base}/${ids[0]}/move`, { direction: 'up' });
    expect(top.body.data.items.map((c: { id: number }) => c.id)).toEqual(ids); // the first stays first

    const hidden = await staffCall(t.app, cookie, 'POST', `${base}/${last.id}/visibility`, {
      visible: false,
    });
    expect(hidden.body.data.visibleForCustomers).toBe(false);
    expect((await shopCities()).find((c) => c.id === last.id)?.visibleForCustomers).toBe(false);
  });

  it('deletes an unused city; refuses one in use naming what uses it, and the default city', async () => {
    const created = (
      await staffCall(t.app, cookie, 'POST', base, { ...form, slug: 'stepnogorsk', name: 'Степногорск' })
    ).body.data;
    const removed = await staffCall(t.app, cookie, 'DELETE', `${base}/${created.id}`);
    expect(removed).toMatchObject({ status: 200, body: { data: { ok: true } } });
    expect((await shopCities()).some((c) => c.id === created.id)).toBe(false);
    expect(await auditOf(t.db, 'catalogue.city_deleted')).toContainEqual(
      expect.objectContaining({ entity_id: String(created.id), after: null }),
    );

    const used = await staffCall(t.app, cookie, 'DELETE', `${base}/2`);
    expect(used.status).toBe(409);
    expect(used.body.code).toBe(CatalogueErrorCode.inUse);
    expect(used.body.message).toMatch(/^Город «Астана» нельзя удалить: к нему относятся \d+ пункт/);
    expect(used.body.message).toContain('остатков');
    expect(used.body.details.pickupPoints).toBeGreaterThan(0);
    const byDefault = await staffCall(t.app, cookie, 'DELETE', `${base}/1`);
    expect(byDefault).toMatchObject({ status: 409, body: { code: CatalogueErrorCode.inUse } });
    expect((await shopCities()).map((c) => c.id)).toEqual(expect.arrayContaining([1, 2]));
    expect((await staffCall(t.app, cookie, 'DELETE', `${base}/99999`)).status).toBe(404);
  });

  it('needs catalogue.edit for every city route', async () => {
    const calls = [
      ['GET', base, undefined],
      ['POST', base, form],
      ['PUT', `${base}/2`, form],
      ['POST', `${base}/2/move`, { direction: 'up' }],
      ['POST', `${base}/2/visibility`, { visible: false }],
      ['DELETE', `${base}/2`, undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      const r = await staffCall(t.app, warehouseCookie, method, url, body);
      expect(r.status, `${method} ${url}`).toBe(403);
      expect(r.body.code).toBe(StaffErrorCode.permissionDenied);
    }
    expect((await shopCities()).find((c) => c.id === 2)?.visibleForCustomers).toBe(true);
  });
});
