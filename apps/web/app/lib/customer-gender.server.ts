import { COOKIE } from '@kiim/contract/enums';
import { clearCookie, readCookie, shopCookie } from './cookies.server.ts';

/**
 * The `customer_gender` cookie (spec §3) holds the shopper's gender as the API numbers it (spec §3: female 0,
 * male 1), written when a signed-in customer saves it in the profile. The allowed set is exactly `0` and `1`;
 * a stored value outside it is cleared (spec §2) by the root middleware (api.server.ts).
 */
const CUSTOMER_GENDER_VALUES = ['0', '1'] as const;

/** `Set-Cookie` that clears a stored value outside the allowed set (spec §2), or undefined when none is needed. */
export function invalidCustomerGenderCookie(request: Request): string | undefined {
  const v = readCookie(request, COOKIE.customerGender);
  return v !== undefined && !(CUSTOMER_GENDER_VALUES as readonly string[]).includes(v)
    ? clearCookie(COOKIE.customerGender)
    : undefined;
}

/** `Set-Cookie` storing a customer's gender (365 days, spec §9), or clearing it for `null`. */
export const customerGenderCookie = (gender: number | null): string =>
  gender === 0 || gender === 1
    ? shopCookie(COOKIE.customerGender, String(gender))
    : clearCookie(COOKIE.customerGender);
