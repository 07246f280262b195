// The demo reviews and questions, built in memory from the demo products, deterministically (own generator:
// the catalogue's rows do not change). They are *imported* rows (`source = 'import'`): reviews and questions
// the shop brought with it, with an author's name but no customer account and no order behind them — so they
// never show as «Покупка подтверждена», never block a real customer's own review of the product, and the demo
// needs no invented customers or orders (the test template and every fresh shop stay free of them).
import type { Insertable } from 'kysely';
import type { Database } from '#app/db/database.ts';
import { createRng, type Rng } from './seed.random.ts';
import {
  AUTHOR_NAMES,
  DELIVERY_SENTENCES,
  DETAILS,
  FIT_SENTENCES,
  OPENINGS,
  QUESTIONS,
  SURNAME_INITIALS,
} from './seed.reviews-data.ts';

/** What a demo review or question needs of its product. */
export interface FeedbackProduct {
  id: number;
  kind: number;
  gender: number;
  composition: string;
  care: string;
}

/** Rows of the demo reviews and questions, table by table. */
export interface DemoFeedback {
  review: Insertable<Database['review']>[];
  question: Insertable<Database['question']>[];
  question_answer: Insertable<Database['question_answer']>[];
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Share of products with reviews, and with questions. */
const REVIEWED_SHARE = 0.35;
const ASKED_SHARE = 0.15;
/** Ratings 1…5 weighted as real shops see them: most are 4–5. */
const RATING_WEIGHTS = [4, 6, 12, 28, 50] as const;

/** A valid UUID (version 4 layout) made from a kind digit and a counter: deterministic ids. */
const demoId = (kind: number, n: number) =>
  `d${kind}000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** `{f|m}` → the feminine (gender 0) or masculine (1) form. */
const inflect = (text: string, gender: number) =>
  text.replace(/\{([^|}]*)\|([^}]*)\}/g, (_, f: string, m: string) => (gender === 0 ? f : m));

function weighted(rng: Rng, weights: readonly number[]): number {
  let roll = rng.next() * weights.reduce((s, w) => s + w, 0);
  for (let i = 0; i < weights.length; i++) {
    roll -= weights[i]!;
    if (roll < 0) return i;
  }
  return weights.length - 1;
}

/** «Айгерим К.» of the author's gender. */
const authorName = (rng: Rng, gender: number) =>
  `${rng.pick(AUTHOR_NAMES[gender] ?? AUTHOR_NAMES[0]!)} ${rng.pick(SURNAME_INITIALS)}.`;

/** A moment in the 150 days before `now` (at least a day before it). */
const pastMoment = (rng: Rng, now: Date) =>
  new Date(now.getTime() - rng.int(1, 150) * DAY_MS - rng.int(0, 23) * HOUR_MS);

/** The text of a review: an opening by rating, for a good one a detail of the garment, the fit, maybe delivery. */
function reviewText(
  rng: Rng,
  p: FeedbackProduct,
  rating: number,
  fit: keyof typeof FIT_SENTENCES | null,
): string {
  const parts = [rng.pick(OPENINGS[rating - 1]!)];
  if (rating >= 3 && rng.chance(0.7)) parts.push(rng.pick(DETAILS[p.kind] ?? DETAILS[3]!));
  if (fit) parts.push(rng.pick(FIT_SENTENCES[fit]));
  if (rating >= 4 && rng.chance(0.3)) parts.push(rng.pick(DELIVERY_SENTENCES));
  return inflect(parts.join(' '), p.gender);
}

/** The published demo reviews of one product (1–6). */
function reviewsOf(rng: Rng, p: FeedbackProduct, now: Date, next: () => number): DemoFeedback['review'] {
  const count = 1 + weighted(rng, [3, 4, 3, 2, 1, 1]);
  return Array.from({ length: count }, () => {
    const rating = 1 + weighted(rng, RATING_WEIGHTS);
    const fit = rng.chance(0.7)
      ? (['small', 'true_to_size', 'large'] as const)[weighted(rng, [2, 6, 2])]!
      : null;
    const created = pastMoment(rng, now);
    const published = new Date(created.getTime() + rng.int(2, 30) * HOUR_MS).toISOString();
    return {
      id: demoId(0, next()),
      product_id: p.id,
      customer_id: null,
      order_id: null,
      source: 'import',
      author_name: authorName(rng, p.gender),
      rating,
      fit,
      body: reviewText(rng, p, rating, fit),
      status: 'published',
      rejection_reason: null,
      helpful_count: Math.floor(rng.next() ** 2 * 15),
      moderated_by: null,
      moderated_at: published,
      published_at: published,
      created_at: created.toISOString(),
      updated_at: published,
    };
  });
}

/** The published, answered demo questions of one product (1–2). */
function questionsOf(rng: Rng, p: FeedbackProduct, now: Date, next: () => number, out: DemoFeedback): void {
  const fitting = QUESTIONS.filter((q) => !q.kinds || q.kinds.includes(p.kind));
  for (const q of rng.sample(fitting, rng.chance(0.3) ? 2 : 1)) {
    const n = next();
    const created = pastMoment(rng, now);
    const answered = new Date(created.getTime() + rng.int(1, 20) * HOUR_MS).toISOString();
    out.question.push({
      id: demoId(1, n),
      product_id: p.id,
      customer_id: null,
      source: 'import',
      author_name: authorName(rng, rng.chance(0.5) ? 0 : 1),
      body: q.question,
      status: 'published',
      rejection_reason: null,
      moderated_by: null,
      moderated_at: answered,
      published_at: answered,
      created_at: created.toISOString(),
      updated_at: answered,
    });
    out.question_answer.push({
      id: demoId(2, n),
      question_id: demoId(1, n),
      body: q.answer.replace('{composition}', p.composition).replace(
        '{care}',
        p.care.replace(/^./, (c) => c.toLowerCase()),
      ),
      author_name: 'Команда Kiim',
      answered_by: null,
      created_at: answered,
      updated_at: answered,
    });
  }
}

/**
 * Demo reviews (on about a third of the products, 1–6 each, ratings mostly 4–5, fit answered in most) and answered
 * questions (on about a sixth, 1–2 each), all published and imported, dated in the 150 days before `now`.
 * Deterministic: the same products and `now` give the same rows.
 */
export function buildDemoFeedback(products: readonly FeedbackProduct[], now: Date): DemoFeedback {
  const rng = createRng(20261203);
  const out: DemoFeedback = { review: [], question: [], question_answer: [] };
  let reviewSeq = 0;
  let questionSeq = 0;
  for (const p of products) {
    if (rng.chance(REVIEWED_SHARE)) out.review.push(...reviewsOf(rng, p, now, () => ++reviewSeq));
    if (rng.chance(ASKED_SHARE)) questionsOf(rng, p, now, () => ++questionSeq, out);
  }
  return out;
}
