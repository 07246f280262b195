import { describe, expect, it } from 'vitest';
import { isWrongSecurityCode } from './kaspi.merchant.protocol.ts';

// Reading Kaspi's refusal of a completion (issue 33 item 6): the buyer's wrong code tells staff to check the SMS,
// anything else is Kaspi refusing the action. No structured code is documented (kaspi.md C): the text decides.

const jsonApi = (title: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ errors: [{ status: '400', title, ...extra }] });

describe('isWrongSecurityCode', () => {
  it('recognises a wrong buyer’s code in the title, the detail or a plain body', () => {
    expect(isWrongSecurityCode(jsonApi('wrong security code'))).toBe(true);
    expect(isWrongSecurityCode(jsonApi('Bad Request', { detail: 'Security code is invalid' }))).toBe(true);
    expect(isWrongSecurityCode(jsonApi('Неверный код'))).toBe(true);
    expect(isWrongSecurityCode('Invalid SMS code')).toBe(true);
  });

  it('does not take other refusals for a wrong code', () => {
    expect(isWrongSecurityCode(jsonApi('order code does not match'))).toBe(false);
    expect(isWrongSecurityCode(jsonApi('X-Send-Code or X-Security-Code required'))).toBe(false);
    expect(isWrongSecurityCode(jsonApi('no code was sent to the buyer'))).toBe(false);
    expect(isWrongSecurityCode(jsonApi('cannot move from COMPLETED'))).toBe(false);
    expect(isWrongSecurityCode('')).toBe(false);
  });
});
