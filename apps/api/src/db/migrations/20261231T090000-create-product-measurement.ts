import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code.
//
// product_measurement (issue 35 item 6, docs/decisions/066): a product's garment measurements by size label —
// chest, waist, hips, length and inseam in millimetres (whole tenths of a centimetre; staff type cm with one
// decimal), each 10–3000 or null. One row per (product, size); a row has at least one measurement. Like every
// catalogue table, a change bumps `catalog_version`, so the product page's cached answers follow.

const bump = `update counter set value = value + 1 where name = 'catalog_version'`;
const COLUMNS = ['chest_mm', 'waist_mm', 'hips_mm', 'length_mm', 'inseam_mm'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  let table = db.schema
    .createTable('product_measurement')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('product.id').onDelete('cascade'))
    .addColumn('size', 'text', (c) => c.notNull().check(sql`length(size) between 1 and 20`));
  for (const column of COLUMNS)
    table = table.addColumn(column, 'integer', (c) =>
      c.check(sql`${sql.ref(column)} is null or ${sql.ref(column)} between 10 and 3000`),
    );
  await table
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_measurement_pk', ['product_id', 'size'])
    .addCheckConstraint(
      'product_measurement_some',
      sql.raw(COLUMNS.map((c) => `${c} is not null`).join(' or ')),
    )
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(
        `create trigger product_measurement_version after insert or update or delete on product_measurement
        for each statement execute function catalog_version_bump()`,
      )
      .execute(db);
  } else {
    for (const event of ['insert', 'update', 'delete'])
      await sql
        .raw(
          `create trigger product_measurement_version_${event} after ${event} on product_measurement
          begin ${bump}; end`,
        )
        .execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_measurement').execute();
}
