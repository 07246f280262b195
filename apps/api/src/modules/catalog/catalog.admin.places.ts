import {
  BANNER_MIN_HEIGHT,
  BANNER_MIN_WIDTH,
  CatalogueErrorCode,
  type AdminBanner,
  type BannerSlot,
  type PickupPoint,
} from '@kiim/contract';
import type { z } from 'zod';
import type { BannerInput, PickupPointInput } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { badRequest, notFound } from '#app/lib/errors.ts';
import { checkUpload, claimMediaKey, storeUploadedMaster } from '#app/modules/media/media.upload.ts';
import { bannerImage } from '#app/modules/media/media.url.ts';
import { audit, type Actor } from '#app/modules/audit/audit.ts';
import * as admin from './catalog.admin.repository.ts';
import * as repo from './catalog.repository.ts';
import { toPickupPoint } from './catalog.mapper.ts';
import type { BannerRow } from './catalog.table.ts';

// Pickup points and banners in the back office (issue 12, docs/decisions/020; cities: catalog.admin.cities.ts). Each
// change runs in one transaction with its audit entry; banner changes bump the catalogue version (decision 008),
// pickup points are read fresh by the storefront.

/** Every pickup point (spec §3 fields), by city. */
export async function adminPickupPoints(db: DbOrTrx): Promise<PickupPoint[]> {
  return (await repo.listAllPickupPoints(db)).map((p) => toPickupPoint(p));
}

/**
 * Creates (`id` null) or changes a pickup point with every field of spec §3. Audited
 * (`catalogue.pickup_point_created` / `_updated`). @throws AppError 404 (point); 400 (field regionId: no such city).
 */
export async function savePickupPoint(
  db: DbOrTrx,
  id: number | null,
  input: z.output<typeof PickupPointInput>,
  actor: Actor,
): Promise<PickupPoint> {
  return db.transaction().execute(async (trx) => {
    const before = id === null ? undefined : await admin.findPickupPoint(trx, id);
    if (id !== null && !before) throw notFound(CatalogueErrorCode.entityNotFound, 'Такого пункта выдачи нет');
    if (!(await repo.findCity(trx, input.regionId))) throw badRequest({ regionId: ['Такого города нет'] });
    const nowIso = actor.at.toISOString();
    const pointId = id ?? (await admin.nextId(trx, 'pickup_point'));
    await admin.savePickupPoint(
      trx,
      {
        ...{ id: pointId, city_id: input.regionId, title: input.title, building_name: input.buildingName },
        ...{ address_city: input.addressCity, address_street_number: input.addressStreetNumber },
        ...{ address_entrance_number: input.addressEntranceNumber, address_floor: input.addressFloor },
        ...{ address_apartment_number: input.addressApartmentNumber, address_comment: input.addressComment },
        ...{ opening_hours: input.openingHours, latitude: input.latitude, longitude: input.longitude },
        ...{ created_at: nowIso, updated_at: nowIso },
      },
      id === null,
    );
    const after = toPickupPoint((await admin.findPickupPoint(trx, pointId))!);
    const action = id === null ? 'catalogue.pickup_point_created' : 'catalogue.pickup_point_updated';
    await audit(
      trx,
      actor,
      action,
      { type: 'pickup_point', id: String(pointId) },
      before ? toPickupPoint(before) : null,
      after,
    );
    return after;
  });
}

const hasImage = (b: BannerRow) => b.media_key !== '';

const toAdminBanner = (b: BannerRow): AdminBanner => ({
  ...{ id: b.id, slot: b.slot as BannerSlot, position: b.position, title: b.title, subtitle: b.subtitle },
  ...{ buttonText: b.button_text, href: b.href, alt: b.alt, theme: b.theme },
  ...{ startsAt: b.starts_at, endsAt: b.ends_at, active: b.is_active === 1 },
  image: hasImage(b) ? { src: bannerImage(b).src, width: b.width, height: b.height } : null,
});

