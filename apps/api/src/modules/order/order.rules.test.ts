import { describe, expect, it } from 'vitest';
import { normaliseKzMobile } from '@kiim/contract';
import { normaliseMobile } from '#app/modules/customer/customer.phone.ts';

describe('the storefront’s phone rule agrees with the server’s libphonenumber check', () => {
  const server = (input: string) => {
    try {
      return normaliseMobile(input);
    } catch {
      return null;
    }
  };
  it('on every Kazakh prefix 700–799 and on Russian and landline numbers', () => {
    const samples: string[] = [];
    for (let p = 700; p <= 799; p++) samples.push(`+7 ${p} 123 45 67`, `8${p}9876543`);
    samples.push(
      '+7 727 250 00 00',
      '+7 717 255 55 55',
      '+7 916 123 45 67',
      '+7 495 123 45 67',
      '+7 812 123 45 67',
    );
    for (const s of samples) expect([s, normaliseKzMobile(s)]).toEqual([s, server(s)]);
  });
});
