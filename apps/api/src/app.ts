import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { createDatabase, type Db, type Dialect } from './db/database.ts';
import type pg from 'pg';
import { migrateToLatest } from './db/migrate.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { installClosing, type Closing } from './lib/closing.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { healthPlugin } from './plugins/health.ts';
import { createMetrics, metricsPlugin, type ShopMetrics } from './plugins/metrics.ts';
import { rolePlugin, roleDuties } from './plugins/role.ts';
import { databaseRateStore } from './lib/rate-store.ts';
import { systemAdminRoutes } from './modules/system/system.routes.ts';
import { jobQueues } from './modules/system/system.repository.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { createSmsProvider } from './modules/sms/sms.factory.ts';
import type { SmsProvider } from './modules/sms/sms.provider.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { answerLanePlugin, type LaneLimits } from './plugins/answer-lane.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.ts';
import { stockAlertAdminRoutes, stockAlertRoutes } from './modules/stock-alert/stock-alert.routes.ts';
import { registerStockAlertJob } from './modules/stock-alert/stock-alert.worker.ts';
import { requestLogSerializer } from './lib/log-redact.ts';
import { withRequestId } from './lib/request-context.ts';
import { customerRoutes } from './modules/customer/customer.routes.ts';
import { orderRoutes } from './modules/order/order.routes.ts';
import { backofficeRoutes } from './modules/order/order.backoffice.routes.ts';
import { cardPaymentRoutes } from './modules/order/card-payment/card-payment.routes.ts';
import { kaspiPaymentRoutes } from './modules/order/kaspi-payment/kaspi-payment.routes.ts';
import { registerKaspiJob } from './modules/order/kaspi-payment/kaspi-payment.job.ts';
import { registerKaspiShopJob } from './modules/order/kaspi-shop/kaspi-shop.job.ts';
import { kaspiShopAdminRoutes } from './modules/order/kaspi-shop/kaspi-shop.routes.ts';
import { createKaspiShop, type KaspiShop } from './modules/kaspi/kaspi.merchant.client.ts';
import { receiptNoticeHook } from './modules/order/order.notify.ts';
import { createKaspiPay, type KaspiPay } from './modules/kaspi/kaspi.client.ts';
import { shippingDeps, type ShippingDeps } from './modules/shipping/shipping.checkout.ts';
import type { KaspiDeps } from './modules/kaspi/kaspi.service.ts';
import { registerPaymentJob } from './modules/order/card-payment/card-payment.job.ts';
import { registerExchangeSweep } from './modules/exchange/onec/onec.folders.ts';
import { registerPhotoSweep } from '#app/modules/review/review.photo-sweep.job.ts';
import { createPaymentProvider } from './modules/payment/halyk.epay.ts';
import type { PaymentProvider } from './modules/payment/payment.provider.ts';
import { smsRoutes } from './modules/sms/sms.routes.ts';
import { questionRoutes, reviewRoutes } from './modules/review/review.routes.ts';
import { reviewAdminRoutes } from './modules/review/review.admin.routes.ts';
import { orderAdminRoutes } from './modules/order/order.admin.routes.ts';
import { orderCarrierAdminRoutes } from './modules/order/order.carrier.routes.ts';
import { registerShipmentJob } from './modules/order/order.carrier.job.ts';
import { contentAdminRoutes } from './modules/content/content.admin.routes.ts';
import { catalogueAdminRoutes } from './modules/catalog/catalog.admin.routes.ts';
import { customerAdminRoutes } from './modules/customer/customer.admin.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { kaspiFeedRoutes } from './modules/kaspi/kaspi.feed.routes.ts';
import { kaspiFeedAdminRoutes } from './modules/kaspi/kaspi.feed.admin.routes.ts';
import { guardStaffRoutes } from './modules/staff/staff.auth.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import type { MasterImageSource } from './modules/media/media.masters.ts';
import { sheetAdminRoutes, sheetIntegrationRoutes } from './modules/exchange/sheet/sheet.routes.ts';
import { oneCRoutes } from './modules/exchange/onec/onec.routes.ts';
import { createMailer, type Mailer } from './modules/notification/notification.mailer.ts';
import { createNotifier, type Notifier } from './modules/notification/notification.service.ts';
import { notificationAdminRoutes } from './modules/notification/notification.admin.routes.ts';
import { notificationRoutes } from './modules/notification/notification.routes.ts';
import { exchangeAdminRoutes } from './modules/exchange/exchange.admin.routes.ts';
import { createFiscalProvider, registerFiscalJob } from './modules/fiscal/fiscal.job.ts';
import type { FiscalProvider } from './modules/fiscal/fiscal.provider.ts';
import { shippingHookRoutes } from './modules/shipping/shipping.routes.ts';
import { shippingCityRoutes } from './modules/shipping/shipping.cities.routes.ts';
import { shippingAdminRoutes } from './modules/shipping/shipping.admin.routes.ts';
import { fiscalAdminRoutes } from './modules/fiscal/fiscal.admin.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dialect: Dialect;
    clock: Clock;
    sms: SmsProvider;
    /** The card-payment provider (Halyk ePay adapter, real or simulator, by configuration). */
    payments: PaymentProvider;
    /** Kaspi Pay (payment 4; issue 33), or null when KASPI_PAY_MODE is off. */
    kaspi: KaspiDeps | null;
    /** Carrier delivery (CDEK, issue 34) with its quote and point caches; null when CDEK_MODE is off. */
    shipping: ShippingDeps | null;
    /** Kaspi Магазин's Merchant API (issue 33 item 6), or null when KASPI_SHOP_MODE is off or has no URL yet. */
    kaspiShop: KaspiShop | null;
    /** Order notifications (SMS and email outbox, its worker). */
    notifier: Notifier;
    /** The fiscal provider (Webkassa or its simulator); null when fiscalisation is off (issue 32). */
    fiscal: FiscalProvider | null;
    /** The ordered stop: requests in flight, then background work, then the database (lib/closing.ts). */
    closing: Closing;
    /** Prometheus metrics of this process (`GET /metrics`, plugins/metrics.ts). */
    metrics: ShopMetrics;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** An open database; when absent one is opened from `config` and closed with the app. */
  db?: { db: Db; dialect: Dialect };
  /** Close `db` too when the app closes, as its last step (default: only a database the app opened itself). */
  closeDb?: boolean;
  clock?: Clock;
  sms?: SmsProvider;
  /** Card-payment provider; by default the Halyk ePay adapter at the configured URLs. */
  payments?: PaymentProvider;
  /** Kaspi Pay adapter; by default the one at KASPI_PAY_API_URL (used only when KASPI_PAY_MODE is not off). */
  kaspi?: KaspiPay;
  /** Kaspi Магазин adapter (tests: one at a simulator); by default the one at KASPI_SHOP_API_URL, null: none. */
  kaspiShop?: KaspiShop | null;
  /** Email sender instead of the one made from configuration (tests). */
  mailer?: Mailer | null;
  /**
   * Run the background jobs (the payment job every PAYMENT_SWEEP_INTERVAL_SECONDS); the servers do, tests do not.
   * A `web` process (KIIM_ROLE=web) never runs them.
   */
  jobs?: boolean;
  /** Apply pending migrations before serving (default true). */
  migrate?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** How much the cached-answer lane keeps (default LANE_LIMITS: 5,000 answers, 8 MB); tests give smaller ones. */
  laneLimits?: LaneLimits;
  /**
   * Where the media route gets a picture master missing from the media folder (boot and the tests give the
   * demo catalogue's drawings, seed `demoMasterImages`); without it such a picture is a 404.
   */
  masterImages?: (db: Db) => MasterImageSource;
}

