import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports app code. Only the subset SQLite and PostgreSQL share: app-made ids
// and ISO text timestamps, CHECK constraints for invariants; the audit log's append-only triggers are the one place
// where the dialects differ.
//
// The back office (issue 15), tables of the `staff` module:
// - staff_member: accounts (argon2id password hash; the TOTP secret encrypted with a key derived from OTP_SECRET;
//   the last accepted TOTP time step, so a code is never accepted twice); deactivated_at instead of a deletion.
// - staff_recovery_code: one-time recovery codes, stored as keyed hashes, used_at once used.
// - staff_session: opaque session tokens stored as SHA-256, with their stage (second factor awaited, two-factor
//   enrolment only, signed in), idle and absolute expiry, revocation.
// - staff_invitation: one-time invitation links (hash only), expiring, accepted or revoked once.
// - staff_auth_failure: failed sign-ins per e-mail and per client address (the sign-in limits).
// - api_key: keys of integrations (hash only), scopes as a JSON array, last use, revocation.
// - audit_log: append-only record of every staff change; UPDATE and DELETE are refused by triggers.

const ROLES = sql`('owner', 'manager', 'catalogue', 'warehouse')`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await createAccountTables(db);
  await createSessionTables(db);
  await createKeyAndAuditTables(db);
  await refuseAuditChanges(db);
}

/** Accounts, their recovery codes and invitations. */
async function createAccountTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('staff_member')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ${ROLES}`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('totp_secret', 'text')
    .addColumn('totp_pending_secret', 'text')
    .addColumn('totp_enabled_at', 'text')
    .addColumn('totp_last_step', 'integer')
    .addColumn('last_sign_in_at', 'text')
    .addColumn('deactivated_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('staff_recovery_code')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff_member.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_recovery_code_staff_idx')
    .on('staff_recovery_code')
    .column('staff_id')
    .execute();

  await db.schema
    .createTable('staff_invitation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ${ROLES}`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.notNull().references('staff_member.id'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_staff_id', 'text', (c) => c.references('staff_member.id'))
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_invitation_email_idx').on('staff_invitation').column('email').execute();
}

/** Sessions and the failed sign-ins behind the limits. */
async function createSessionTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('staff_session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff_member.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('stage', 'text', (c) =>
      c.notNull().check(sql`stage in ('second_factor', 'enrolment', 'signed_in')`),
    )
    .addColumn('failed_codes', 'integer', (c) => c.notNull().check(sql`failed_codes >= 0`))
    .addColumn('client_ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('absolute_expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_session_staff_idx')
    .on('staff_session')
    .columns(['staff_id', 'revoked_at'])
    .execute();

  await db.schema
    .createTable('staff_auth_failure')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('client_ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_auth_failure_email_idx')
    .on('staff_auth_failure')
    .columns(['email', 'created_at'])
    .execute();
  await db.schema
    .createIndex('staff_auth_failure_ip_idx')
    .on('staff_auth_failure')
    .columns(['client_ip', 'created_at'])
    .execute();
}

/** API keys and the audit log. */
async function createKeyAndAuditTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('api_key')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull().references('staff_member.id'))
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor_type', 'text', (c) =>
      c.notNull().check(sql`actor_type in ('staff', 'api_key', 'system')`),
    )
    .addColumn('actor_id', 'text')
    .addColumn('client_ip', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_created_idx')
    .on('audit_log')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_actor_idx')
    .on('audit_log')
    .columns(['actor_type', 'actor_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('audit_log_action_idx')
    .on('audit_log')
    .columns(['action', 'created_at'])
    .execute();
  await db.schema
    .createIndex('audit_log_entity_idx')
    .on('audit_log')
    .columns(['entity_type', 'entity_id', 'created_at'])
    .execute();
}

/** The audit log is append-only: UPDATE and DELETE (and TRUNCATE on PostgreSQL) are refused by triggers. */
async function refuseAuditChanges(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only';
      end
      $$
    `.execute(db);
    await sql`
      create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()
    `.execute(db);
    await sql`
      create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()
    `.execute(db);
  } else {
    await sql`
      create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end
    `.execute(db);
    await sql`
      create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end
    `.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function if exists audit_log_append_only()`.execute(db);
  }
  for (const table of [
    'api_key',
    'staff_auth_failure',
    'staff_invitation',
    'staff_session',
    'staff_recovery_code',
    'staff_member',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
