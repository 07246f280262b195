import { RU } from '@kiim/contract/text';

/**
 * The storefront's texts (the catalogue of `@kiim/contract/text`) in the shopper's language: Russian until the
 * Kazakh catalogue comes; components read their texts from here, so switching the language happens in one place.
 */
export const text = RU;
