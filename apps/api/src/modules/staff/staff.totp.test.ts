import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  checkTotp,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  recoveryCodeHash,
  sealSecret,
} from './staff.totp.ts';

// The pieces of two-factor without a database: the code check at a given time, the encryption of secrets at rest,
// recovery codes.

const at = new Date('2026-05-01T10:00:10Z');
const code = (secret: string, when: Date) => generate({ secret, epoch: Math.floor(when.getTime() / 1000) });

describe('TOTP codes', () => {
  it('accepts the code of this step and of the neighbouring ones, once each, and nothing older', async () => {
    const { secret, otpauthUrl } = await newTotpSecret('owner@kiim.kz');
    expect(otpauthUrl).toBe(`otpauth://totp/Kiim:owner%40kiim.kz?secret=${secret}&issuer=Kiim`);
    const now = await checkTotp(secret, await code(secret, at), at, null);
    expect(now).toBe(Math.floor(at.getTime() / 30_000));
    expect(await checkTotp(secret, await code(secret, new Date(at.getTime() - 30_000)), at, null)).toBe(
      now! - 1,
    );
    expect(await checkTotp(secret, await code(secret, new Date(at.getTime() + 30_000)), at, null)).toBe(
      now! + 1,
    );
    expect(await checkTotp(secret, await code(secret, new Date(at.getTime() - 60_000)), at, null)).toBeNull();
    expect(await checkTotp(secret, await code(secret, at), at, now)).toBeNull();
    expect(await checkTotp(secret, '000000', at, null)).toBeNull();
  });
});

describe('secrets at rest', () => {
  it('are encrypted, open only with the same OTP_SECRET, and refuse tampering', () => {
    const sealed = sealSecret('one-secret-of-the-shop', 'JBSWY3DPEHPK3PXPJBSWY3DP');
    expect(sealed).not.toContain('JBSWY3DP');
    expect(sealed).not.toBe(sealSecret('one-secret-of-the-shop', 'JBSWY3DPEHPK3PXPJBSWY3DP'));
    expect(openSecret('one-secret-of-the-shop', sealed)).toBe('JBSWY3DPEHPK3PXPJBSWY3DP');
    expect(() => openSecret('another-secret-of-a-shop', sealed)).toThrow();
    const [v, iv, tag, data] = sealed.split('.');
    const flipped = `${data![0] === 'A' ? 'B' : 'A'}${data!.slice(1)}`;
    expect(() => openSecret('one-secret-of-the-shop', [v, iv, tag, flipped].join('.'))).toThrow();
  });
});

describe('recovery codes', () => {
  it('are 10 distinct unambiguous codes whose hash ignores case, spaces and the dash', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-hj-km-np-z2-9]{5}-[a-hj-km-np-z2-9]{5}$/);
    const h = recoveryCodeHash('secret-of-the-shop', codes[0]!);
    expect(recoveryCodeHash('secret-of-the-shop', ` ${codes[0]!.toUpperCase().replace('-', ' ')} `)).toBe(h);
    expect(recoveryCodeHash('other-secret-of-shop', codes[0]!)).not.toBe(h);
  });
});
