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

/** A JSON:API error answer (JSON:API 1.1 error objects: optional `status`, `code`, `title`, `detail`, `source`). */
const errorAnswer = z.object({
  errors: z
    .array(
      z.looseObject({
        status: z.union([z.string().max(10), z.number()]).optional(),
        code: z.union([z.string().max(80), z.number()]).optional(),
        title: z.string().max(1000).optional(),
        detail: z.string().max(1000).optional(),
        source: z
          .looseObject({
            header: z.string().max(80).optional(),
            parameter: z.string().max(80).optional(),
            pointer: z.string().max(200).optional(),
          })
          .optional(),
      }),
    )
    .max(20),
});

/**
 * The `errors[].code` of each refusal of a completion as Kiim's simulator sends them (tools/kaspi-simulator). The
 * seller guide and the open-source clients (kaspi.md C) name no codes: these are Kiim's, and Kaspi's real ones
 * go here (and into the simulator) once its partner documentation gives them.
 */
export const SHOP_ERROR_CODES = {
  /** The buyer's security code does not match the one Kaspi texted. */
  wrongSecurityCode: 'INVALID_SECURITY_CODE',
  /** Completion asked before any code was texted to the buyer. */
  codeNotSent: 'SECURITY_CODE_NOT_SENT',
  /** Neither X-Send-Code nor X-Security-Code given. */
  codeHeaderMissing: 'SECURITY_CODE_REQUIRED',
  /** The order code in the document is not the order's. */
  orderCodeMismatch: 'ORDER_CODE_MISMATCH',
  /** The order's status does not allow the action. */
  wrongTransition: 'INVALID_STATUS_TRANSITION',
} as const;

/** Structured codes (`errors[].code`) that mean "the buyer's security code is wrong" (see SHOP_ERROR_CODES). */
export const WRONG_SECURITY_CODES: ReadonlySet<string> = new Set<string>([
  SHOP_ERROR_CODES.wrongSecurityCode,
]);

/** Codes known to mean another refusal: an error carrying one is never read as a wrong code by its text. */
const OTHER_REFUSAL_CODES: ReadonlySet<string> = new Set<string>(
  Object.values(SHOP_ERROR_CODES).filter((c) => !WRONG_SECURITY_CODES.has(c)),
);

/** Text naming a wrong buyer's code: "wrong/invalid/incorrect security code", "security code … wrong", «неверный код». */
const WRONG_CODE_TEXT =
  /\b(wrong|invalid|incorrect|bad)\s+(sms[\s_-]?)?(security[\s_-]?)?code\b|\bsecurity[\s_-]?code\b.{0,40}\b(wrong|invalid|incorrect|mismatch|does not match)|неверн\S*\s+(смс-)?код/i;

/** HTTP statuses a refused completion of a wrong code may come with (JSON:API: 400 or 422). */
const REFUSAL_STATUSES = new Set([400, 422]);

/**
 * Whether a refused completion (HTTP `httpStatus`, body `body` as Kaspi sent it) means the buyer's security code
 * was wrong. Only a 400 or 422 can; then, per JSON:API error object (its own `status`, when given, also 400/422):
 * a `code` in {@link WRONG_SECURITY_CODES} is a wrong code and a code of another known refusal is not; an object
 * without a known code is read by its title and detail (WRONG_CODE_TEXT — the fallback while Kaspi's codes are
 * unknown); a body that is not JSON:API by its raw text. An order code that does not match, a missing header or
 * "no code was sent" are not a wrong buyer's code.
 */
export function isWrongSecurityCode(httpStatus: number, body: string): boolean {
  if (!REFUSAL_STATUSES.has(httpStatus)) return false;
  let parsed: z.infer<typeof errorAnswer> | null = null;
  try {
    const r = errorAnswer.safeParse(JSON.parse(body));
    if (r.success) parsed = r.data;
  } catch {
    /* not JSON: the text fallback reads the raw body */
  }
  if (!parsed) return WRONG_CODE_TEXT.test(body);
  return parsed.errors.some((e) => {
    if (e.status !== undefined && !REFUSAL_STATUSES.has(Number(e.status))) return false;
    const code = e.code === undefined ? undefined : String(e.code);
    if (code !== undefined && WRONG_SECURITY_CODES.has(code)) return true;
    if (code !== undefined && OTHER_REFUSAL_CODES.has(code)) return false;
    return WRONG_CODE_TEXT.test(`${e.title ?? ''} ${e.detail ?? ''}`);
  });
}
