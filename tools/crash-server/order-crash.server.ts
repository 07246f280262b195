/**
 * Server of the crash test (apps/api/src/modules/order/order.crash.test.ts): the API alone as a server process
 * on a loopback port, on the database the test prepared (SQLITE_PATH, or DATABASE_URL with PG_SCHEMA). Prints `LISTENING <port>`
 * when ready; the test then kills it with SIGKILL while orders are being placed.
 */
import { buildApp } from '@kiim/api';
import { loadConfig } from '@kiim/api/config';
import { createDatabase } from '@kiim/api/database';

const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTO_SEED: 'false' });
const database = createDatabase({
  databaseUrl: config.databaseUrl,
  sqlitePath: config.sqlitePath,
  pgSchema: process.env.PG_SCHEMA,
});
const app = await buildApp({ config, db: database, logger: false });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`LISTENING ${new URL(address).port}\n`);
