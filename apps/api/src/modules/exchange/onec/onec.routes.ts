import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import {
  appendPart,
  endsDocument,
  fileIn,
  FILE_LIMIT,
  filenameProblem,
  hasFile,
  resetDir,
} from './onec.files.ts';
import { dropSessionFiles, sessionDir } from './onec.folders.ts';
import { importStep, importsEnded } from './onec.job.ts';
import { ExchangeFileError } from './onec.parse.ts';
import { saleQuery, saleSuccess } from './onec.orders.ts';
import { applyStatusFile } from './onec.status.ts';
import { checkAuth, EXCHANGE_COOKIE, sessionActor, sessionOf, type ExchangeSession } from './onec.session.ts';

// Any query is accepted by the schema and answered in the protocol's plain text (issue 28 item 8): 1C shows the
// answer's second line to its user, a JSON 400 would read as «unknown answer».
const Query = z.object({
  type: z.string().optional(),
  mode: z.string().optional(),
  filename: z.string().optional(),
});
const TYPES = ['catalog', 'sale'] as const;

const DESCRIPTION =
  'The 1C:Enterprise «обмен с сайтом» (CommerceML 2), answered as text/plain lines. type=catalog: checkauth (HTTP ' +
  'Basic: a staff e-mail and password — role with catalogue.edit, no two-factor — or any user name and an API key ' +
  'with scope catalogue.import as the password) → `success`, cookie name, value; init → `zip=yes`, `file_limit`; ' +
  'file&filename= (POST, in parts, zip accepted) → `success`; import&filename=import.xml|offers.xml → `progress` while ' +
  'working, then `success` or `failure` and the reason (nothing changed). type=sale (orders.update / scope ' +
  'orders.status): query → orders new or changed since 1C took them, as CommerceML; success → the versions shown are ' +
  'marked taken; file (POST) → order documents applied through the state machine, a line per document.';

/** Where a session keeps the order documents 1C sends (`type=sale&mode=file`, in parts), whatever it names them. */
const SALE_FILE = 'orders.xml';

const text = (reply: FastifyReply, body: string) => reply.type('text/plain; charset=utf-8').send(body);

async function catalogStep(
  request: FastifyRequest,
  s: ExchangeSession,
  q: { mode: string; filename?: string | undefined },
) {
  const { config, db, clock } = request.server;
  const dir = sessionDir(config.exchangeDir, s.id);
  const actor = sessionActor(request, s);
  if (q.mode === 'init') {
    await dropSessionFiles(db, actor, config.exchangeDir, s.id, 'init');
    return `zip=yes\nfile_limit=${FILE_LIMIT}`;
  }
  // The end of an exchange (complete) and 1C's «deactivate what was not in the exchange» (deactivate): the full
  // import already unpublished what it did not list, so both only confirm; `complete` removes the session's files.
  if (q.mode === 'complete') await dropSessionFiles(db, actor, config.exchangeDir, s.id, 'complete');
  if (q.mode === 'complete' || q.mode === 'deactivate') return 'success';
  if (q.mode !== 'file' && q.mode !== 'import')
    return `failure\nРежим «${q.mode.slice(0, 50)}» не поддерживается для type=catalog`;
  const problem = filenameProblem(q.filename ?? '');
  if (problem) return `failure\n${problem}`;
  const filename = q.filename!;
  if (q.mode === 'file') {
    if (Number(request.headers['content-length'] ?? 0) > FILE_LIMIT)
      return 'failure\nЧасть файла больше file_limit';
    await appendPart(dir, filename, request.body as Readable);
    return 'success';
  }
  const session = {
    ...{ id: s.id, dir, mediaDir: config.mediaDir, now: () => clock.now() },
    log: (e: unknown) => request.log.error(e),
    onFailed: async () => void (await dropSessionFiles(db, actor, config.exchangeDir, s.id, 'failed')),
  };
  return importStep(db, session, filename, actor);
}

async function saleStep(request: FastifyRequest, reply: FastifyReply, s: ExchangeSession, mode: string) {
  const { config, db } = request.server;
  const dir = sessionDir(config.exchangeDir, s.id);
  const actor = sessionActor(request, s);
  if (mode === 'init') {
    await dropSessionFiles(db, actor, config.exchangeDir, s.id, 'init');
    return text(reply, `zip=no\nfile_limit=${FILE_LIMIT}`);
  }
  if (mode === 'query') return reply.type('application/xml; charset=utf-8').send(await saleQuery(request, s));
  if (mode === 'success') return text(reply, await saleSuccess(request, s));
  if (mode === 'complete') return text(reply, 'success');
  if (mode === 'file') {
    if (Number(request.headers['content-length'] ?? 0) > FILE_LIMIT)
      return text(reply, 'failure\nЧасть файла больше file_limit');
    await appendPart(dir, SALE_FILE, request.body as Readable);
    // Not the last part yet (issue 28 item 12): keep it and wait for the rest.
    if (!(await endsDocument(fileIn(dir, SALE_FILE)))) return text(reply, 'success');
  }
  // The file is whole (its last part came), or 1C asks to import what it sent: apply it once, then forget it.
  if (mode === 'file' || mode === 'import') {
    if (!(await hasFile(dir, SALE_FILE))) return text(reply, 'success');
    const answer = await applyStatusFile(request, fileIn(dir, SALE_FILE), actor);
    await resetDir(dir);
    return text(reply, answer);
  }
  return text(reply, `failure\nРежим «${mode.slice(0, 50)}» не поддерживается для type=sale`);
}

/** `GET|POST /api/exchange/1c`: the 1C exchange protocol. */
export const oneCRoutes: FastifyPluginAsyncZod = async (app) => {
  app.closing.onStop('1C imports', () => importsEnded(app.db));
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.query as z.infer<typeof Query>;
    const type = TYPES.find((t) => t === raw.type);
    if (!type)
      return text(
        reply,
        `failure\nНеизвестный тип обмена «${(raw.type ?? '').slice(0, 50)}»: ожидается catalog или sale`,
      );
    const q = { ...raw, type, mode: raw.mode ?? '' };
    if (q.mode === 'checkauth') {
      const r = await checkAuth(request, q.type);
      return text(reply, 'token' in r ? `success\n${EXCHANGE_COOKIE}\n${r.token}` : `failure\n${r.refused}`);
    }
    const s = await sessionOf(request, q.type);
    if (!s) return text(reply, 'failure\nСессия обмена не найдена или истекла: выполните checkauth');
    try {
      if (q.type === 'sale') return await saleStep(request, reply, s, q.mode);
      return text(reply, await catalogStep(request, s, q));
    } catch (e) {
      if (e instanceof ExchangeFileError) return text(reply, `failure\n${e.message}`);
      throw e;
    }
  };
  const schema = {
    tags: ['1C exchange'],
    summary: '1C CommerceML exchange',
    description: DESCRIPTION,
    querystring: Query,
  };
  app.get('/1c', { schema }, handler);
  app.post('/1c', { schema }, handler);
};
