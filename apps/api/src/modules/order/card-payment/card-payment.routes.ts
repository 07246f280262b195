import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  HalykAuthResponse,
  HalykCallbackBody,
  HalykCallbackResponse,
  HalykOrderBody,
  OrderStateResponse,
} from '@kiim/contract';
import { catalogueLangOf } from '#app/modules/catalog/catalog.texts.ts';
import { authenticateCustomer, currentCustomer } from '#app/modules/customer/customer.auth.ts';
import { orderDeps } from '../order.lifecycle.ts';
import { getOrder } from '../order.service.ts';
import { handlePaymentCallback } from './card-payment.apply.ts';
import { checkCardPayment, startCardPayment } from './card-payment.shopper.ts';

const tags = ['payment'];
const security = [{ customerToken: [] }];
const authErrors = { 401: ErrorBody, 403: ErrorBody };

/** `POST /halyk/auth` (spec §7). */
const authSchema = {
  tags,
  summary: 'Start paying an order by card (Halyk ePay)',
  description:
    'Obtains a fresh ePay payment token for the customer’s card-online order (invoiceID = order number, amount = ' +
    'the order total in tenge) and answers what the storefront gives ePay’s payment-api.js: scriptUrl and the payment ' +
    'object for halyk.pay(obj). 404 (4004) unknown or another customer’s order; 409 (4021) not payable (paid, ' +
    'cancelled, window closed, another payment method); 502 (4020) ePay unavailable.',
  security,
  body: HalykOrderBody,
  response: {
    200: HalykAuthResponse,
    400: ErrorBody,
    ...authErrors,
    404: ErrorBody,
    409: ErrorBody,
    502: ErrorBody,
  },
};

/** `POST /halyk/status`: the shopper's return from the payment page. */
const statusSchema = {
  tags,
  summary: 'Check an order’s card payment with ePay',
  description:
    'For the shopper coming back from the payment page: asks ePay’s status API about the order and applies the ' +
    'answer (idempotent, like the postLink), then answers the order. When ePay does not answer nothing changes. ' +
    '404 (4004) unknown or another customer’s order.',
  security,
  body: HalykOrderBody,
  response: { 200: OrderStateResponse, 400: ErrorBody, ...authErrors, 404: ErrorBody },
};

/** `POST /halyk/response` (spec §7): ePay's callback. */
const responseSchema = {
  tags,
  summary: 'ePay postLink / failurePostLink (server to server)',
  description:
    'ePay’s payment callback, JSON or form-encoded. Verified before anything changes: the invoice is an order’s ' +
    'payment, secret_hash equals the order’s (constant time), amount and currency equal the order’s, and ePay’s ' +
    'status API confirms. Idempotent: a repeated or late callback changes nothing. Always 200 once the body has an ' +
    'invoiceId (result applied | unchanged | ignored | deferred), so ePay does not retry what the shop decided.',
  body: HalykCallbackBody,
  response: { 200: HalykCallbackResponse, 400: ErrorBody },
};

/**
 * The routes of an order's card payment, registered under `/api/payment` (spec §7 `POST /api/payment/halyk/auth`,
 * `POST /api/payment/halyk/response`, and `/halyk/status` for the shopper's return; protocol payments-sms.md §1).
 * They belong to the order's card-payment flow; the payment module behind them knows nothing of orders.
 */
export const cardPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = orderDeps(app);
  // ePay may post its callback form-encoded (payments-sms.md: accept JSON and, defensively, forms).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.post('/halyk/auth', { onRequest: authenticateCustomer, schema: authSchema }, async (request) => ({
    data: await startCardPayment(
      deps,
      currentCustomer(request),
      request.body.orderNumber,
      app.clock.now(),
      // The payment page speaks the storefront's language (ePay's names: rus, kaz).
      catalogueLangOf(request.headers['accept-language']) === 'kk' ? 'kaz' : 'rus',
    ),
  }));
  app.post('/halyk/status', { onRequest: authenticateCustomer, schema: statusSchema }, async (request) => {
    const customer = currentCustomer(request);
    await checkCardPayment(deps, customer.id, request.body.orderNumber, app.clock.now());
    return { data: { order: await getOrder(app.db, customer.id, request.body.orderNumber) } };
  });
  app.post('/halyk/response', { schema: responseSchema }, async (request) => ({
    data: { result: await handlePaymentCallback(deps, request.body, app.clock.now()) },
  }));
};
