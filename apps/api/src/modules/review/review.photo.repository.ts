import type { DbOrTrx } from '#app/db/database.ts';
import type { ReviewPhotoRow } from './review.table.ts';

// Queries of review photos (decision 067); the rules are in review.photos.ts.

/** When the customer uploaded each photo since `sinceIso`, oldest first. */
export async function uploadTimes(db: DbOrTrx, customerId: string, sinceIso: string): Promise<string[]> {
  const rows = await db
    .selectFrom('review_photo')
    .select('created_at')
    .where('customer_id', '=', customerId)
    .where('created_at', '>=', sinceIso)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.created_at);
}

export async function insertPhoto(db: DbOrTrx, row: ReviewPhotoRow): Promise<void> {
  await db.insertInto('review_photo').values(row).execute();
}

/**
 * Joins photo `id` to the review at `position` when it is the customer's and in no review yet.
 * @returns whether it moved.
 */
export async function joinPhoto(
  db: DbOrTrx,
  p: { id: string; customerId: string; reviewId: string; position: number; nowIso: string },
): Promise<boolean> {
  const moved = await db
    .updateTable('review_photo')
    .set({ review_id: p.reviewId, position: p.position, updated_at: p.nowIso })
    .where('id', '=', p.id)
    .where('customer_id', '=', p.customerId)
    .where('review_id', 'is', null)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** The photos of these reviews, by review then position. */
export async function photosOf(db: DbOrTrx, reviewIds: readonly string[]): Promise<ReviewPhotoRow[]> {
  if (reviewIds.length === 0) return [];
  return db
    .selectFrom('review_photo')
    .selectAll()
    .where('review_id', 'in', [...new Set(reviewIds)])
    .orderBy('review_id')
    .orderBy('position')
    .execute();
}

/** Photos in no review uploaded before `beforeIso`, oldest first, at most `limit`. */
export function unusedPhotos(db: DbOrTrx, beforeIso: string, limit: number): Promise<ReviewPhotoRow[]> {
  return db
    .selectFrom('review_photo')
    .selectAll()
    .where('review_id', 'is', null)
    .where('created_at', '<', beforeIso)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/**
 * Deletes those of photos `ids` still in no review (one joined meanwhile stays).
 * @returns the media keys of the photos deleted.
 */
export async function deleteUnusedPhotos(db: DbOrTrx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('review_photo')
    .where('id', 'in', [...ids])
    .where('review_id', 'is', null)
    .returning('media_key')
    .execute();
  return rows.map((r) => r.media_key);
}
