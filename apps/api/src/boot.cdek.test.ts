import { describe, expect, it } from 'vitest';
import { startCdekSimulator } from '@kiim/tools/cdek-simulator/start';
import { loadConfig } from './config.ts';
import { startLocalCdek, withCdek } from './boot.cdek.ts';
import { shippingDeps } from './modules/shipping/shipping.checkout.ts';

// Boot in CDEK_MODE=simulator (issue 34): with no CDEK_API_URL the server entry's simulator is started in-process
// and the shop's adapter is pointed at it; a URL given (a test's own simulator) is used as set.

const configWith = (env: Record<string, string>) =>
  loadConfig({ ...process.env, NODE_ENV: 'test', AUTO_SEED: 'false', KASPI_PAY_MODE: 'off', ...env });

describe('CDEK simulator at boot', () => {
  it('starts the simulator when CDEK_MODE=simulator names no URL, and the carrier answers from it', async () => {
    const config = configWith({ CDEK_MODE: 'simulator' });
    const local = await startLocalCdek(config, startCdekSimulator);
    try {
      expect(local?.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2$/);
      const deps = shippingDeps(withCdek(config, local).shipping.cdek, 'test-secret')!;
      expect((await deps.carrier.points(5166)).map((p) => p.code)).toEqual(['KOK1', 'KOK2']);
    } finally {
      await local?.close();
    }
  });

  it('starts nothing when off or given a URL, and refuses simulator mode without a simulator to start', async () => {
    expect(await startLocalCdek(configWith({ CDEK_MODE: 'off' }), startCdekSimulator)).toBeNull();
    const given = configWith({ CDEK_MODE: 'simulator', CDEK_API_URL: 'http://127.0.0.1:9/v2' });
    expect(await startLocalCdek(given, startCdekSimulator)).toBeNull();
    await expect(startLocalCdek(configWith({ CDEK_MODE: 'simulator' }), undefined)).rejects.toThrow(
      /CDEK_MODE: simulator mode needs the CDEK simulator/,
    );
  });
});
