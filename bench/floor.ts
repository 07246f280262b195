// The floor of the benchmark: a bare Fastify app in a process of its own on the same machine, answering
// `GET /` with a tiny JSON and `GET /body` with the bytes of the file FLOOR_BODY_FILE (the listing's own answer,
// sent as ready bytes). Every API figure is reported beside it (bench/run.ts), so results read across machines
// and the cost of moving and reading a listing's bytes is told apart from the cost of the shop's work.
import fs from 'node:fs';
import Fastify from 'fastify';

const body = process.env.FLOOR_BODY_FILE ? fs.readFileSync(process.env.FLOOR_BODY_FILE) : Buffer.from('{}');
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
app.get('/body', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