/** Every banner by slot and position, shown or not. */
export async function adminBanners(db: DbOrTrx): Promise<AdminBanner[]> {
  return (await admin.listAllBanners(db)).map(toAdminBanner);
}

const bannerNotFound = () => notFound(CatalogueErrorCode.entityNotFound, 'Такого баннера нет');

/** The banner columns a form sets. */
const bannerColumns = (input: z.output<typeof BannerInput>) => ({
  ...{ slot: input.slot, position: input.position, title: input.title, subtitle: input.subtitle },
  ...{ button_text: input.buttonText, href: input.href, alt: input.alt, theme: input.theme },
  ...{ starts_at: input.startsAt, ends_at: input.endsAt, is_active: input.active ? 1 : 0 },
});

/**
 * Creates (`id` null) or changes a banner of a spec §9 slot with its show dates. A banner is shown only with a picture:
 * a new one is saved hidden until its picture is uploaded. Audited (`catalogue.banner_created` / `_updated`).
 * @throws AppError 404; 400 (field active) shown without a picture.
 */
export async function saveBanner(
  db: DbOrTrx,
  id: number | null,
  input: z.output<typeof BannerInput>,
  actor: Actor,
): Promise<AdminBanner> {
  return db.transaction().execute(async (trx) => {
    const before = id === null ? undefined : await admin.findBanner(trx, id);
    if (id !== null && !before) throw bannerNotFound();
    if (input.active && (!before || !hasImage(before))) {
      throw badRequest({ active: ['Сначала загрузите картинку баннера'] });
    }
    const nowIso = actor.at.toISOString();
    const bannerId = id ?? (await admin.nextId(trx, 'banner'));
    if (before) await admin.updateBanner(trx, bannerId, { ...bannerColumns(input), updated_at: nowIso });
    else {
      await admin.insertBanner(trx, {
        ...{ id: bannerId, ...bannerColumns(input), media_key: '', width: 1, height: 1 },
        ...{ created_at: nowIso, updated_at: nowIso },
      });
    }
    const after = toAdminBanner((await admin.findBanner(trx, bannerId))!);
    const action = before ? 'catalogue.banner_updated' : 'catalogue.banner_created';
    await audit(
      trx,
      actor,
      action,
      { type: 'banner', id: String(bannerId) },
      before ? toAdminBanner(before) : null,
      after,
    );
    return after;
  });
}

/**
 * Puts a new picture on a banner (checked: JPEG, PNG or WebP up to 10 MB, at least 480 × 240 px), stored under a
 * key never used before (`banners/{id}-{n}`) and rendered in every banner width. Audited (`catalogue.banner_image`).
 * @throws AppError 404; 422 imageRejected.
 */
export async function setBannerImage(
  db: DbOrTrx,
  mediaDir: string,
  id: number,
  bytes: Buffer,
  actor: Actor,
): Promise<AdminBanner> {
  if (!(await admin.findBanner(db, id))) throw bannerNotFound();
  await checkUpload(bytes, BANNER_MIN_WIDTH, BANNER_MIN_HEIGHT);
  // Stored and rendered before the transaction, so no writer waits for sharp.
  const key = await claimMediaKey(mediaDir, `banners/${id}-`, 1);
  const size = await storeUploadedMaster(mediaDir, key, bytes);
  return db.transaction().execute(async (trx) => {
    const before = await admin.findBanner(trx, id);
    if (!before) throw bannerNotFound();
    await admin.updateBanner(trx, id, { media_key: key, ...size, updated_at: actor.at.toISOString() });
    await audit(
      trx,
      actor,
      'catalogue.banner_image',
      { type: 'banner', id: String(id) },
      { mediaKey: before.media_key || null },
      { mediaKey: key, ...size },
    );
    return toAdminBanner((await admin.findBanner(trx, id))!);
  });
}
