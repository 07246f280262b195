import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Db } from '#app/db/database.ts';
import { newId } from '#app/lib/ids.ts';
import type { Actor } from '#app/modules/audit/audit.ts';
import * as jobs from '../exchange.jobs.repository.ts';
import { failureReason, runImport } from './onec.import.ts';
import { ExchangeFileError } from './onec.parse.ts';
import { XmlFileError } from './xml.stream.ts';

// The 1C import job (issue 28 item 14, docs/decisions/034). `mode=import` makes a row in exchange_import (one per
// session and file), the instance that claims it runs the import in the background and renews the row's heartbeat;
// every instance answers 1C's polls from the row: `progress` while it runs, then the stored answer (handed out once,
// then the row goes). A job whose heartbeat is stale (its process died) is failed with a clear text: the import ran
// in one transaction, so nothing of it was kept, and 1C's next exchange sends the file again.

/** Timings of the job (tests shorten them). */
export const JOB_TIMING = {
  /** How long a call waits for the import before answering `progress`. */
  waitMs: 20_000,
  /** How often the running instance renews the heartbeat. */
  heartbeatMs: 5_000,
  /** A heartbeat older than this: the instance is gone. */
  staleMs: 60_000,
  /** How often a call reads the row of a job another instance runs. */
  pollMs: 250,
};

/** What an instance runs itself: the items read so far, and the run's end. */
interface LocalJob {
  done: { items: number };
  settled: boolean;
  finished: Promise<void>;
}

