import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createWebkassaSimulator,
  WEBKASSA_SIMULATOR_CREDENTIALS as C,
  type WebkassaSimulator,
} from './webkassa.simulator.ts';

// The Webkassa simulator over real HTTP: the v4 contract (fiscal-webkassa.md §2–§8) and its faults.

let clock = new Date('2026-07-02T09:00:00Z');
let sim: WebkassaSimulator;
let token: string;

beforeAll(async () => {
  sim = createWebkassaSimulator({ now: () => clock, tokenTtlSeconds: 3600 });
  await sim.listen();
});
afterAll(() => sim.close());

async function call(path: string, body: Record<string, unknown>, key: string = C.apiKey) {
  const res = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}
async function authorize() {
  const r = (await call('/api/v4/Authorize', { Login: C.login, Password: C.password })).json();
  return r.Data.Token as string;
}
let seq = 0;
function sale(extra: Record<string, unknown> = {}) {
  return {
    Token: token,
    CashboxUniqueNumber: C.cashbox,
    OperationType: 2,
    Positions: [
      {
        Count: 2,
        Price: 5000,
        Discount: 1000,
        Markup: 0,
        Tax: 0,
        TaxType: 0,
        TaxPercent: null,
        PositionName: 'Платье женское',
        PositionCode: 'SKU-1-M',
        SectionCode: '1',
        UnitCode: 796,
        markList: [],
      },
    ],
    Payments: [{ Sum: 9000, PaymentType: 1 }],
    Change: 0,
    RoundType: 2,
    ExternalCheckNumber: `kiim-s-test-${++seq}`,
    ExternalOrderNumber: '100123',
    ...extra,
  };
}
const check = async (body: Record<string, unknown>) => (await call('/api/v4/check', body)).json();

beforeEach(async () => {
  sim.configure({
    slowMs: 0,
    fail505: 0,
    fail500: 0,
    loseAnswers: 0,
    duplicateWithData: true,
    offline: false,
    offlineLimitExceeded: false,
  });
  token = await authorize();
});

describe('authorisation', () => {
  it('refuses a wrong api key, a wrong password and an unknown token', async () => {
    expect((await call('/api/v4/Authorize', { Login: C.login, Password: C.password }, 'x')).status).toBe(401);
    const wrong = (await call('/api/v4/Authorize', { Login: C.login, Password: 'no' })).json();
    expect(wrong.Errors[0].Code).toBe(1);
    expect((await check(sale({ Token: 'nope' }))).Errors[0].Code).toBe(3);
    expect((await check(sale({ CashboxUniqueNumber: 'SWK0' }))).Errors[0].Code).toBe(6);
  });

  it('answers code 2 once a token expires', async () => {
    sim.expireTokens();
    expect((await check(sale())).Errors[0].Code).toBe(2);
    token = await authorize();
    expect((await check(sale())).Data.Total).toBe(9000);
  });
});

describe('check', () => {
  it('fiscalises a sale: fiscal sign, shift, ticket page with the total', async () => {
    const body = sale();
    const r = await check(body);
    expect(r.Errors).toBeUndefined();
    expect(r.Data).toMatchObject({ Total: 9000, OperationType: 2, OfflineMode: false });
    expect(r.Data.CheckNumber).toMatch(/^\d{13}$/);
    expect(r.Data.DateTime).toBe('02.07.2026 14:00:00');
    const page = await fetch(r.Data.TicketUrl);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Платье женское');
    expect(html).toMatch(/data-field="total">9\s000,00 ₸/);
    expect(html).toContain(r.Data.CheckNumber);
  });

  it('refuses content Webkassa refuses, and keeps nothing', async () => {
    const before = sim.receipts().length;
    const zero = sale();
    zero.Positions[0]!.Price = 0;
    zero.Positions[0]!.Discount = 0;
    zero.Payments = [{ Sum: 0, PaymentType: 1 }];
    expect((await check(zero)).Errors[0]).toMatchObject({ Code: 9 });
    expect((await check(sale({ Payments: [{ Sum: 8000, PaymentType: 1 }] }))).Errors[0].Code).toBe(9);
    const twice = sale({
      Payments: [
        { Sum: 4000, PaymentType: 0 },
        { Sum: 5000, PaymentType: 0 },
      ],
    });
    expect((await check(twice)).Errors[0].Text).toContain('дважды');
    expect((await check(sale({ ExternalCheckNumber: 'x'.repeat(51) }))).Errors[0].Code).toBe(9);
    expect(sim.receipts()).toHaveLength(before);
  });

  it('accepts mixed payments with change from cash, and checks included VAT', async () => {
    const vat = sale({
      Payments: [
        { Sum: 5000, PaymentType: 0 },
        { Sum: 5000, PaymentType: 1 },
      ],
      Change: 1000,
    });
    Object.assign(vat.Positions[0]!, { TaxType: 100, TaxPercent: 16, Tax: 1241.38 });
    expect((await check(vat)).Data.Total).toBe(9000);
    const wrong = sale();
    Object.assign(wrong.Positions[0]!, { TaxType: 100, TaxPercent: 16, Tax: 100 });
    expect((await check(wrong)).Errors[0].Code).toBe(9);
  });

  it('answers 14 on a repeated number, with or without the original data', async () => {
    const body = sale();
    const first = await check(body);
    const again = await check(body);
    expect(again.Errors[0].Code).toBe(14);
    expect(again.Data.CheckNumber).toBe(first.Data.CheckNumber);
    sim.configure({ duplicateWithData: false });
    expect((await check(body)).Data).toBeUndefined();
    expect(sim.receipts().filter((r) => r.externalCheckNumber === body.ExternalCheckNumber)).toHaveLength(1);
  });

  it('refuses a return without the sale basis (255) and takes it with the basis', async () => {
    const s = (await check(sale())).Data;
    const ret = sale({ OperationType: 3 });
    expect((await check(ret)).Errors[0].Text).toContain('[255]');
    const basis = {
      dateTime: s.DateTime,
      total: s.Total,
      checkNumber: s.CheckNumber,
      registrationNumber: s.CashboxRegistrationNumber,
      isOffline: false,
    };
    expect((await check({ ...ret, returnBasisDetails: { ...basis, total: 1 } })).Errors[0].Code).toBe(255);
    const ok = await check({ ...ret, returnBasisDetails: basis });
    expect(ok.Data.OperationType).toBe(3);
    const more = sale({ OperationType: 3, returnBasisDetails: basis });
    expect((await check(more)).Errors[0].Code).toBe(9);
  });
});

