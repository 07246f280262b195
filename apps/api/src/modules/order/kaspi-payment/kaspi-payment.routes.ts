import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, KaspiOrderBody, KaspiPaymentResponse, KaspiStartBody } from '@kiim/contract';
import { authenticateCustomer, currentCustomer } from '#app/modules/customer/customer.auth.ts';
import { orderDeps } from '../order.lifecycle.ts';
import { kaspiPaymentState, startKaspiPayment } from './kaspi-payment.shopper.ts';

const tags = ['payment'];
const security = [{ customerToken: [] }];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * Kaspi Pay for the shopper (issue 33 Part A): `POST /kaspi/start` (a QR, a link or an invoice by phone for the
 * customer's Kaspi order) and `POST /kaspi/status` (its state, for the thank-you page's live view).
 */
export const kaspiPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = orderDeps(app);
  app.post(
    '/kaspi/start',
    {
      onRequest: authenticateCustomer,
      schema: {
        tags,
        security,
        summary: 'Start paying an order with Kaspi',
        description:
          'Creates a Kaspi payment for the customer’s Kaspi order (payment 4): kind `qr` (the QR is rendered by the ' +
          'shop as SVG), `link` (opens the Kaspi app on a phone) or `remote` (an invoice to the phone). An open ' +
          'one is answered as it is. 404 (4004); 409 (4021) not payable; 502 (4020) Kaspi unavailable.',
        body: KaspiStartBody,
        response: { 200: KaspiPaymentResponse, ...errors, 502: ErrorBody },
      },
    },
    async (request) => ({
      data: await startKaspiPayment(deps, currentCustomer(request), request.body, app.clock.now()),
    }),
  );
  app.post(
    '/kaspi/status',
    {
      onRequest: authenticateCustomer,
      schema: {
        tags,
        security,
        summary: 'The state of an order’s Kaspi payment',
        description:
          'none → waiting → scanned → paid, or refused / expired, as the shop last read Kaspi; ask again every ' +
          '`pollSeconds`. 404 (4004); 409 (4021) not a Kaspi order.',
        body: KaspiOrderBody,
        response: { 200: KaspiPaymentResponse, ...errors },
      },
    },
    async (request) => ({
      data: await kaspiPaymentState(deps, currentCustomer(request).id, request.body.orderNumber),
    }),
  );
};
