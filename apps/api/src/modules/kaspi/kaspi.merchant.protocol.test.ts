import { describe, expect, it } from 'vitest';
import { isWrongSecurityCode, SHOP_ERROR_CODES } from './kaspi.merchant.protocol.ts';

// Reading Kaspi's refusal of a completion (issue 33 item 6): the buyer's wrong code tells staff to check the SMS,
// anything else is Kaspi refusing the action. The HTTP status and the JSON:API error object's `code` decide; an
// error without a known code falls back to its text (kaspi.md C documents no codes).

const jsonApi = (title: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ errors: [{ status: '400', title, ...extra }] });

describe('isWrongSecurityCode', () => {
  it('recognises the structured code whatever the text says', () => {
    expect(isWrongSecurityCode(400, jsonApi('Bad Request', { code: 'INVALID_SECURITY_CODE' }))).toBe(true);
    expect(
      isWrongSecurityCode(422, jsonApi('Ошибка', { status: '422', code: 'INVALID_SECURITY_CODE' })),
    ).toBe(true);
  });

  it('never reads a known other refusal as a wrong code, even if its text would match', () => {
    for (const code of Object.values(SHOP_ERROR_CODES).filter((c) => c !== 'INVALID_SECURITY_CODE'))
      expect(isWrongSecurityCode(400, jsonApi('wrong security code', { code }))).toBe(false);
  });

  it('needs a 400 or 422, in the answer and in the error object', () => {
    const body = jsonApi('Bad Request', { code: 'INVALID_SECURITY_CODE' });
    expect(isWrongSecurityCode(401, body)).toBe(false);
    expect(isWrongSecurityCode(500, body)).toBe(false);
    expect(isWrongSecurityCode(404, 'wrong security code')).toBe(false);
    expect(isWrongSecurityCode(400, jsonApi('x', { status: '500', code: 'INVALID_SECURITY_CODE' }))).toBe(
      false,
    );
  });

  it('falls back to the text of an error without a known code, or of a plain body', () => {
    expect(isWrongSecurityCode(400, jsonApi('wrong security code'))).toBe(true);
    expect(isWrongSecurityCode(400, jsonApi('Bad Request', { detail: 'Security code is invalid' }))).toBe(
      true,
    );
    expect(isWrongSecurityCode(400, jsonApi('Неверный код', { code: 'SOMETHING_NEW' }))).toBe(true);
    expect(isWrongSecurityCode(400, 'Invalid SMS code')).toBe(true);
  });

  it('does not take other refusals for a wrong code by their text', () => {
    expect(isWrongSecurityCode(400, jsonApi('order code does not match'))).toBe(false);
    expect(isWrongSecurityCode(400, jsonApi('X-Send-Code or X-Security-Code required'))).toBe(false);
    expect(isWrongSecurityCode(400, jsonApi('no code was sent to the buyer'))).toBe(false);
    expect(isWrongSecurityCode(400, jsonApi('cannot move from COMPLETED'))).toBe(false);
    expect(isWrongSecurityCode(400, '')).toBe(false);
  });
});