describe('shifts and faults', () => {
  it('numbers shifts, closes them with a Z-report and refuses a shift over 24 h (11)', async () => {
    await call('/api/v4/ZReport', { Token: token, CashboxUniqueNumber: C.cashbox });
    const z = await call('/api/v4/ZReport', { Token: token, cashboxUniqueNumber: C.cashbox });
    expect(z.json().Errors[0].Code).toBe(13);
    const first = (await check(sale())).Data;
    const second = (await check(sale())).Data;
    expect(second.ShiftNumber).toBe(first.ShiftNumber);
    expect(second.CheckOrderNumber).toBe(first.CheckOrderNumber + 1);
    clock = new Date(clock.getTime() + 25 * 3600_000);
    token = await authorize();
    expect((await check(sale())).Errors[0].Code).toBe(11);
    const report = (await call('/api/v4/ZReport', { Token: token, CashboxUniqueNumber: C.cashbox })).json();
    expect(report.Data).toMatchObject({ ShiftNumber: first.ShiftNumber, DocumentCount: 2 });
    const next = (await check(sale())).Data;
    expect(next).toMatchObject({ ShiftNumber: first.ShiftNumber + 1, CheckOrderNumber: 1 });
  });

  it('answers 505 with alternative hosts, then 500 as HTML, then works', async () => {
    sim.configure({ fail505: 1, fail500: 1, alternativeDomains: ['kkm2.example.kz'] });
    const down = await call('/api/v4/check', sale());
    expect(down.status).toBe(500);
    expect(down.text).toContain('<html>');
    const r505 = await call('/api/v4/check', sale());
    expect(r505.json().Errors[0].Code).toBe(505);
    expect(r505.headers.get('alternativedomainnames')).toBe('kkm2.example.kz');
    expect((await check(sale())).Data.Total).toBe(9000);
  });

  it('loses an answer after accepting it; the receipt is found by its number', async () => {
    sim.configure({ loseAnswers: 1 });
    const body = sale();
    await expect(check(body)).rejects.toThrow();
    const kept = sim.receipts().find((r) => r.externalCheckNumber === body.ExternalCheckNumber)!;
    expect(kept).toBeDefined();
    const base = {
      Token: token,
      CashboxUniqueNumber: C.cashbox,
      ExternalCheckNumber: body.ExternalCheckNumber,
    };
    const noShift = await call('/api-history/v4/Ticket/GetTicketByExternalCheckNumber', base);
    expect(noShift.json().Errors[0].Code).toBe(15);
    const found = await call('/api-history/v4/Ticket/GetTicketByExternalCheckNumber', {
      ...base,
      ShiftNumber: kept.shiftNumber,
    });
    expect(found.json().Data).toMatchObject({ CheckNumber: kept.checkNumber, Total: 9000 });
  });

  it('refuses a concurrent call on one cash register (9), answers late when slow, 18 and offline', async () => {
    sim.configure({ slowMs: 150 });
    const [a, b] = await Promise.all([check(sale()), check(sale())]);
    const codes = [a, b].map((r) => r.Errors?.[0]?.Code ?? 0).sort();
    expect(codes).toEqual([0, 9]);
    sim.configure({ slowMs: 0, offline: true });
    expect((await check(sale())).Data.OfflineMode).toBe(true);
    sim.configure({ offlineLimitExceeded: true });
    expect((await check(sale())).Errors[0].Code).toBe(18);
  });
});