export type App = FastifyInstance;

/**
 * Builds the API as a Fastify instance: every route under `/api` (spec §7), media under `/media`,
 * OpenAPI at `/api/docs`. Used by the server, the storefront (in-process calls) and the tests.
 */
export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel, serializers: { req: requestLogSerializer } },
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy,
    // The request id of log lines: the proxy's (nginx's X-Request-Id, deploy/nginx/kiim.conf) when it is a plain
    // token, so one id names the request in both logs; else a fresh one.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : `req-${randomUUID()}`;
    },
    // Bounded requests (issue 11 §4): a whole request within REQUEST_TIMEOUT_MS, its headers within 10 s, checked
    // every second; an idle socket is closed after a minute.
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: 60_000,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      connectionsCheckingInterval: 1000,
    },
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // A connection PostgreSQL closes while idle is logged; the pool opens a new one (issue 27, decision 026).
  const onPoolError = (err: Error) =>
    app.log.warn({ err }, 'PostgreSQL closed an idle connection: the pool reconnects');
  // Metrics first: the database handle the app opens reports each query's time to them (docs/decisions/042).
  const metrics = createMetrics();
  const database: { db: Db; dialect: Dialect; pool?: pg.Pool } =
    opts.db ?? createDatabase({ ...config, onPoolError, onQuery: metrics.observeQuery });
  metrics.bind(database.db, database.pool);
  // Each background queue's depth and oldest age in /metrics too (issue 31 §4; the «Система» screen's figures).
  metrics.setJobQueueReader(async () =>
    (await jobQueues(database.db, app.clock.now())).map((q) => ({
      kind: q.kind,
      depth: q.depth,
      oldestSeconds: q.oldestAgeSeconds ?? 0,
    })),
  );
  app.decorate('metrics', metrics);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorate('clock', opts.clock ?? systemClock);
  app.decorate('sms', opts.sms ?? createSmsProvider(config, database.db, app.log, app.clock));
  app.decorate('payments', opts.payments ?? createPaymentProvider(config.payments));
  app.decorate(
    'kaspi',
    config.kaspi.mode === 'off'
      ? null
      : {
          db: database.db,
          log: app.log,
          kaspi: opts.kaspi ?? createKaspiPay(config.kaspi),
          config: config.kaspi,
        },
  );
  app.decorate('shipping', shippingDeps(config.shipping.cdek, config.otpSecret));
  app.decorate(
    'kaspiShop',
    opts.kaspiShop !== undefined
      ? opts.kaspiShop
      : config.kaspiShop.mode !== 'off' && config.kaspiShop.apiUrl
        ? createKaspiShop({ apiUrl: config.kaspiShop.apiUrl, token: config.kaspiShop.token })
        : null,
  );
  // The database closes last, after the requests in flight and the background work (issue 14, stopping under load).
  app.decorate(
    'closing',
    installClosing(app, {
      timeoutMs: config.http.shutdownTimeoutMs,
      closeDatabase: !opts.db || opts.closeDb ? () => database.db.destroy() : undefined,
    }),
  );
  // A `web` process (KIIM_ROLE) runs no background job; a `worker` or `all` one runs every job (docs/decisions/041).
  const jobs = (opts.jobs ?? false) && roleDuties(config.role).jobs;
  if (jobs) registerPaymentJob(app, config.payments.sweepIntervalSeconds);
  if (jobs && app.kaspi) registerKaspiJob(app, config.kaspi.pollSeconds);
  // Kaspi Магазин orders (issue 33 item 6, docs/decisions/064): imported once across instances.
  if (jobs && app.kaspiShop) registerKaspiShopJob(app, app.kaspiShop, config.kaspiShop.pollSeconds);
  // Carrier parcels (issue 34, docs/decisions/068–069): registered, tracked and their orders moved.
  if (jobs) registerShipmentJob(app, config.shipping.cdek.jobSeconds);
  // Old 1C exchange folders and abandoned import jobs, every 15 minutes (issue 29 item 3, docs/decisions/034).
  if (jobs) registerExchangeSweep(app, 15 * 60);
  // Review photos uploaded and never used, after a day (decision 072), hourly.
  if (jobs) registerPhotoSweep(app);
  app.decorate('fiscal', createFiscalProvider(config.fiscal));
  // Fiscal receipts: the queue's worker and the daily Z-report (issue 32, docs/decisions/043).
  if (jobs) registerFiscalJob(app, app.fiscal, receiptNoticeHook(app));
  app.decorate(
    'notifier',
    createNotifier(
      app,
      {
        db: database.db,
        sms: app.sms,
        mailer: opts.mailer !== undefined ? opts.mailer : createMailer(config),
        log: app.log,
        clock: app.clock,
        leaseMs: config.mail.leaseSeconds * 1000,
      },
      jobs,
      config.mail.intervalSeconds,
    ),
  );
  // Back-in-stock alerts (issue 35 item 4, docs/decisions/052): sent by the worker role, like notifications.
  if (jobs)
    registerStockAlertJob(
      app,
      { ...app.notifier.deps, publicUrl: config.publicUrl },
      config.mail.intervalSeconds,
    );
  if (opts.migrate !== false) await migrateToLatest(database.db);

  // Work a request starts carries its id, into the rows it queues (lib/request-context.ts).
  app.addHook('onRequest', (request, _reply, done) => withRequestId(request.id, done));
  await app.register(rolePlugin);
  await app.register(errorHandlerPlugin);
  // Before every route, so each answer is timed by its route's pattern.
  await app.register(metricsPlugin, { metrics });
  await app.register(inputGuardPlugin);
  await app.register(securityHeadersPlugin);
  // Kept catalogue answers sent again before Fastify (docs/decisions/018, 039).
  await app.register(answerLanePlugin, { limits: opts.laneLimits });
  await app.register(cookie);
  // Per-client limits of expensive reads (routes opt in with lib/read-limit.ts); counted per instance, in memory.
  // On PostgreSQL the counts are in the database, shared by every process (docs/decisions/041); SQLite's one
  // process keeps them in memory.
  await app.register(rateLimit, {
    global: false,
    allowList: ['127.0.0.1', '::1', '::ffff:127.0.0.1'],
    ...(database.dialect === 'postgres'
      ? { store: databaseRateStore(database.db, () => app.clock.now().getTime()) }
      : {}),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kiim API',
        version: '1.0.0',
        description: 'REST API of the Kiim clothing shop (spec §7).',
      },
      components: {
        securitySchemes: {
          customerToken: { type: 'apiKey', in: 'header', name: 'X-Authorization' },
          staffSession: { type: 'apiKey', in: 'cookie', name: 'kiim_staff' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // Before any route: every /api/admin route must declare its staff access, and passes the Origin check.
  guardStaffRoutes(app);

  await app.register(
    async (api) => {
      await api.register(catalogRoutes);
      await api.register(shippingCityRoutes);
      await api.register(cartRoutes, { prefix: '/cart' });
      await api.register(wishlistRoutes, { prefix: '/wishlist' });
      await api.register(stockAlertRoutes, { prefix: '/stock-alert' });
      await api.register(stockAlertAdminRoutes, { prefix: '/admin' });
      await api.register(customerRoutes, { prefix: '/customer' });
      await api.register(orderRoutes, { prefix: '/order' });
      await api.register(cardPaymentRoutes, { prefix: '/payment' });
      await api.register(kaspiPaymentRoutes, { prefix: '/payment' });
      await api.register(backofficeRoutes, { prefix: '/backoffice' });
      await api.register(staffRoutes, { prefix: '/admin' });
      await api.register(contentRoutes, { prefix: '/content' });
      await api.register(reviewRoutes, { prefix: '/review' });
      await api.register(questionRoutes, { prefix: '/question' });
      await api.register(reviewAdminRoutes, { prefix: '/admin' });
      await api.register(orderAdminRoutes, { prefix: '/admin' });
      await api.register(kaspiShopAdminRoutes, { prefix: '/admin' });
      await api.register(orderCarrierAdminRoutes, { prefix: '/admin' });
      await api.register(contentAdminRoutes, { prefix: '/admin' });
      await api.register(notificationAdminRoutes, { prefix: '/admin' });
      await api.register(catalogueAdminRoutes, { prefix: '/admin/catalogue' });
      await api.register(customerAdminRoutes, { prefix: '/admin' });
      await api.register(smsRoutes, { prefix: '/dev' });
      await api.register(sheetAdminRoutes, { prefix: '/admin' });
      await api.register(sheetIntegrationRoutes, { prefix: '/backoffice' });
      await api.register(oneCRoutes, { prefix: '/exchange' });
      await api.register(notificationRoutes, { prefix: '/dev' });
      await api.register(exchangeAdminRoutes, { prefix: '/admin' });
      await api.register(systemAdminRoutes, { prefix: '/admin' });
      await api.register(fiscalAdminRoutes, { prefix: '/admin' });
      await api.register(shippingHookRoutes, { prefix: '/shipping' });
      await api.register(shippingAdminRoutes, { prefix: '/admin' });
      await api.register(kaspiFeedAdminRoutes, { prefix: '/admin' });
    },
    { prefix: '/api' },
  );
  await app.register(healthPlugin);
  // The Kaspi Магазин price feed, fetched by Kaspi (issue 33 Part B item 5, docs/decisions/063).
  await app.register(kaspiFeedRoutes, { prefix: '/feeds' });
  await app.register(mediaRoutes, { prefix: '/media', masterImages: opts.masterImages?.(database.db) });
  return app;
}
