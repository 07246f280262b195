import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/database.ts';
import type { Clock } from '#app/lib/clock.ts';
import { createMobizonProvider } from './sms.mobizon.ts';
import { createDevSmsProvider, type SmsProvider } from './sms.provider.ts';
import { createSmscProvider } from './sms.smsc.ts';

/**
 * The provider chosen by configuration `SMS_PROVIDER` (design/payments-sms.md): `dev`, `mobizon` or `smsc`,
 * each with its URL, credentials and timeout from configuration.
 */
export function createSmsProvider(config: Config, db: Db, log: FastifyBaseLogger, clock: Clock): SmsProvider {
  const deps = { db, log, clock };
  switch (config.smsProvider) {
    case 'dev':
      return createDevSmsProvider(deps);
    case 'mobizon':
      return createMobizonProvider(deps, { ...config.sms.mobizon, timeoutMs: config.sms.timeoutMs });
    case 'smsc':
      return createSmscProvider(deps, { ...config.sms.smsc, timeoutMs: config.sms.timeoutMs });
  }
}