/** The jobs each app instance runs (keyed by its database handle: two instances in one process stay apart). */
const running = new WeakMap<Db, Map<string, LocalJob>>();
const instances = new WeakMap<Db, string>();
/** This instance's name on the rows it runs: host, process, and a random part per app. */
const instanceOf = (db: Db) => {
  let name = instances.get(db);
  if (!name) instances.set(db, (name = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`));
  return name;
};
const localJobs = (db: Db) => {
  let map = running.get(db);
  if (!map) running.set(db, (map = new Map()));
  return map;
};

/** The answer of a job left behind by a stopped instance. */
export const abandonedAnswer = (filename: string) =>
  `failure\nЗагрузка файла «${filename.slice(0, 80)}» прервана: сайт перезапускался во время загрузки. ` +
  'Ничего не изменено — запустите обмен ещё раз';

/** A session's import: its id, its folder, the media folder, the clock, what to do when it fails. */
export interface ImportSession {
  id: string;
  dir: string;
  mediaDir: string;
  now: () => Date;
  log: (e: unknown) => void;
  /** Called once when an import of the session fails (its folder is removed: 1C starts again with `init`). */
  onFailed: () => Promise<void>;
}

/** Runs a claimed job on this instance: heartbeats, the import, its end stored on the row. */
function start(db: Db, s: ImportSession, jobId: string, filename: string, actor: Actor) {
  const me = instanceOf(db);
  const local: LocalJob = { done: { items: 0 }, settled: false, finished: Promise.resolve() };
  let beating: Promise<void> | null = null;
  const timer = setInterval(() => {
    beating ??= jobs
      .beat(db, jobId, me, local.done.items, s.now().toISOString())
      .catch(s.log)
      .finally(() => (beating = null));
  }, JOB_TIMING.heartbeatMs);
  timer.unref();
  const where = { dir: s.dir, mediaDir: s.mediaDir };
  local.finished = runImport(db, where, filename, actor, local.done, async (trx, end) => {
    const stored = await jobs.finishJob(
      trx,
      jobId,
      me,
      {
        ...{ state: 'done', items: end.items, answer: end.answer },
        ...{ summary: JSON.stringify(end.summary), warnings: JSON.stringify(end.warnings) },
      },
      s.now().toISOString(),
    );
    // Failed as abandoned meanwhile (1C was told so): this run is rolled back, 1C sends the file again.
    if (!stored) throw new ExchangeFileError(abandonedAnswer(filename).slice('failure\n'.length));
  })
    .catch(async (e: unknown) => {
      if (!(e instanceof ExchangeFileError || e instanceof XmlFileError)) s.log(e);
      const end = { state: 'failed' as const, items: local.done.items, summary: null, warnings: null };
      await jobs.finishJob(
        db,
        jobId,
        me,
        { ...end, answer: `failure\n${failureReason(e)}` },
        s.now().toISOString(),
      );
      await s.onFailed();
    })
    .catch(s.log)
    .finally(() => {
      clearInterval(timer);
      local.settled = true;
      localJobs(db).delete(jobId);
    });
  localJobs(db).set(jobId, local);
}

/**
 * Resolves when the imports this instance runs have ended (the app's stop waits for them before the database closes,
 * within its shutdown timeout; one cut short is failed as abandoned by the next poll: docs/decisions/034).
 */
export async function importsEnded(db: Db): Promise<void> {
  await Promise.all([...localJobs(db).values()].map((j) => j.finished));
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * `type=catalog&mode=import&filename=…` on any instance: makes the session's job for the file (or finds it), runs it
 * here when this instance claims it, and waits up to {@link JOB_TIMING}.waitMs for its end.
 * @returns the protocol's answer: `progress\nОбработано: N`, `success…` or `failure\n<reason>`.
 */
export async function importStep(db: Db, s: ImportSession, filename: string, actor: Actor): Promise<string> {
  const nowIso = s.now().toISOString();
  let row = await jobs.findJob(db, s.id, filename);
  if (!row) {
    await jobs.insertJob(db, {
      ...{ id: newId(), session_id: s.id, filename, state: 'queued', items: 0 },
      ...{ summary: null, warnings: null, answer: null, instance: null },
      ...{ heartbeat_at: nowIso, created_at: nowIso, updated_at: nowIso },
    });
    row = (await jobs.findJob(db, s.id, filename))!;
    if (row.state === 'queued' && (await jobs.claimJob(db, row.id, instanceOf(db), nowIso)))
      start(db, s, row.id, filename, actor);
  }
  return answerOf(db, s, row.id);
}

/** Waits for the job's end (or the wait's end) and answers for it. */
async function answerOf(db: Db, s: ImportSession, id: string): Promise<string> {
  const deadline = Date.now() + JOB_TIMING.waitMs;
  for (;;) {
    const local = localJobs(db).get(id);
    if (local && !local.settled) {
      // Run here: wait for the run itself (on SQLite the row cannot be read while the import's transaction holds
      // the one connection).
      let timer: NodeJS.Timeout | undefined;
      const left = Math.max(0, deadline - Date.now());
      await Promise.race([local.finished, new Promise((r) => (timer = setTimeout(r, left)))]);
      clearTimeout(timer);
      if (!local.settled) return `progress\nОбработано: ${local.done.items}`;
    }
    const row = await jobs.findJobById(db, id);
    // Answered to another call meanwhile: 1C asks again and a new job starts.
    if (!row) return 'progress\nОбработано: 0';
    if ((row.state === 'done' || row.state === 'failed') && row.answer !== null) {
      await jobs.deleteJob(db, id);
      return row.answer;
    }
    const nowMs = s.now().getTime();
    if (!localJobs(db).has(id) && Date.parse(row.heartbeat_at) < nowMs - JOB_TIMING.staleMs) {
      const staleBefore = new Date(nowMs - JOB_TIMING.staleMs).toISOString();
      const failed = await jobs.failStaleJobs(
        db,
        staleBefore,
        abandonedAnswer,
        new Date(nowMs).toISOString(),
        id,
      );
      if (failed.length) await s.onFailed();
      continue;
    }
    const left = deadline - Date.now();
    if (left <= 0) return `progress\nОбработано: ${row.items}`;
    await sleep(Math.min(left, JOB_TIMING.pollMs));
  }
}
