import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// review_photo (issue 35 item 5, docs/decisions/067): a photo a customer uploads for a review. It is uploaded
// first (review_id null, owned by the customer) and joined to the review in the transaction that creates it, so a
// refused photo never leaves half a review. `media_key` (`reviews/{32 hex}`) names the master in the media folder;
// the random key is what keeps a photo of an unpublished review out of sight. Position 1–5 once attached.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('review_photo')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customer.id'))
    .addColumn('review_id', 'text', (c) => c.references('review.id'))
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position between 0 and 5`))
    .addColumn('media_key', 'text', (c) => c.notNull().unique())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('review_photo_review_idx').on('review_photo').columns(['review_id']).execute();
  await db.schema
    .createIndex('review_photo_customer_idx')
    .on('review_photo')
    .columns(['customer_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('review_photo').execute();
}
