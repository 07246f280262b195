import Fastify, { type FastifyInstance } from 'fastify';
import { SHOP_PREFIX, registerShopRoutes, registerShopTestRoutes } from './merchant.routes.ts';
import {
  addOrder,
  createShopState,
  kaspiMove,
  type KaspiMove,
  type NewShopOrder,
  type ShopBehaviour,
  type ShopSimulatorOptions,
  type SimShopOrder,
} from './merchant.state.ts';
import { listenOnLoopback } from '../loopback.ts';

export { DEFAULT_SHOP_TOKEN } from './merchant.state.ts';
export type { NewShopOrder, ShopBehaviour, SimShopOrder } from './merchant.state.ts';

/**
 * The local Kaspi Merchant API v2 simulator (kaspi.md C; issue 33 Part B item 6) on a loopback port:
 *
 * - `GET /shop/api/v2/orders` — JSON:API; `page[number]` from 0, `page[size]` ≤ 100 (more → 400),
 *   `filter[orders][creationDate][$ge|$le]` epoch ms (both required), `filter[orders][state]`,
 *   `include[orders]=user`; `meta.pageCount`.
 * - `GET /shop/api/v2/orders/{id}/entries` — lines: `offer.code` = the merchant's SKU, quantity, prices in tenge.
 * - `POST /shop/api/v2/orders` (`application/vnd.api+json`) — accept, complete in two steps (`X-Send-Code: true`,
 *   then `X-Security-Code: <code>`; the code is `order(id).securityCode` for tests), cancel with one of three reasons.
 * - `X-Auth-Token` on every call (401). Strict: unknown transitions, a wrong code or order code → 400.
 * - Faults (`configure`): 401, 500, malformed JSON, a wrong shape, an order changing state between pages.
 * - Test helpers: `createOrder` (SKU, quantity, price, store, phone) and `kaspi(id, 'cancel'|'return')`, also over
 *   HTTP as `POST /test/shop/orders/{id}/cancel|return`.
 */
export interface KaspiShopSimulator {
  app: FastifyInstance;
  readonly url: string;
  /** The API base the shop's adapter is given (`<url>/shop/api/v2`). */
  readonly apiUrl: string;
  readonly token: string;
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
  configure(change: Partial<ShopBehaviour>): void;
  /** Creates an order as a buyer would (paid, APPROVED_BY_BANK). @throws Error on bad lines. */
  createOrder(input: NewShopOrder): SimShopOrder;
  order(id: string): SimShopOrder | undefined;
  orders(): SimShopOrder[];
  /** Kaspi's own move. @throws Error when it does not fit the order's status. */
  kaspi(id: string, move: KaspiMove): void;
}

/** Builds the Merchant API simulator (not listening yet). */
export function createKaspiShopSimulator(options: ShopSimulatorOptions = {}): KaspiShopSimulator {
  const state = createShopState(options);
  const app = Fastify({ logger: false, bodyLimit: 16 * 1024 });
  registerShopRoutes(app, state);
  registerShopTestRoutes(app, state);
  return {
    app,
    get url() {
      return state.origin;
    },
    get apiUrl() {
      return `${state.origin}${SHOP_PREFIX}`;
    },
    token: state.token,
    listen: (port = 0) => listenOnLoopback(app, state, port),
    close: () => app.close(),
    configure(change) {
      Object.assign(state.behaviour, change);
    },
    createOrder: (input) => addOrder(state, input),
    order: (id) => state.orders.get(id),
    orders: () => [...state.orders.values()],
    kaspi(id, move) {
      const o = state.orders.get(id);
      const refused = o ? kaspiMove(o, move) : 'no such order';
      if (refused) throw new Error(refused);
    },
  };
}
