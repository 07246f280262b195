import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueErrorCode } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { ORIGIN, signedInMember, staffCall } from '#app/test/staff.fixtures.ts';

// Pickup points and banners of the back office on a real database (SQLite, or PostgreSQL with DATABASE_URL): each
// change reaches the storefront's answers at once and is audited; refusals change nothing. Cities:
// catalog.admin.cities.test.ts.

let t: TestContext;
let cookie: string;
const base = '/api/admin/catalogue';

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signedInMember(t.app, t.db, 'catalogue')).cookie;
});
afterAll(async () => {
  await t?.close();
});

const actions = async (type: string, id: string) =>
  (
    await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_type', '=', type)
      .where('entity_id', '=', id)
      .execute()
  ).map((r) => r.action);

describe('pickup points', () => {
  const point = (regionId: number) => ({
    regionId,
    title: 'Kiim на Абая',
    buildingName: 'БЦ «Нурлы Тау»',
    addressCity: 'Алматы',
    addressStreetNumber: 'пр. Абая, 52',
    addressEntranceNumber: '2',
    addressFloor: '1',
    addressApartmentNumber: '',
    addressComment: 'Вход со двора',
    openingHours: 'Пн–Вс 10:00–21:00',
    latitude: 43.2389,
    longitude: 76.8897,
  });

  it('creates and changes a pickup point with every field of spec §3; shoppers see it in its city', async () => {
    const created = await staffCall(t.app, cookie, 'POST', `${base}/pickup-points`, point(1));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ regionId: 1, addressApartmentNumber: null, latitude: 43.2389 });
    const id = created.body.data.id;
    const changed = await staffCall(t.app, cookie, 'PUT', `${base}/pickup-points/${id}`, {
      ...point(1),
      openingHours: 'Ежедневно 09:00–22:00',
    });
    expect(changed.body.data.openingHours).toBe('Ежедневно 09:00–22:00');
    const shop = (await t.app.inject('/api/city/1/pickup-points')).json().data;
    expect(shop).toContainEqual(
      expect.objectContaining({ id, title: 'Kiim на Абая', openingHours: 'Ежедневно 09:00–22:00' }),
    );
    expect(await actions('pickup_point', String(id))).toEqual([
      'catalogue.pickup_point_created',
      'catalogue.pickup_point_updated',
    ]);
  });

  it('refuses coordinates out of range, missing fields and unknown cities', async () => {
    const bad = await staffCall(t.app, cookie, 'POST', `${base}/pickup-points`, {
      ...point(1),
      latitude: 123,
      title: '',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['latitude', 'title']);
    const city = await staffCall(t.app, cookie, 'POST', `${base}/pickup-points`, point(99_999));
    expect(city).toMatchObject({ status: 400, body: { errors: { regionId: ['Такого города нет'] } } });
    expect((await staffCall(t.app, cookie, 'PUT', `${base}/pickup-points/99999`, point(1))).body.code).toBe(
      CatalogueErrorCode.entityNotFound,
    );
  });
});

describe('banners', () => {
  const banner = {
    slot: 'home-women',
    position: 1,
    title: 'Лён на лето',
    subtitle: 'Новая коллекция',
    buttonText: 'Смотреть',
    href: '/category/zhenskaya-odezhda',
    alt: 'Женщина в льняном платье',
    theme: 'dark',
    startsAt: '2026-01-01T09:00',
    endsAt: '2030-01-01T09:00',
    active: false,
  };

  it('creates a banner hidden, refuses to show it before its picture, then shows it in its slot', async () => {
    const created = await staffCall(t.app, cookie, 'POST', `${base}/banners`, banner);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({
      active: false,
      image: null,
      startsAt: '2026-01-01T04:00:00.000Z',
    });
    const early = await staffCall(t.app, cookie, 'PUT', `${base}/banners/${id}`, { ...banner, active: true });
    expect(early).toMatchObject({
      status: 400,
      body: { errors: { active: ['Сначала загрузите картинку баннера'] } },
    });

    const png = await sharp({ create: { width: 1600, height: 600, channels: 3, background: '#d8cbb4' } })
      .png()
      .toBuffer();
    const small = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#d8cbb4' } })
      .png()
      .toBuffer();
    const upload = (body: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: `${base}/banners/${id}/image`,
        payload: body,
        headers: { origin: ORIGIN, 'content-type': 'image/png' },
        cookies: { kiim_staff: cookie },
      });
    expect((await upload(small)).statusCode).toBe(422);
    const withImage = await upload(png);
    expect(withImage.json().data.image).toEqual({
      src: `/media/banners/${id}-1/960.webp`,
      width: 1600,
      height: 600,
    });
    expect((await t.app.inject(`/media/banners/${id}-1/1440.webp`)).headers['x-media-cache']).toBe('hit');

    const shown = await staffCall(t.app, cookie, 'PUT', `${base}/banners/${id}`, { ...banner, active: true });
    expect(shown.body.data.active).toBe(true);
    const shop = (await t.app.inject('/api/catalog/banners?slot=home-women')).json().data;
    expect(JSON.stringify(shop)).toContain('Лён на лето');

    const replaced = await upload(png);
    expect(replaced.json().data.image.src).toBe(`/media/banners/${id}-2/960.webp`);
    const ended = await staffCall(t.app, cookie, 'PUT', `${base}/banners/${id}`, {
      ...banner,
      active: true,
      endsAt: '2026-01-02T09:00',
    });
    expect(ended.status).toBe(200);
    expect(
      JSON.stringify((await t.app.inject('/api/catalog/banners?slot=home-women')).json().data),
    ).not.toContain('Лён на лето');
    expect(await actions('banner', String(id))).toEqual([
      'catalogue.banner_created',
      'catalogue.banner_image',
      'catalogue.banner_updated',
      'catalogue.banner_image',
      'catalogue.banner_updated',
    ]);
  });

  it('refuses outside links, unknown slots and shows that end before they start', async () => {
    const bad = await staffCall(t.app, cookie, 'POST', `${base}/banners`, {
      ...banner,
      slot: 'sidebar',
      href: 'https://evil.example',
      endsAt: '2025-01-01T09:00',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['href', 'slot']);
    const dates = await staffCall(t.app, cookie, 'POST', `${base}/banners`, {
      ...banner,
      endsAt: '2025-01-01T09:00',
    });
    expect(dates).toMatchObject({
      status: 400,
      body: { errors: { endsAt: ['Окончание показа должно быть позже начала'] } },
    });
  });
});
