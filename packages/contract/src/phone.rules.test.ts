import { describe, expect, it } from 'vitest';
import { normaliseKzMobile } from './phone.rules.ts';

describe('Kazakh mobile numbers (payments-sms.md §2)', () => {
  it.each([
    ['+7 701 234 56 78', '77012345678'],
    ['8 (777) 123-45-67', '77771234567'],
    ['7012345678', '77012345678'],
    ['77471234567', '77471234567'],
  ])('%s → %s', (input, out) => expect(normaliseKzMobile(input)).toBe(out));
  it.each(['+7 727 250 00 00', '+7 916 123 45 67', '8 800 080 88 00', '12345', '', '+7 701 234 56 7'])(
    'refuses %s',
    (input) => expect(normaliseKzMobile(input)).toBeNull(),
  );
});
