import { randomBytes } from 'node:crypto';
import { REVIEW_PHOTO_MIN_SIDE, REVIEW_PHOTOS_MAX, ReviewErrorCode, type ReviewPhoto } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { AppError, rateLimited } from '#app/lib/errors.ts';
import { newId } from '#app/lib/ids.ts';
import { removeMedia } from '#app/modules/media/media.storage.ts';
import { checkUpload, storeUploadedMaster } from '#app/modules/media/media.upload.ts';
import { mediaUrl, productImage } from '#app/modules/media/media.url.ts';
import * as repo from './review.photo.repository.ts';
import type { ReviewPhotoRow } from './review.table.ts';

// Photos of reviews (issue 35 item 5, docs/decisions/067). A customer uploads each photo first; the review that
// names them joins them in its own transaction, so a refused photo never leaves half a review. A photo's key is
// random (128 bits): the media route serves any key it has, and only a published review ever shows its photos'
// addresses, so a pending or rejected review's photos stay out of sight.

/** Uploads one customer may make in 24 hours (5 reviews' worth of photos; each costs a resize). */
export const REVIEW_PHOTO_UPLOADS_PER_DAY = 25;
const DAY_MS = 24 * 60 * 60 * 1000;

const tooMany = (wait: string) =>
  `Вы загрузили много фотографий за сутки. Следующую можно загрузить через ${wait}`;

/** A photo row → the picture a page shows: 480 px with every width in `srcSet`, and the 960 px one to zoom. */
export function toReviewPhoto(row: ReviewPhotoRow, alt = 'Фото покупателя'): ReviewPhoto {
  return {
    id: row.id,
    ...productImage({ media_key: row.media_key, width: row.width, height: row.height, alt }),
    zoomSrc: mediaUrl(row.media_key, 960),
  };
}

/** Refuses a 26th upload in 24 hours. @throws AppError 429 (1029) with the wait. */
async function checkUploadLimit(db: DbOrTrx, customerId: string, now: Date): Promise<void> {
  const times = await repo.uploadTimes(db, customerId, new Date(now.getTime() - DAY_MS).toISOString());
  if (times.length < REVIEW_PHOTO_UPLOADS_PER_DAY) return;
  const oldest = Date.parse(times[times.length - REVIEW_PHOTO_UPLOADS_PER_DAY]!);
  throw rateLimited(oldest + DAY_MS - now.getTime(), tooMany);
}

/**
 * `POST /api/review/photo`: stores a photo for the customer's next review — JPEG, PNG or WebP, at most 10 MB, at
 * least 300 px a side, at most 8000 — as a WebP master (EXIF turned, metadata dropped) rendered in every width.
 * @returns the photo (its id goes into `photoIds` of `POST /api/review/create`).
 * @throws AppError 422 imageRejected (8108, field `file`); 429 (1029) over 25 uploads in 24 hours.
 */
export async function uploadReviewPhoto(
  db: DbOrTrx,
  mediaDir: string,
  customerId: string,
  bytes: Buffer,
  now: Date,
): Promise<ReviewPhoto> {
  await checkUploadLimit(db, customerId, now);
  await checkUpload(bytes, REVIEW_PHOTO_MIN_SIDE, REVIEW_PHOTO_MIN_SIDE);
  const key = `reviews/${randomBytes(16).toString('hex')}`;
  const size = await storeUploadedMaster(mediaDir, key, bytes);
  const nowIso = now.toISOString();
  const row: ReviewPhotoRow = {
    ...{ id: newId(), customer_id: customerId, review_id: null, position: 0, media_key: key },
    ...{ width: size.width, height: size.height, created_at: nowIso, updated_at: nowIso },
  };
  await repo.insertPhoto(db, row);
  return toReviewPhoto(row);
}

/**
 * In the transaction that creates review `reviewId`: joins the customer's uploaded photos to it, in the given
 * order (positions 1…5). Each must be theirs and in no review yet.
 * @throws AppError 422 photoNotUsable (5007, field `photoIds`).
 */
export async function attachReviewPhotos(
  trx: DbOrTrx,
  customerId: string,
  reviewId: string,
  photoIds: readonly string[],
  nowIso: string,
): Promise<void> {
  if (photoIds.length === 0) return;
  if (photoIds.length > REVIEW_PHOTOS_MAX) throw new Error('more photos than the contract allows');
  for (const [i, id] of photoIds.entries()) {
    // Only a photo of this customer in no review yet moves; the caller's transaction rolls back on a refusal.
    const moved = await repo.joinPhoto(trx, { id, customerId, reviewId, position: i + 1, nowIso });
    if (!moved) {
      const message = 'Фотография не найдена: загрузите её ещё раз';
      throw new AppError(422, ReviewErrorCode.photoNotUsable, message, undefined, { photoIds: [message] });
    }
  }
}

/** The photos of these reviews, each review's in its order. */
export async function photosOfReviews(
  db: DbOrTrx,
  reviewIds: readonly string[],
): Promise<Map<string, ReviewPhoto[]>> {
  const byReview = new Map<string, ReviewPhoto[]>();
  const rows = await repo.photosOf(db, reviewIds);
  for (const row of rows) {
    const list = byReview.get(row.review_id!) ?? [];
    list.push(toReviewPhoto(row, `Фото покупателя ${list.length + 1}`));
    byReview.set(row.review_id!, list);
  }
  return byReview;
}

/** How long an upload may wait for its review before it is deleted (decision 072). */
export const UNUSED_PHOTO_HOURS = 24;
/** Most unused photos one sweep deletes (the next sweep takes the rest). */
const SWEEP_BATCH = 500;

/**
 * Deletes photos uploaded more than {@link UNUSED_PHOTO_HOURS} hours before `now` and never joined to a review: their
 * rows, then their files (master and every width). A photo joined to a review meanwhile is kept (the delete checks
 * again). Idempotent; a file already gone is no error.
 * @returns how many photos were deleted.
 * @throws what the database or the file system throws (the rows are then gone, a file may stay: harmless).
 */
export async function sweepUnusedPhotos(db: DbOrTrx, mediaDir: string, now: Date): Promise<number> {
  const before = new Date(now.getTime() - UNUSED_PHOTO_HOURS * 60 * 60 * 1000).toISOString();
  const unused = await repo.unusedPhotos(db, before, SWEEP_BATCH);
  const keys = await repo.deleteUnusedPhotos(
    db,
    unused.map((p) => p.id),
  );
  for (const key of keys) await removeMedia(mediaDir, key);
  return keys.length;
}
