import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebkassaSimulator, type WebkassaSimulator } from '@kiim/tools/webkassa-simulator';
import { WEBKASSA_SIMULATOR_CREDENTIALS as SIM } from '#app/config.fiscal.ts';
import type { FiscalDocument } from './fiscal.provider.ts';
import { alternativeOrigins, createWebkassa } from './webkassa.ts';

// Webkassa's 505 (service down on this host) names temporary hosts in `AlternativeDomainNames`; the adapter resends
// the same call there (fiscal-webkassa.md §7, issue 32), HTTPS only, a bounded number of hosts.

let wk: WebkassaSimulator;
beforeAll(async () => {
  wk = createWebkassaSimulator();
  await wk.listen();
});
afterAll(async () => wk?.close());

const provider = () =>
  createWebkassa({
    ...{ url: wk.url, apiKey: SIM.apiKey, login: SIM.login, password: SIM.password },
    ...{ vatPercent: null, timeoutMs: 5_000 },
  });
let n = 0;
const sale = (): FiscalDocument => ({
  cashbox: SIM.cashbox,
  operation: 'sale',
  externalCheckNumber: `failover-${++n}`,
  content: {
    positions: [{ name: 'Футболка (белый, M)', code: 'KIIM-1-M', count: 1, price: 4990, discount: 0 }],
    payments: [{ type: 'card', sum: 4990 }],
    ...{ orderNumber: `F-${n}`, email: null, phone: null },
  },
  basis: null,
});

describe('505 with AlternativeDomainNames', () => {
  it('resends the receipt to the alternative host and takes its answer', async () => {
    const host = new URL(wk.url).host;
    const kassa = provider();
    // Signed in first, so the 505 meets the receipt itself.
    expect((await kassa.issue(sale())).kind).toBe('done');
    wk.configure({ fail505: 1, alternativeDomains: ['bad host/with/path', host] });
    const doc = sale();
    const before = wk.calls().length;
    const outcome = await kassa.issue(doc);
    expect(outcome.kind).toBe('done');
    expect(
      wk
        .calls()
        .slice(before)
        .map((c) => c.code),
    ).toEqual([505, 0]);
    expect(wk.receipts().filter((r) => r.externalCheckNumber === doc.externalCheckNumber)).toHaveLength(1);
  });

  it('every host down: retried later, never refused', async () => {
    const host = new URL(wk.url).host;
    const kassa = provider();
    expect((await kassa.issue(sale())).kind).toBe('done');
    wk.configure({ fail505: 3, alternativeDomains: [host, host] });
    const outcome = await kassa.issue(sale());
    expect(outcome.kind).toBe('retry');
    wk.configure({ fail505: 0 });
  });

  it('reads the header as HTTPS hosts only, at most three, plain HTTP only for the local simulator', () => {
    const live = 'https://devkkm.webkassa.kz';
    expect(alternativeOrigins('kkm2.webkassa.kz, kkm3.webkassa.kz:8443', live)).toEqual([
      'https://kkm2.webkassa.kz',
      'https://kkm3.webkassa.kz:8443',
    ]);
    expect(
      alternativeOrigins('http://evil.example, user@evil.example, a/b, , a.kz,b.kz,c.kz,d.kz', live),
    ).toEqual(['https://a.kz', 'https://b.kz', 'https://c.kz']);
    expect(alternativeOrigins('127.0.0.1:9000', live)).toEqual(['https://127.0.0.1:9000']);
    expect(alternativeOrigins('127.0.0.1:9000', 'http://127.0.0.1:8000')).toEqual(['http://127.0.0.1:9000']);
    expect(alternativeOrigins(null, live)).toEqual([]);
  });
});
