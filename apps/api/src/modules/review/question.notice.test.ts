import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminNotificationPage, ModeratedQuestion, MyQuestion } from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { productSkus, reviewFixtures } from '#app/test/review.fixtures.ts';
import { renderQuestionEmail, type QuestionNotice } from '#app/modules/notification/notification.question.ts';

// The customer hears when the shop answers their question (issue 35 item 5), on a real database (SQLite, or
// PostgreSQL with DATABASE_URL): one SMS (or the e-mail when they have an address) per answer through the
// notification outbox, in their language, with the product's questions link; none for an imported question; staff
// see it on «Уведомления» without an order.

let t: TestContext;
let f: ReturnType<typeof reviewFixtures>;
let product: { slug: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  f = reviewFixtures(t);
  const { slug } = (await productSkus(t, 1, 25))[0]!;
  const row = await t.db
    .selectFrom('product')
    .select('name')
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
  product = { slug, name: row.name };
});
afterAll(async () => {
  await t?.close();
});

/** A question of a new customer (with these contact details) about the product. @returns its id, the customer. */
async function asked(extra: { email?: string; language?: 'ru' | 'kk' } = {}) {
  const c = await f.customer('Жанар');
  if (Object.keys(extra).length)
    await t.db.updateTable('customer').set(extra).where('id', '=', c.id).execute();
  const r = await f.call<{ question: MyQuestion }>('POST', '/api/question/create', f.as(c.token), {
    productSlug: product.slug,
    text: 'Какая длина рукава у размера M?',
  });
  expect(r.status).toBe(200);
  const { mobile } = await t.db
    .selectFrom('customer')
    .select('mobile')
    .where('id', '=', c.id)
    .executeTakeFirstOrThrow();
  return { id: r.body.data.question.id, mobile };
}

const answer = (id: string, text: string) =>
  f.staff<{ question: ModeratedQuestion }>('POST', `/api/admin/questions/${id}/answer`, { text });

/** The question notices written to `recipient`, oldest first. */
const notices = (recipient: string) =>
  t.db
    .selectFrom('notification')
    .selectAll()
    .where('event', '=', 'question_answered')
    .where('recipient', '=', recipient)
    .orderBy('created_at')
    .execute();

describe('the notice of an answered question', () => {
  it('sends one SMS per answer with the product and its questions link; staff see it without an order', async () => {
    const q = await asked();
    expect((await answer(q.id, 'Длина рукава у размера M — 61 см.')).status).toBe(200);
    await t.app.notifier.settled();
    const [row] = await notices(q.mobile);
    expect(row).toMatchObject({ channel: 'sms', order_id: null, language: 'ru', status: 'sent' });
    const url = `${t.app.config.publicUrl}/product/${product.slug}#questions`;
    expect(row!.body_text).toBe(`Kiim: мы ответили на ваш вопрос о товаре «${product.name}»: ${url}`);

    // A second answer is a second notice; the same answer recorded twice would be one (unique per answer).
    expect((await answer(q.id, 'Уточнение: у размера L — 63 см.')).status).toBe(200);
    await t.app.notifier.settled();
    const rows = await notices(q.mobile);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.dedupe_key)).size).toBe(2);

    const list = await f.staff<AdminNotificationPage>(
      'GET',
      '/api/admin/notifications?status=sent&channel=sms',
    );
    expect(list.status).toBe(200);
    expect(list.body.data.items).toContainEqual(
      expect.objectContaining({ id: row!.id, orderNumber: null, event: 'question_answered' }),
    );
  });

  it('writes to a Kazakh-speaking customer in Kazakh, and by e-mail when they have an address', async () => {
    const kk = await asked({ language: 'kk' });
    expect((await answer(kk.id, 'Иә, 61 см.')).status).toBe(200);
    await t.app.notifier.settled();
    const [sms] = await notices(kk.mobile);
    expect(sms!.body_text).toMatch(/^Kiim: «.+» тауары туралы сұрағыңызға жауап бердік: http/);

    const withEmail = await asked({ email: 'zhanar@example.kz' });
    expect((await answer(withEmail.id, 'Длина рукава — 61 см.')).status).toBe(200);
    expect(await notices(withEmail.mobile)).toEqual([]);
    const [mail] = await notices('zhanar@example.kz');
    expect(mail).toMatchObject({ channel: 'email', order_id: null });
    const email = await renderQuestionEmail(JSON.parse(mail!.payload) as QuestionNotice, 'ru');
    expect(email.subject).toBe('Kiim: ответ на ваш вопрос');
    expect(email.text).toContain('Ваш вопрос: Какая длина рукава у размера M?');
    expect(email.text).toContain('Ответ: Длина рукава — 61 см.');
    expect(email.html).toContain(`/product/${product.slug}#questions`);
  });

  it('sends nothing for a question without a customer (imported) or of a blocked customer', async () => {
    const before = await t.db
      .selectFrom('notification')
      .select('id')
      .where('event', '=', 'question_answered')
      .execute();
    const imported = await asked();
    await t.db
      .updateTable('question')
      .set({ customer_id: null, source: 'import' })
      .where('id', '=', imported.id)
      .execute();
    expect((await answer(imported.id, 'Ответ без адресата.')).status).toBe(200);
    const blocked = await asked();
    await t.db
      .updateTable('customer')
      .set({ blocked_at: new Date().toISOString(), blocked_reason: 'спам' })
      .where('mobile', '=', blocked.mobile)
      .execute();
    expect((await answer(blocked.id, 'Ответ заблокированному.')).status).toBe(200);
    await t.app.notifier.settled();
    const after = await t.db
      .selectFrom('notification')
      .select('id')
      .where('event', '=', 'question_answered')
      .execute();
    expect(after).toHaveLength(before.length);
  });
});
