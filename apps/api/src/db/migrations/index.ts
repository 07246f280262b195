import type { Migration } from 'kysely';
import * as m20261122T051500 from './20261122T051500-create-shop-tables.ts';
import * as m20261122T055235 from './20261122T055235-create-wishlist-and-cart-merge.ts';
import * as m20261122T055300 from './20261122T055300-add-customer-accounts.ts';
import * as m20261122T055532 from './20261122T055532-add-payments-and-order-history.ts';
import * as m20261122T060100 from './20261122T060100-add-catalogue-summary-search-banners.ts';
import * as m20261201T090000 from './20261201T090000-add-payment-return-requested.ts';
import * as m20261203T100000 from './20261203T100000-create-reviews-and-questions.ts';
import * as m20261206T100000 from './20261206T100000-create-staff-tables.ts';
import * as m20261202T090000 from './20261202T090000-create-content-pages.ts';
import * as m20261212T090000 from './20261212T090000-add-customer-language.ts';
import * as m20261215T090000 from './20261215T090000-add-cart-line-position.ts';
import * as m20261216T110000 from './20261216T110000-add-exchange-drafts.ts';
import * as m20261209T100000 from './20261209T100000-create-stock-movement.ts';
import * as m20261204T100000 from './20261204T100000-create-job-run.ts';
import * as m20261205T100000 from './20261205T100000-add-catalogue-change-log.ts';
import * as m20261207T100000 from './20261207T100000-add-order-backoffice-fields.ts';
import * as m20261210T090000 from './20261210T090000-create-exchange-tables.ts';
import * as m20261211T100000 from './20261211T100000-create-catalogue-text.ts';
import * as m20261212T100000 from './20261212T100000-create-notifications.ts';
import * as m20261207T110000 from './20261207T110000-add-customer-blocked.ts';
import * as m20261213T090000 from './20261213T090000-add-order-number-sequence.ts';
import * as m20261214T090000 from './20261214T090000-bump-stock-version-at-commit.ts';
import * as m20261220T090000 from './20261220T090000-one-open-invitation-per-email.ts';
import * as m20261220T100000 from './20261220T100000-add-exchange-session-credential.ts';
import * as m20261228T040000 from './20261228T040000-create-exchange-import.ts';
import * as m20261216T090000 from './20261216T090000-add-catalogue-structure-fields.ts';
import * as m20261216T120000 from './20261216T120000-add-payment-refund-owed.ts';
import * as m20261228T030000 from './20261228T030000-add-order-exchange-version.ts';
import * as m20261228T050000 from './20261228T050000-create-refund.ts';
import * as m20261229T080000 from './20261229T080000-add-packaging-and-carrier-city.ts';
import * as m20261230T090000 from './20261230T090000-add-notification-request-id.ts';
import * as m20261230T050000 from './20261230T050000-create-stock-alert.ts';
import * as m20261231T010000 from './20261231T010000-add-notification-receipts.ts';
import * as m20261231T050000 from './20261231T050000-create-search-synonym.ts';
import * as m20261231T100000 from './20261231T100000-create-review-photo.ts';
import * as m20261231T110000 from './20261231T110000-create-shipment.ts';
import * as m20261231T120000 from './20261231T120000-create-order-carrier.ts';
import * as m20261231T130000 from './20261231T130000-add-carrier-city-switch-and-1c-packaging.ts';
import * as m20261231T140000 from './20261231T140000-add-carrier-found-city.ts';
import * as m20261231T060000 from './20261231T060000-create-kaspi-feed-settings.ts';
import * as m20261231T090000 from './20261231T090000-create-product-measurement.ts';
import * as m20261231T160000 from './20261231T160000-add-kaspi-shop-payments.ts';
import * as m20261231T051000 from './20261231T051000-add-question-notices.ts';
import * as m20261231T070000 from './20261231T070000-add-kaspi-shop-orders.ts';
import * as m20261229T040000 from './20261229T040000-create-rate-limit-hit.ts';
import * as m20261228T020000 from './20261228T020000-add-sku-prices.ts';
import * as m20261229T060000 from './20261229T060000-create-fiscal-receipt.ts';
import * as m20261229T070000 from './20261229T070000-create-kaspi-payment.ts';

/** All migrations by name, in order. A new migration is added here (static list: no directory scan). */
export const migrations: Record<string, Migration> = {
  '20261122T051500-create-shop-tables': m20261122T051500,
  '20261122T055235-create-wishlist-and-cart-merge': m20261122T055235,
  '20261122T055300-add-customer-accounts': m20261122T055300,
  '20261122T055532-add-payments-and-order-history': m20261122T055532,
  '20261122T060100-add-catalogue-summary-search-banners': m20261122T060100,
  '20261201T090000-add-payment-return-requested': m20261201T090000,
  '20261203T100000-create-reviews-and-questions': m20261203T100000,
  '20261206T100000-create-staff-tables': m20261206T100000,
  '20261202T090000-create-content-pages': m20261202T090000,
  '20261212T090000-add-customer-language': m20261212T090000,
  '20261209T100000-create-stock-movement': m20261209T100000,
  '20261204T100000-create-job-run': m20261204T100000,
  '20261205T100000-add-catalogue-change-log': m20261205T100000,
  '20261207T100000-add-order-backoffice-fields': m20261207T100000,
  '20261210T090000-create-exchange-tables': m20261210T090000,
  '20261211T100000-create-catalogue-text': m20261211T100000,
  '20261212T100000-create-notifications': m20261212T100000,
  '20261207T110000-add-customer-blocked': m20261207T110000,
  '20261213T090000-add-order-number-sequence': m20261213T090000,
  '20261214T090000-bump-stock-version-at-commit': m20261214T090000,
  '20261215T090000-add-cart-line-position': m20261215T090000,
  '20261220T090000-one-open-invitation-per-email': m20261220T090000,
  '20261220T100000-add-exchange-session-credential': m20261220T100000,
  '20261216T110000-add-exchange-drafts': m20261216T110000,
  '20261216T090000-add-catalogue-structure-fields': m20261216T090000,
  '20261216T120000-add-payment-refund-owed': m20261216T120000,
  '20261228T030000-add-order-exchange-version': m20261228T030000,
  '20261228T050000-create-refund': m20261228T050000,
  '20261228T040000-create-exchange-import': m20261228T040000,
  '20261228T020000-add-sku-prices': m20261228T020000,
  '20261229T080000-add-packaging-and-carrier-city': m20261229T080000,
  '20261229T040000-create-rate-limit-hit': m20261229T040000,
  '20261229T060000-create-fiscal-receipt': m20261229T060000,
  '20261229T070000-create-kaspi-payment': m20261229T070000,
  '20261230T090000-add-notification-request-id': m20261230T090000,
  '20261230T050000-create-stock-alert': m20261230T050000,
  '20261231T010000-add-notification-receipts': m20261231T010000,
  '20261231T050000-create-search-synonym': m20261231T050000,
  '20261231T051000-add-question-notices': m20261231T051000,
  '20261231T100000-create-review-photo': m20261231T100000,
  '20261231T110000-create-shipment': m20261231T110000,
  '20261231T120000-create-order-carrier': m20261231T120000,
  '20261231T130000-add-carrier-city-switch-and-1c-packaging': m20261231T130000,
  '20261231T140000-add-carrier-found-city': m20261231T140000,
  '20261231T060000-create-kaspi-feed-settings': m20261231T060000,
  '20261231T070000-add-kaspi-shop-orders': m20261231T070000,
  '20261231T090000-create-product-measurement': m20261231T090000,
  '20261231T160000-add-kaspi-shop-payments': m20261231T160000,
};
