import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { badRequest } from '#app/lib/errors.ts';

/**
 * Normalises a Kazakh mobile number as a shopper types it (`+7 701 234-56-78`, `8 701 2345678`,
 * `7012345678`) to `77012345678` (payments-sms.md: store `7XXXXXXXXXX`). Uses libphonenumber's KZ
 * metadata, so Russian numbers and Kazakh landlines are refused.
 * @throws AppError 400 with a field error under `field`.
 */
export function normaliseMobile(input: string, field = 'mobile'): string {
  const digits = input.replace(/[\s()\-.]/g, '');
  const candidate = /^8\d{10}$/.test(digits)
    ? `+7${digits.slice(1)}`
    : /^\d{10}$/.test(digits)
      ? `+7${digits}`
      : digits;
  const phone = parsePhoneNumberFromString(candidate.startsWith('+') ? candidate : `+${candidate}`);
  if (!phone || phone.country !== 'KZ' || phone.getType() !== 'MOBILE' || !phone.isValid()) {
    throw badRequest({ [field]: ['Укажите казахстанский мобильный номер, например +7 701 234 56 78'] });
  }
  return phone.number.slice(1);
}
