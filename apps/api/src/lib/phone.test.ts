import { describe, expect, it } from 'vitest';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { KZ_MOBILE_NATIONAL, normaliseKzMobile } from '@kiim/contract';
import { AppError } from './errors.ts';
import { normaliseMobile } from './phone.ts';

// The phone rule exists twice on purpose: the API checks numbers with libphonenumber-js (lib/phone.ts), the
// storefront with the contract's pattern (no metadata in the browser). These tests pin the pattern to
// libphonenumber-js: when an update of its metadata opens or closes a Kazakh mobile range, they fail.

/** libphonenumber-js's own answer: is `+7{national}` a valid Kazakh mobile number? */
const libphonenumberSaysKzMobile = (national: string) => {
  const phone = parsePhoneNumberFromString(`+7${national}`);
  return !!phone && phone.country === 'KZ' && phone.getType() === 'MOBILE' && phone.isValid();
};

/** The server's answer: the normalised number, or null when it refuses it. */
const server = (input: string) => {
  try {
    return normaliseMobile(input);
  } catch {
    return null;
  }
};

describe('the contract’s Kazakh mobile pattern is libphonenumber-js’s', () => {
  it('on every three-digit prefix after +7, 000–999', () => {
    const disagreements: string[] = [];
    for (let p = 0; p <= 999; p++) {
      for (const subscriber of ['1234567', '9876500']) {
        const national = `${String(p).padStart(3, '0')}${subscriber}`;
        if (KZ_MOBILE_NATIONAL.test(national) !== libphonenumberSaysKzMobile(national))
          disagreements.push(national);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it.each([
    ['+7 701 234 56 78', '77012345678'],
    ['+7 705 000 00 01', '77050000001'],
    ['+7 747 123 45 67', '77471234567'],
    ['+7 760 123 45 67', '77601234567'],
    ['+7 771 123 45 67', '77711234567'],
    ['+7 778 123 45 67', '77781234567'],
    ['+7 785 123 45 67', '77851234567'],
    ['8 (777) 123-45-67', '77771234567'],
    ['7012345678', '77012345678'],
  ])('accepts the Kazakh mobile %s as %s, as libphonenumber-js does', (input, normalised) => {
    expect(libphonenumberSaysKzMobile(normalised.slice(1))).toBe(true);
    expect(normaliseKzMobile(input)).toBe(normalised);
    expect(server(input)).toBe(normalised);
  });

  it.each([
    ['an Almaty landline', '+7 727 250 00 00'],
    ['an Astana landline', '+7 717 255 55 55'],
    ['an unassigned 7xx range', '+7 790 123 45 67'],
    ['a Russian mobile', '+7 916 123 45 67'],
    ['a Moscow landline', '+7 495 123 45 67'],
    ['a free-phone number', '8 800 080 88 00'],
    ['a number one digit short', '+7 701 234 56 7'],
  ])('refuses %s (%s), as libphonenumber-js does', (_what, input) => {
    const national = input.replace(/\D/g, '').slice(1);
    expect(national.length === 10 && libphonenumberSaysKzMobile(national)).toBe(false);
    expect(normaliseKzMobile(input)).toBeNull();
    expect(server(input)).toBeNull();
  });

  it('the storefront and the server agree on every prefix 700–799 in both typed forms', () => {
    const samples: string[] = [];
    for (let p = 700; p <= 799; p++) samples.push(`+7 ${p} 123 45 67`, `8${p}9876543`);
    for (const s of samples) expect([s, normaliseKzMobile(s)]).toEqual([s, server(s)]);
  });
});

describe('normaliseMobile (the server’s check)', () => {
  it('answers 400 with the field error under the given field', () => {
    expect(() => normaliseMobile('+7 916 123 45 67', 'delivery.contactPhone')).toThrow(AppError);
    try {
      normaliseMobile('+7 916 123 45 67', 'delivery.contactPhone');
    } catch (err) {
      expect(err).toMatchObject({
        statusCode: 400,
        errors: {
          'delivery.contactPhone': ['Укажите казахстанский мобильный номер, например +7 701 234 56 78'],
        },
      });
    }
  });
});
