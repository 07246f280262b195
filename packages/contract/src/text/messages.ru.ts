import { RU_SHELL } from './messages.shell.ru.ts';
import { RU_CATALOGUE } from './messages.catalogue.ru.ts';
import { RU_ORDER } from './messages.order.ru.ts';
import { RU_ACCOUNT } from './messages.account.ru.ts';
import { RU_CARRIER } from './messages.carrier.ru.ts';

/**
 * The storefront's Russian texts (the reference catalogue; issue 13): every text of pages, dialogs, counts and
 * forms keyed by area, kept in a file per group of areas: messages.shell.ru.ts (the site's frame, shared words,
 * information pages), messages.catalogue.ru.ts, messages.order.ru.ts (cart to payment) and messages.account.ru.ts.
 * Each leaf is an ICU message (`{name}` values, `{count, plural, …}` plurals by `Intl.PluralRules`) read by Lingui
 * (text/i18n.ts); the Kazakh catalogue (messages.kk.ts) has the same shape, part by part.
 * Field validation messages live beside their rules in the schemas (customer.schema.ts, checkout.rules.ts), which
 * the API and the storefront share; the Kazakh catalogue translates them by their Russian text.
 */
export const RU = {
  ...RU_SHELL,
  ...RU_CATALOGUE,
  ...RU_ORDER,
  ...RU_ACCOUNT,
  ...RU_CARRIER,
};

/** The shape every language's catalogue has (the Russian one is the reference). */
export type Messages = typeof RU;
