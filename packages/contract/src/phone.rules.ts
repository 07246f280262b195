/**
 * The Kazakh mobile number rule shared by the storefront (checked in the browser before anything is sent) and
 * the API. Zod-free and without libphonenumber's metadata, so browser code may import it cheaply; the API
 * checks numbers with libphonenumber-js itself (apps/api/src/lib/phone.ts), and apps/api/src/lib/phone.test.ts
 * pins this pattern to libphonenumber-js's, prefix by prefix.
 */

/**
 * Kazakh mobile numbers without the country code (10 digits): libphonenumber's KZ "mobile" pattern
 * (payments-sms.md §2: 70x, 747, 76x, 77x, 785).
 */
export const KZ_MOBILE_NATIONAL = /^7(?:0[0-25-8]|47|6[0-4]|7[15-8]|85)\d{7}$/;

/**
 * A shopper's mobile number as typed (`+7 701 234-56-78`, `8 701 2345678`, `7012345678`) → `77012345678`
 * (payments-sms.md: store `7XXXXXXXXXX`), or null when it is not a Kazakh mobile number.
 */
export function normaliseKzMobile(input: string): string | null {
  const digits = input.trim().replace(/[\s()\-.]/g, '');
  let national: string | undefined;
  if (/^\+7\d{10}$/.test(digits)) national = digits.slice(2);
  else if (/^[78]\d{10}$/.test(digits)) national = digits.slice(1);
  else if (/^\d{10}$/.test(digits)) national = digits;
  return national && KZ_MOBILE_NATIONAL.test(national) ? `7${national}` : null;
}
