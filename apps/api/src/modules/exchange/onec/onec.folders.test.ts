import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, sha256 } from '#app/lib/ids.ts';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { oneC } from '#app/test/onec.fixtures.ts';
import { auditOf, makeApiKey } from '#app/test/staff.fixtures.ts';
import { sweepExchange } from './onec.folders.ts';
import { JOB_TIMING } from './onec.job.ts';

// Exchange folders do not stay (issue 29 items 3 and 9, docs/decisions/034): `init` empties the session's folder,
// `complete` and a failed import remove it, the sweep removes folders of sessions that are over; each removal of
// files is in the audit log (who, which session, how many files and bytes, why).

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const { basic, call, signIn, upload, importFile } = oneC(() => t);

async function session() {
  const key = await makeApiKey(t.db, ['catalogue.import'], '1С');
  const cookie = await signIn('catalog', basic('1c', key.secret));
  const { id } = await t.db
    .selectFrom('exchange_session')
    .select('id')
    .where('token_hash', '=', sha256(cookie))
    .executeTakeFirstOrThrow();
  return { cookie, id, key: key.id, dir: path.join(t.app.config.exchangeDir, id) };
}
const removals = async (id: string) =>
  (await auditOf(t.db, 'exchange.files_deleted')).filter((e) => e.entity_id === id);

describe('exchange session folders', () => {
  it('init empties the folder and audits the files it deleted; complete removes it', async () => {
    const s = await session();
    expect((await call('type=catalog&mode=init', { cookie: s.cookie })).text).toMatch(/^zip=yes/);
    expect(await removals(s.id)).toEqual([]);
    await upload(s.cookie, 'import.xml', Buffer.from('<x/>'));
    await upload(s.cookie, 'import_files/a/1.jpg', Buffer.alloc(100));
    await call('type=catalog&mode=init', { cookie: s.cookie });
    expect(fs.readdirSync(s.dir)).toEqual([]);
    const [init] = await removals(s.id);
    expect(init).toMatchObject({
      ...{ actor_type: 'api_key', actor_id: s.key, entity_type: 'exchange_session' },
      ...{ before: { files: 2, bytes: 104 }, after: { reason: 'init' } },
    });
    await upload(s.cookie, 'offers.xml', Buffer.from('<y/>'));
    expect((await call('type=catalog&mode=complete', { cookie: s.cookie })).text).toBe('success');
    expect(fs.existsSync(s.dir)).toBe(false);
    expect((await removals(s.id)).map((e) => e.after)).toEqual([{ reason: 'init' }, { reason: 'complete' }]);
  });

  it('a failed import removes the session folder', async () => {
    const s = await session();
    await call('type=catalog&mode=init', { cookie: s.cookie });
    await upload(
      s.cookie,
      'import.xml',
      Buffer.from('<?xml version="1.0"?><КоммерческаяИнформация><Каталог>'),
    );
    expect((await importFile(s.cookie, 'import.xml')).text).toMatch(/^failure\nФайл повреждён/);
    expect(fs.existsSync(s.dir)).toBe(false);
    expect((await removals(s.id)).map((e) => e.after)).toEqual([{ reason: 'failed' }]);
  });

  it('the sweep removes folders of ended sessions, keeps live and busy ones, fails abandoned jobs', async () => {
    const live = await session();
    const busy = await session();
    const revoked = await session();
    for (const s of [live, busy, revoked]) {
      await call('type=catalog&mode=init', { cookie: s.cookie });
      await upload(s.cookie, 'import.xml', Buffer.from('<x/>'));
    }
    await t.db.deleteFrom('exchange_session').where('id', '=', revoked.id).execute();
    const stray = path.join(t.app.config.exchangeDir, 'no-such-session');
    fs.mkdirSync(path.join(stray, 'import_files'), { recursive: true });
    fs.writeFileSync(path.join(stray, 'import_files', '1.jpg'), Buffer.alloc(10));
    const now = new Date();
    const at = now.toISOString();
    // busy: an import under way on a live instance; another session's job abandoned two minutes ago.
    const job = (session_id: string, heartbeat: Date) => ({
      ...{ id: newId(), session_id, filename: 'import.xml', state: 'running' as const, items: 0 },
      ...{ summary: null, warnings: null, answer: null, instance: 'x:1:a' },
      ...{ heartbeat_at: heartbeat.toISOString(), created_at: at, updated_at: at },
    });
    await t.db.insertInto('exchange_import').values(job(busy.id, now)).execute();
    await t.db
      .insertInto('exchange_import')
      .values(job(live.id, new Date(now.getTime() - JOB_TIMING.staleMs - 60_000)))
      .execute();
    // Old rows (a day) are forgotten.
    await t.db
      .insertInto('exchange_import')
      .values({
        ...job('gone', now),
        state: 'done',
        updated_at: new Date(now.getTime() - 86_400_000).toISOString(),
      })
      .execute();

    const report = await sweepExchange(t.db, t.app.config.exchangeDir, now);
    expect(report).toMatchObject({ foldersRemoved: 3, filesRemoved: 3, jobsFailed: 1, jobsForgotten: 1 });
    expect([live, busy, revoked].map((s) => fs.existsSync(s.dir))).toEqual([false, true, false]);
    expect((await removals(live.id)).map((e) => e.after)).toEqual([{ reason: 'failed' }]);
    expect(fs.existsSync(stray)).toBe(false);
    expect(await removals('no-such-session')).toMatchObject([
      { actor_type: 'system', actor_id: null, before: { files: 1, bytes: 10 }, after: { reason: 'sweep' } },
    ]);
    expect((await removals(revoked.id)).map((e) => e.after)).toEqual([{ reason: 'sweep' }]);
    const failed = await t.db
      .selectFrom('exchange_import')
      .select(['state', 'answer'])
      .where('session_id', '=', live.id)
      .executeTakeFirstOrThrow();
    expect(failed.state).toBe('failed');
    expect(failed.answer).toMatch(/^failure\nЗагрузка файла «import.xml» прервана/);
    // The live session's next poll gets that answer.
    expect((await importFile(live.cookie, 'import.xml')).text).toBe(failed.answer);

    // Past a session's lifetime the sessions are over: the busy one's folder goes once its job ended.
    await t.db.deleteFrom('exchange_import').where('session_id', '=', busy.id).execute();
    const later = new Date(now.getTime() + 13 * 3_600_000);
    expect((await sweepExchange(t.db, t.app.config.exchangeDir, later)).foldersRemoved).toBe(1);
    expect(fs.readdirSync(t.app.config.exchangeDir)).toEqual([]);
  });
});
