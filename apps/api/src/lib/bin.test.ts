import { describe, expect, it } from 'vitest';
import { isValidBin } from './bin.ts';

describe('isValidBin (БИН/ИИН check digit)', () => {
  it('accepts numbers whose last digit is the weighted sum modulo 11', () => {
    // 2·4 + 3·0 + … : the demo BIN of the configuration, and a real-format IIN.
    expect(isValidBin('240540000016')).toBe(true);
    expect(isValidBin('900101300017')).toBe(true);
  });

  it('uses the second weights when the first sum gives 10', () => {
    // First sum of 00000000010x is 10 (digit 10 × weight 10 = 10), second: 1 × 1 = 1 → check digit 1.
    expect(isValidBin('000000000101')).toBe(true);
    expect(isValidBin('000000000100')).toBe(false);
  });

  it('refuses a wrong check digit, other lengths and non-digits', () => {
    expect(isValidBin('240540000017')).toBe(false);
    expect(isValidBin('24054000001')).toBe(false);
    expect(isValidBin('2405400000166')).toBe(false);
    expect(isValidBin('24054000001a')).toBe(false);
  });
});
