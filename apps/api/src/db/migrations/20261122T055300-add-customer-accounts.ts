import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code. Only the subset SQLite and PostgreSQL share:
// app-made ids and ISO text timestamps, CHECK constraints for invariants.
//
// Customer accounts (issue 4): the SMS send log behind the send limits (per number, per client address,
// daily total), the log of failed password sign-ins behind their limits, and on tokens how they were
// obtained and why they were revoked.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sms_send')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('mobile', 'text', (c) => c.notNull())
    // 1, 2, 3… per number: two parallel sends for a number compute the same next value and only one
    // insert wins (unique with the number), so the per-number limits hold under concurrency.
    .addColumn('seq', 'integer', (c) => c.notNull().check(sql`seq > 0`))
    .addColumn('client_ip', 'text')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'sent', 'failed')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sms_send_mobile_seq_idx')
    .on('sms_send')
    .columns(['mobile', 'seq'])
    .unique()
    .execute();
  await db.schema
    .createIndex('sms_send_mobile_idx')
    .on('sms_send')
    .columns(['mobile', 'created_at'])
    .execute();
  await db.schema
    .createIndex('sms_send_ip_idx')
    .on('sms_send')
    .columns(['client_ip', 'created_at'])
    .execute();
  await db.schema.createIndex('sms_send_created_idx').on('sms_send').column('created_at').execute();

  await db.schema
    .createTable('auth_failure')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('client_ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_failure_mobile_idx')
    .on('auth_failure')
    .columns(['kind', 'mobile', 'created_at'])
    .execute();
  await db.schema
    .createIndex('auth_failure_ip_idx')
    .on('auth_failure')
    .columns(['kind', 'client_ip', 'created_at'])
    .execute();

  // How the token was obtained: code (SMS sign-in, registration, recovery), password or refresh.
  await db.schema
    .alterTable('customer_token')
    .addColumn('auth_method', 'text', (c) => c.notNull().defaultTo('code'))
    .execute();
  // Why it was revoked: logout, refresh, password.
  await db.schema.alterTable('customer_token').addColumn('revoked_reason', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('customer_token').dropColumn('revoked_reason').execute();
  await db.schema.alterTable('customer_token').dropColumn('auth_method').execute();
  await db.schema.dropTable('auth_failure').execute();
  await db.schema.dropTable('sms_send').execute();
}
