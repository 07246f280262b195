import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#app/db/database.ts';
import type { PaymentProvider, RefundGateway } from './payment.provider.ts';

/** What the payment functions need from the app. */
export interface PaymentDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** The Halyk ePay adapter (real ePay or the project's simulator). */
  payments: PaymentProvider;
  /** Refunds of other providers' payments by `payment.provider` (`kaspi` when Kaspi Pay is on). */
  gateways?: Readonly<Record<string, RefundGateway>>;
}
