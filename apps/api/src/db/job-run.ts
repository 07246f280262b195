import type { Db } from '#app/db/database.ts';

/** Slack under a full period: runs of one interval on several instances never fall just short of it. */
const SLACK_MS = 1000;

/**
 * Claims this period's run of the job `name` for this instance (issue 11 §12: several instances on one database).
 * One conditional UPDATE — the row's last run at least a period (less one second of slack) ago — so of instances
 * that try at once exactly one wins, on SQLite and PostgreSQL alike; the others skip this period.
 * @param now the app clock's time; `periodSeconds` the job's interval.
 * @returns true when this instance should run the job now.
 */
export async function claimJobRun(
  db: Db,
  name: string,
  now: Date,
  periodSeconds: number,
  instance: string,
): Promise<boolean> {
  await db
    .insertInto('job_run')
    .values({ name, last_run_at: new Date(0).toISOString(), instance: null })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const dueBefore = new Date(now.getTime() - periodSeconds * 1000 + SLACK_MS).toISOString();
  const result = await db
    .updateTable('job_run')
    .set({ last_run_at: now.toISOString(), instance })
    .where('name', '=', name)
    .where('last_run_at', '<=', dueBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
