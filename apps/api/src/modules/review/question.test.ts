import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  ReviewErrorCode,
  StaffErrorCode,
  type StaffRole,
  type ModeratedQuestion,
  type MyQuestion,
  type QuestionPage,
} from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { expectRefused } from '#app/test/inject.ts';
import { productSkus, reviewFixtures } from '#app/test/review.fixtures.ts';
import { auditOf } from '#app/test/staff.fixtures.ts';

// Questions (issue 10): any signed-in customer asks about an active product; staff publish, answer or reject
// them; the public sees published ones with their answers; authors see theirs with status and reason.

let t: TestContext;
let f: ReturnType<typeof reviewFixtures>;
let slug: string;

beforeAll(async () => {
  t = await createTestApp();
  f = reviewFixtures(t);
  slug = (await productSkus(t, 1, 25))[0]!.slug;
});
afterAll(async () => {
  await t?.close();
});

const ask = (token: string | undefined, body: unknown) =>
  f.call<{ question: MyQuestion }>('POST', '/api/question/create', token ? f.as(token) : {}, body);
const publicPage = async (query = '') =>
  (await f.call<QuestionPage>('GET', `/api/question/product/${slug}${query}`)).body.data;
const staff = (
  id: string,
  step: 'publish' | 'reject' | 'answer',
  body?: unknown,
  role: StaffRole | null = 'manager',
) => f.staff<{ question: ModeratedQuestion }>('POST', `/api/admin/questions/${id}/${step}`, body, role);

