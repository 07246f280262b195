import { z } from 'zod';

// Kaspi Merchant API v2 (Kaspi Магазин orders) as Kiim speaks it — from the seller guide and open-source clients
// (kaspi.md C; issue 33 Part B item 6). Everything protocol-specific is here: paths, the answers' shapes (tolerant
// of enum values Kaspi adds later) and the request documents. Correct it here, and tools/kaspi-simulator/merchant.*
// to match, when Kaspi's contract changes.

/** The JSON:API media type every call sends and accepts. */
export const JSONAPI = 'application/vnd.api+json';

/** Most orders Kaspi gives per page (more → 400). */
export const PAGE_SIZE = 100;

/** Order states Kiim imports (kaspi.md C: waiting for the merchant). */
export const IMPORT_STATES = ['NEW', 'SIGN_REQUIRED', 'PICKUP', 'DELIVERY'] as const;

/** Paths relative to KASPI_SHOP_API_URL (`…/shop/api/v2`). Times are epoch ms. */
export const SHOP_PATHS = {
  orders: (page: number, fromMs: number, toMs: number, state: string) =>
    `orders?page[number]=${page}&page[size]=${PAGE_SIZE}` +
    `&filter[orders][creationDate][$ge]=${fromMs}&filter[orders][creationDate][$le]=${toMs}` +
    `&filter[orders][state]=${encodeURIComponent(state)}&include[orders]=user`,
  entries: (orderId: string) => `orders/${encodeURIComponent(orderId)}/entries`,
  action: 'orders',
} as const;

const id = z.union([z.string().regex(/^[\w-]{1,40}$/), z.number().int().nonnegative()]).transform(String);
/** An enum value we may not know yet: kept as text, never a failure (kaspi.md C, "Read unknown values"). */
const word = z.string().max(80);
const tenge = z.number().nonnegative().max(1_000_000_000).transform(Math.round);

/** One order of a list page. */
const order = z.object({
  type: z.literal('orders'),
  id,
  attributes: z.object({
    code: z.union([z.string().min(1).max(40), z.number().int()]).transform(String),
    state: word,
    status: word,
    creationDate: z.number().int().nonnegative(),
    totalPrice: tenge,
    pickupPointId: z.string().max(80).nullish(),
    deliveryMode: word.nullish(),
    customer: z
      .object({ cellPhone: z.string().max(20).nullish() })
      .passthrough()
      .nullish(),
    cancellationReason: word.nullish(),
  }),
});
export type ShopOrderDoc = z.infer<typeof order>;

/** The validated answers. */
export const shopAnswers = {
  orders: z.object({
    data: z.array(order).max(PAGE_SIZE),
    meta: z.object({ pageCount: z.number().int().min(0).max(10_000) }),
  }),
  entries: z.object({
    data: z
      .array(
        z.object({
          id,
          attributes: z.object({
            quantity: z.number().int().min(1).max(1000),
            basePrice: tenge,
            totalPrice: tenge,
            offer: z.object({ code: z.string().min(1).max(100), name: z.string().max(500).nullish() }),
          }),
        }),
      )
      .min(1)
      .max(200),
  }),
  action: z.object({ data: order }),
};

/** The three reasons a merchant may cancel with (kaspi.md C). */
export const SHOP_CANCEL_REASONS = [
  'BUYER_CANCELLATION_BY_MERCHANT',
  'BUYER_NOT_REACHABLE',
  'MERCHANT_OUT_OF_STOCK',
] as const;
export type ShopCancelReason = (typeof SHOP_CANCEL_REASONS)[number];

/** The action document of `POST /orders` (kaspi.md C, Actions). */
export function actionDocument(
  orderId: string,
  code: string,
  status: 'ACCEPTED_BY_MERCHANT' | 'COMPLETED' | 'CANCELLED',
  cancel?: { reason: ShopCancelReason; comment?: string },
) {
  return {
    data: {
      type: 'orders',
      id: orderId,
      attributes: {
        code,
        status,
        ...(cancel
          ? {
              cancellationReason: cancel.reason,
              ...(cancel.comment ? { cancellationComment: cancel.comment.slice(0, 1000) } : {}),
            }
          : {}),
      },
    },
  };
}

/** A JSON:API error answer (JSON:API 1.0 error objects: optional `code`, `title`, `detail`). */
const errorAnswer = z.object({
  errors: z
    .array(
      z.looseObject({
        code: z.union([z.string().max(80), z.number()]).optional(),
        title: z.string().max(1000).optional(),
        detail: z.string().max(1000).optional(),
      }),
    )
    .max(20),
});

/**
 * Structured error codes (`errors[].code`) that mean "the buyer's security code is wrong". Kaspi's seller guide and
 * the open-source clients (kaspi.md C) name none, so the set is empty and {@link isWrongSecurityCode} falls back
 * to the error's text. Add Kaspi's code here when its partner documentation gives one.
 */
export const WRONG_SECURITY_CODES: ReadonlySet<string> = new Set<string>();

/** Text naming a wrong buyer's code: "wrong/invalid/incorrect security code", "security code … wrong", «неверный код». */
const WRONG_CODE_TEXT =
  /\b(wrong|invalid|incorrect|bad)\s+(sms[\s_-]?)?(security[\s_-]?)?code\b|\bsecurity[\s_-]?code\b.{0,40}\b(wrong|invalid|incorrect|mismatch|does not match)|неверн\S*\s+(смс-)?код/i;

/**
 * Whether a refused completion (HTTP 400, body `body` as Kaspi sent it) means the buyer's security code was
 * wrong: a structured `errors[].code` in {@link WRONG_SECURITY_CODES} first; else, as a fallback, an error's
 * title or detail (or the raw body when it is not JSON:API) matching WRONG_CODE_TEXT. An order code that does not
 * match, a missing header or "no code was sent" are not a wrong buyer's code.
 */
export function isWrongSecurityCode(body: string): boolean {
  let parsed: z.infer<typeof errorAnswer> | null = null;
  try {
    const r = errorAnswer.safeParse(JSON.parse(body));
    if (r.success) parsed = r.data;
  } catch {
    /* not JSON: the text fallback reads the raw body */
  }
  if (parsed?.errors.some((e) => e.code !== undefined && WRONG_SECURITY_CODES.has(String(e.code))))
    return true;
  const text = parsed ? parsed.errors.map((e) => `${e.title ?? ''} ${e.detail ?? ''}`).join(' ') : body;
  return WRONG_CODE_TEXT.test(text);
}
