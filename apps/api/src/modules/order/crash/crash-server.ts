/**
 * Test fixture of the crash test (order.crash.test.ts): the API alone as a server process on a loopback port,
 * on the database the test prepared (SQLITE_PATH, or DATABASE_URL with PG_SCHEMA). Prints `LISTENING <port>`
 * when ready; the test then kills it with SIGKILL while orders are being placed.
 */
import { loadConfig } from '#app/config.ts';
import { buildApp } from '#app/app.ts';
import { createDatabase } from '#app/db/database.ts';

const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTO_SEED: 'false' });
const database = createDatabase({
  databaseUrl: config.databaseUrl,
  sqlitePath: config.sqlitePath,
  pgSchema: process.env.PG_SCHEMA,
});
const app = await buildApp({ config, db: database, logger: false });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`LISTENING ${new URL(address).port}\n`);