describe('questions', () => {
  it('a visitor gets 401; any customer may ask (no order needed); bad input → 400 with field errors', async () => {
    const text = 'Подскажите, эта модель садится после стирки?';
    await expectRefused(f.counts, 401, ErrorCode.unauthorized, () =>
      ask(undefined, { productSlug: slug, text }),
    );
    expect((await f.call('GET', '/api/question/my')).status).toBe(401);
    const c = await f.customer('Гульнара');
    for (const [body, field] of [
      [{ productSlug: slug, text: 'Садится?' }, 'text'],
      [{ productSlug: slug, text: 'в'.repeat(1001) }, 'text'],
      [{ productSlug: slug }, 'text'],
      [{ text }, 'productSlug'],
    ] as const) {
      const before = await f.counts();
      const r = await ask(c.token, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(r.body.errors ?? {})).toContain(field);
      expect(await f.counts()).toEqual(before);
    }
    await expectRefused(f.counts, 404, ErrorCode.notFound, () =>
      ask(c.token, { productSlug: 'no-such-product', text }),
    );
    const r = await ask(c.token, { productSlug: slug, text });
    expect(r.status).toBe(200);
    expect(r.body.data.question).toMatchObject({
      status: 'pending',
      text,
      answers: [],
      rejectionReason: null,
    });
    expect(r.body.data.question.product.slug).toBe(slug);
  });

  it('answered by the shop: the answer publishes it; the public and the author see it with the answer', async () => {
    const author = await f.customer('Жанар');
    const text = 'Какая длина рукава у размера M?';
    const { id } = (await ask(author.token, { productSlug: slug, text })).body.data.question;
    expect((await publicPage('?pageSize=50')).items.map((q) => q.id)).not.toContain(id);
    const someone = await f.customer('Арман');
    expect(
      (await f.call<{ items: MyQuestion[] }>('GET', '/api/question/my', f.as(someone.token))).body.data.items,
    ).toEqual([]);

    await expectRefused(f.counts, 401, StaffErrorCode.signedOut, () =>
      staff(id, 'answer', { text: 'Ответ' }, null),
    );
    await expectRefused(f.counts, 403, StaffErrorCode.permissionDenied, () =>
      staff(id, 'answer', { text: 'Ответ' }, 'warehouse'),
    );
    const answerText = 'Длина рукава у размера M — 61 см от плечевого шва.';
    const answered = await staff(id, 'answer', { text: answerText });
    expect(answered.status).toBe(200);
    const audited = (await auditOf(t.db, 'question.answered')).filter((e) => e.entity_id === id);
    expect(audited).toHaveLength(1);
    expect(audited[0]!.after).toMatchObject({ text: answerText });
    expect((await auditOf(t.db, 'question.published')).map((e) => e.entity_id)).toContain(id);
    expect(answered.body.data.question).toMatchObject({
      status: 'published',
      authorName: 'Жанар К.',
      source: 'customer',
    });
    expect(answered.body.data.question.answers).toEqual([
      expect.objectContaining({ text: answerText, authorName: 'Команда Kiim' }),
    ]);

    const shown = (await publicPage('?pageSize=50')).items.find((q) => q.id === id);
    expect(shown).toMatchObject({
      text,
      authorName: 'Жанар К.',
      answers: [expect.objectContaining({ text: answerText })],
    });
    const mine = await f.call<{ items: MyQuestion[]; total: number }>(
      'GET',
      '/api/question/my',
      f.as(author.token),
    );
    expect(mine.body.data).toMatchObject({
      total: 1,
      items: [expect.objectContaining({ id, status: 'published' })],
    });
    await expectRefused(f.counts, 409, ReviewErrorCode.moderationConflict, () => staff(id, 'publish'));
  });

  it('rejected with a reason: not public, the author sees why; a rejected question cannot be answered', async () => {
    const author = await f.customer('Айдос');
    const { id } = (
      await ask(author.token, { productSlug: slug, text: 'Есть ли эта куртка в другом магазине?' })
    ).body.data.question;
    const queue = await f.staff<{ items: ModeratedQuestion[] }>('GET', '/api/admin/questions?pageSize=100');
    expect(queue.body.data.items.map((q) => q.id)).toContain(id);
    const reason = 'Вопрос не о товаре: наличие в магазинах смотрите на странице «Магазины»';
    const rejected = await staff(id, 'reject', { reason });
    expect(rejected.body.data.question).toMatchObject({ status: 'rejected', rejectionReason: reason });
    expect((await publicPage('?pageSize=50')).items.map((q) => q.id)).not.toContain(id);
    const mine = await f.call<{ items: MyQuestion[] }>('GET', '/api/question/my', f.as(author.token));
    expect(mine.body.data.items[0]).toMatchObject({ id, status: 'rejected', rejectionReason: reason });
    await expectRefused(f.counts, 409, ReviewErrorCode.moderationConflict, () =>
      staff(id, 'answer', { text: 'Ответ магазина' }),
    );
    await expectRefused(f.counts, 404, ReviewErrorCode.questionNotFound, () =>
      staff('00000000-0000-4000-8000-000000000000', 'publish'),
    );
    const rejectedQueue = await f.staff<{ items: ModeratedQuestion[] }>(
      'GET',
      '/api/admin/questions?status=rejected',
    );
    expect(rejectedQueue.body.data.items.every((q) => q.status === 'rejected')).toBe(true);
    expect((await f.staff('GET', '/api/admin/questions?status=unknown')).status).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('lists every review, question and moderation route with tags, a summary and its security', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    type Op = { tags?: string[]; summary?: string; security?: Record<string, unknown>[] };
    const doc = res.json() as { paths: Record<string, Partial<Record<'get' | 'post', Op>>> };
    const routes: [string, 'get' | 'post', string | null][] = [
      ['/api/review/product/{slug}/summary', 'get', null],
      ['/api/review/product/{slug}', 'get', null],
      ['/api/review/create', 'post', 'customerToken'],
      ['/api/review/my', 'get', 'customerToken'],
      ['/api/review/{id}/helpful', 'post', 'customerToken'],
      ['/api/question/product/{slug}', 'get', null],
      ['/api/question/create', 'post', 'customerToken'],
      ['/api/question/my', 'get', 'customerToken'],
      ['/api/admin/reviews', 'get', 'staffSession'],
      ['/api/admin/reviews/{id}/publish', 'post', 'staffSession'],
      ['/api/admin/reviews/{id}/reject', 'post', 'staffSession'],
      ['/api/admin/questions', 'get', 'staffSession'],
      ['/api/admin/questions/{id}/publish', 'post', 'staffSession'],
      ['/api/admin/questions/{id}/reject', 'post', 'staffSession'],
      ['/api/admin/questions/{id}/answer', 'post', 'staffSession'],
    ];
    for (const [path, method, scheme] of routes) {
      const op = doc.paths[path]?.[method];
      expect(op, path).toBeDefined();
      expect(op!.tags?.length, path).toBeGreaterThan(0);
      expect(op!.summary, path).toBeTruthy();
      expect(op!.security?.map((s) => Object.keys(s)[0]) ?? [], path).toEqual(scheme ? [scheme] : []);
    }
  });
});
