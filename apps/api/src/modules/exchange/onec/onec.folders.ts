import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#app/db/database.ts';
import { claimJobRun } from '#app/db/job-run.ts';
import { audit, systemActor, type Actor } from '#app/modules/audit/audit.ts';
import * as jobs from '../exchange.jobs.repository.ts';
import { abandonedAnswer, JOB_TIMING } from './onec.job.ts';
import { removeDir, resetDir, type Removed } from './onec.files.ts';
import { SESSION_MS } from './onec.session.ts';

// The folders of 1C exchange sessions (issue 29 items 3 and 9, docs/decisions/034): one per session under
// EXCHANGE_DIR (shared by every instance). A folder goes when its exchange ends — `complete`, a failed import, the
// next `init` — and, for exchanges that never end, by the sweep; every removal of files is audited.

/** Why a session's files were removed (the audit entry's `reason`). */
export type RemovalReason = 'init' | 'complete' | 'failed' | 'sweep';

/** The folder of a session. */
export const sessionDir = (exchangeDir: string, sessionId: string) => path.join(exchangeDir, sessionId);

/** Audits removed files as `exchange.files_deleted` (nothing when there were none). */
async function auditRemoval(db: Db, actor: Actor, sessionId: string, held: Removed, reason: RemovalReason) {
  if (held.files === 0) return;
  await audit(db, actor, 'exchange.files_deleted', { type: 'exchange_session', id: sessionId }, held, {
    reason,
  });
}

/**
 * Removes a session's files (`init`: the folder is made again, empty) and audits what they were (issue 29 item 9).
 * @returns what was removed.
 */
export async function dropSessionFiles(
  db: Db,
  actor: Actor,
  exchangeDir: string,
  sessionId: string,
  reason: RemovalReason,
): Promise<Removed> {
  const dir = sessionDir(exchangeDir, sessionId);
  const held = reason === 'init' ? await resetDir(dir) : await removeDir(dir);
  await auditRemoval(db, actor, sessionId, held, reason);
  if (reason === 'init') await jobs.deleteFinishedJobs(db, sessionId);
  return held;
}

/** What a sweep did. */
export interface SweepReport {
  foldersRemoved: number;
  filesRemoved: number;
  jobsFailed: number;
  jobsForgotten: number;
}

/**
 * The sweep (issue 29 item 3): fails jobs of stopped instances (their sessions' folders go), forgets jobs older than
 * a session's lifetime, and removes every session folder whose session is over (expired, revoked) or that is older
 * than a session's lifetime — unless an import of it is under way. Each removal is audited as the shop's own.
 */
export async function sweepExchange(db: Db, exchangeDir: string, now: Date): Promise<SweepReport> {
  const nowIso = now.toISOString();
  const staleBefore = new Date(now.getTime() - JOB_TIMING.staleMs).toISOString();
  const failed = await jobs.failStaleJobs(db, staleBefore, abandonedAnswer, nowIso);
  const failedSessions = new Set(failed.map((j) => j.session_id));
  const forgotten = await jobs.deleteJobsBefore(db, new Date(now.getTime() - SESSION_MS).toISOString());
  const entries = await fs.promises
    .readdir(exchangeDir, { withFileTypes: true })
    .catch(() => [] as fs.Dirent[]);
  const ids = entries.filter((e) => e.isDirectory()).map((e) => e.name);
  const busy = await jobs.sessionsImporting(db);
  const live = new Set<string>();
  for (let i = 0; i < ids.length; i += 500)
    for (const id of await jobs.liveSessions(db, ids.slice(i, i + 500), nowIso)) live.add(id);
  const report = { foldersRemoved: 0, filesRemoved: 0, jobsFailed: failed.length, jobsForgotten: forgotten };
  for (const id of ids) {
    if (busy.has(id)) continue;
    const made = await fs.promises.stat(sessionDir(exchangeDir, id)).then(
      (st) => st.mtimeMs,
      () => now.getTime(),
    );
    const ended = failedSessions.has(id);
    if (!ended && live.has(id) && made > now.getTime() - SESSION_MS) continue;
    const held = await removeDir(sessionDir(exchangeDir, id));
    await auditRemoval(db, systemActor(now), id, held, ended ? 'failed' : 'sweep');
    report.foldersRemoved += 1;
    report.filesRemoved += held.files;
  }
  return report;
}

/** This process, as recorded on the job runs it claims. */
const INSTANCE = `${os.hostname()}:${process.pid}`;

/**
 * Registers the sweep of the exchange's folders: every `intervalSeconds` from when the app is ready, one instance
 * of several per period (`claimJobRun`); stops when the app closes, a sweep under way ending first.
 */
export function registerExchangeSweep(app: FastifyInstance, intervalSeconds: number): void {
  let sweeping: Promise<void> | null = null;
  const run = () => {
    if (sweeping || app.closing.begun) return;
    sweeping = (async () => {
      try {
        const now = app.clock.now();
        if (!(await claimJobRun(app.db, 'exchange-sweep', now, intervalSeconds, INSTANCE))) return;
        const report = await sweepExchange(app.db, app.config.exchangeDir, now);
        if (report.foldersRemoved || report.jobsFailed) app.log.info(report, 'exchange sweep');
      } catch (err) {
        app.log.error({ err }, 'exchange sweep failed');
      }
    })().finally(() => (sweeping = null));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(run, intervalSeconds * 1000);
    timer.unref();
  });
  app.closing.onStop('exchange sweep', async () => {
    clearInterval(timer);
    await sweeping;
  });
}
