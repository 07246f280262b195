// `npm run admin:create-owner`: makes the back office's first owner from ADMIN_EMAIL and ADMIN_PASSWORD (the same
// rule as at start: only while no staff account exists), on the configured database (migrated first).
import { loadConfig } from '#app/config.ts';
import { createDatabase } from '#app/db/database.ts';
import { migrateToLatest } from '#app/db/migrate.ts';
import { systemClock } from '#app/lib/clock.ts';
import { createFirstOwner } from './staff.members.ts';

const config = loadConfig();
if (!config.staff.firstOwner) {
  console.error(
    'Set ADMIN_EMAIL and ADMIN_PASSWORD (12+ characters with a letter and a digit), then run again.',
  );
  process.exit(1);
}
const { db } = createDatabase(config);
try {
  await migrateToLatest(db);
  const owner = await createFirstOwner({ db, config }, config.staff.firstOwner, systemClock.now());
  if (owner) {
    console.log(`Владелец ${owner.email} создан: войдите на ${config.publicUrl}/admin`);
  } else {
    console.error('Сотрудники уже есть: новых приглашает владелец в /admin → Сотрудники.');
    process.exitCode = 1;
  }
} finally {
  await db.destroy();
}
