import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/database.ts';
import { newId } from '#app/lib/ids.ts';

/** Sends one SMS. `mobile` is `7XXXXXXXXXX`. Throws on a provider failure. */
export interface SmsProvider {
  readonly name: string;
  send(mobile: string, text: string): Promise<void>;
}

/**
 * Development provider: sends nothing; writes the message to the log and to `sms_message`, which the
 * development-only outbox endpoint reads (architecture: Identity and sessions).
 */
export function createDevSmsProvider(db: Db, log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'dev',
    async send(mobile, text) {
      const now = new Date().toISOString();
      await db
        .insertInto('sms_message')
        .values({ id: newId(), mobile, text, provider: 'dev', status: 'logged', provider_message_id: null, created_at: now, updated_at: now })
        .execute();
      log.info({ mobile, text }, 'sms (development provider)');
    },
  };
}

/** The provider chosen by configuration (`SMS_PROVIDER`). */
export function createSmsProvider(config: Config, db: Db, log: FastifyBaseLogger): SmsProvider {
  switch (config.smsProvider) {
    case 'dev':
      return createDevSmsProvider(db, log);
  }
}
