import type { z } from 'zod';
import {
  actionDocument,
  IMPORT_STATES,
  JSONAPI,
  SHOP_PATHS,
  shopAnswers,
  type ShopCancelReason,
  type ShopOrderDoc,
} from './kaspi.merchant.protocol.ts';

// The shop's Kaspi Merchant API adapter: HTTP and validation around kaspi.merchant.protocol.ts. Every answer is
// read through zod; a refusal, an HTTP error or a malformed answer is a KaspiShopError, never a crash.

/** Kaspi refused (`httpStatus` 4xx) or did not answer well (network, 5xx, shape). */
export class KaspiShopError extends Error {
  constructor(
    message: string,
    readonly httpStatus?: number,
    /** The body of a refusal as Kaspi sent it (first 2,000 characters), for {@link isWrongSecurityCode}. */
    readonly body?: string,
  ) {
    super(message);
    this.name = 'KaspiShopError';
  }
}

/** Where and how to reach the Merchant API (KASPI_SHOP_API_URL, KASPI_SHOP_TOKEN). */
export interface KaspiShopConfig {
  apiUrl: string;
  token: string;
  timeoutMs?: number;
}

/** One line of a Kaspi order: the merchant's SKU, quantity, unit price in tenge. */
export interface KaspiShopLine {
  sku: string;
  quantity: number;
  price: number;
}

/** The Merchant API as the shop uses it. Every method throws {@link KaspiShopError}. */
export interface KaspiShop {
  /** Orders created in [fromMs, toMs] (epoch ms) in the importable states, all pages. */
  listOrders(fromMs: number, toMs: number, states?: readonly string[]): Promise<ShopOrderDoc[]>;
  entries(orderId: string): Promise<KaspiShopLine[]>;
  accept(orderId: string, code: string): Promise<ShopOrderDoc>;
  /** Completion step 1: Kaspi texts the buyer a code. */
  sendCode(orderId: string, code: string): Promise<ShopOrderDoc>;
  /** Completion step 2 with the buyer's code; a wrong code → KaspiShopError with httpStatus 400. */
  complete(orderId: string, code: string, securityCode: string): Promise<ShopOrderDoc>;
  cancel(orderId: string, code: string, reason: ShopCancelReason, comment?: string): Promise<ShopOrderDoc>;
}

/** The adapter for the configured Merchant API (Kaspi or the simulator). */
export function createKaspiShop(config: KaspiShopConfig): KaspiShop {
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${config.apiUrl.replace(/\/+$/, '')}/${path}`, {
        method,
        headers: {
          'X-Auth-Token': config.token,
          Accept: JSONAPI,
          ...(body === undefined ? {} : { 'Content-Type': JSONAPI }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
      });
      text = await res.text();
    } catch (err) {
      throw new KaspiShopError(`Kaspi Магазин не ответил: ${(err as Error).message}`);
    }
    if (!res.ok)
      throw new KaspiShopError(
        `Kaspi Магазин ответил HTTP ${res.status}: ${text.slice(0, 300)}`,
        res.status,
        text.slice(0, 2000),
      );
    let json: unknown;
    try {
      json = JSON.parse(text.slice(0, 2_000_000));
    } catch {
      throw new KaspiShopError('Kaspi Магазин ответил не JSON', res.status);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new KaspiShopError(`Kaspi Магазин: ответ ${path.split('?')[0]} не по протоколу`, res.status);
    return parsed.data;
  }
  const act = (doc: ReturnType<typeof actionDocument>, headers?: Record<string, string>) =>
    call('POST', SHOP_PATHS.action, shopAnswers.action, doc, headers).then((a) => a.data);
  return {
    async listOrders(fromMs, toMs, states = IMPORT_STATES) {
      const seen = new Map<string, ShopOrderDoc>();
      for (const state of states) {
        for (let page = 0, pageCount = 1; page < pageCount && page < 1000; page++) {
          const answer = await call('GET', SHOP_PATHS.orders(page, fromMs, toMs, state), shopAnswers.orders);
          pageCount = answer.meta.pageCount;
          for (const o of answer.data) seen.set(o.id, o);
        }
      }
      return [...seen.values()];
    },
    async entries(orderId) {
      const answer = await call('GET', SHOP_PATHS.entries(orderId), shopAnswers.entries);
      return answer.data.map((e) => ({
        sku: e.attributes.offer.code,
        quantity: e.attributes.quantity,
        price: e.attributes.basePrice,
      }));
    },
    accept: (orderId, code) => act(actionDocument(orderId, code, 'ACCEPTED_BY_MERCHANT')),
    sendCode: (orderId, code) =>
      act(actionDocument(orderId, code, 'COMPLETED'), { 'X-Send-Code': 'true', 'X-Security-Code': '' }),
    complete: (orderId, code, securityCode) =>
      act(actionDocument(orderId, code, 'COMPLETED'), {
        'X-Send-Code': 'true',
        'X-Security-Code': securityCode,
      }),
    cancel: (orderId, code, reason, comment) =>
      act(actionDocument(orderId, code, 'CANCELLED', { reason, ...(comment ? { comment } : {}) })),
  };
}
