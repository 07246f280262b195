import { z } from 'zod';
import {
  FiscalTransportError,
  type FiscalDocument,
  type FiscalProvider,
  type FiscalResult,
  type IssueOutcome,
} from './fiscal.provider.ts';

// The Webkassa v4 protocol (fiscal-webkassa.md; issue 32): the one file that knows Webkassa's paths, fields and
// error codes. Business errors come with HTTP 200 in `Errors[]`; every answer is read through zod.

/** What the adapter needs: where Webkassa is, the shop's credentials, VAT mode, the deadline of one call. */
export interface WebkassaConfig {
  url: string;
  apiKey: string;
  login: string;
  password: string;
  /** VAT rate in percent (16 standard since 1 Jan 2026), or null: no VAT (TaxType 0). */
  vatPercent: number | null;
  /** Deadline of one call, ms (Webkassa has no timeout field: the client sets its own). */
  timeoutMs: number;
}

const errors = z.array(z.object({ Code: z.number(), Text: z.string().max(2000).catch('') })).max(20);
const resultData = z.object({
  CheckNumber: z.union([z.string(), z.number()]).transform(String),
  DateTime: z.string().max(40),
  ShiftNumber: z.number().int(),
  CheckOrderNumber: z.number().int().catch(0),
  Total: z.number(),
  OfflineMode: z.boolean().catch(false),
  CashboxRegistrationNumber: z.union([z.string(), z.number()]).transform(String).optional(),
  Cashbox: z.object({ RegistrationNumber: z.string() }).partial().optional(),
  TicketUrl: z.string().max(2000).nullish(),
});
const envelope = z.object({ Data: z.unknown().optional(), Errors: errors.nullish() });
type Envelope = { data: unknown; error: { code: number; text: string } | null };

/** Webkassa codes that mean the document's content is wrong: never resent as is (§8: 9, 255). */
const CONTENT_CODES = new Set([9, 255]);
const PAYMENT_TYPE = { cash: 0, card: 1, mobile: 4 } as const;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Webkassa's result `Data` as {@link FiscalResult}; both cashbox shapes are read (§4). Null when it is none. */
export function readResult(data: unknown): FiscalResult | null {
  const parsed = resultData.safeParse(data);
  if (!parsed.success) return null;
  const d = parsed.data;
  return {
    checkNumber: d.CheckNumber,
    dateTime: d.DateTime,
    shiftNumber: d.ShiftNumber,
    checkOrderNumber: d.CheckOrderNumber,
    total: d.Total,
    registrationNumber: d.CashboxRegistrationNumber ?? d.Cashbox?.RegistrationNumber ?? '',
    offline: d.OfflineMode,
    ticketUrl: d.TicketUrl ?? null,
  };
}

/** The `check` body of a document (§4): positions with included VAT when configured, payments aggregated. */
export function checkBody(doc: FiscalDocument, vatPercent: number | null) {
  const positions = doc.content.positions.map((p) => {
    const sum = p.count * p.price - p.discount;
    return {
      Count: p.count,
      Price: p.price,
      Discount: p.discount,
      Markup: 0,
      Tax: vatPercent ? round2((sum * vatPercent) / (100 + vatPercent)) : 0,
      TaxType: vatPercent ? 100 : 0,
      TaxPercent: vatPercent,
      PositionName: p.name,
      PositionCode: p.code,
      SectionCode: '1',
      UnitCode: 796,
      WarehouseType: 0,
      markList: [],
    };
  });
  return {
    CashboxUniqueNumber: doc.cashbox,
    OperationType: doc.operation === 'sale' ? 2 : 3,
    Positions: positions,
    Payments: doc.content.payments.map((p) => ({ Sum: p.sum, PaymentType: PAYMENT_TYPE[p.type] })),
    Change: 0,
    RoundType: 2,
    ExternalCheckNumber: doc.externalCheckNumber,
    ExternalOrderNumber: doc.content.orderNumber,
    CustomerEmail: doc.content.email,
    CustomerPhone: doc.content.phone,
    ...(doc.basis ? { returnBasisDetails: doc.basis } : {}),
  };
}

/** Alternative hosts tried after a 505, at most (Webkassa's `AlternativeDomainNames`, fiscal-webkassa.md §7). */
const MAX_ALTERNATIVES = 3;

/**
 * Where to resend a call Webkassa answered 505 (service down on this host): the hosts of its
 * `AlternativeDomainNames` header, as HTTPS origins only, at most {@link MAX_ALTERNATIVES}; anything that is not a
 * plain host name (a path, a scheme, user-info) is ignored. Plain HTTP is kept only for a loopback host while the
 * configured URL is itself plain HTTP on loopback (the local simulator).
 * @param header the header's value (comma-separated hosts), or null.
 * @param configured the configured WEBKASSA_URL.
 */
export function alternativeOrigins(header: string | null, configured: string): string[] {
  if (!header) return [];
  const local = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/.test(configured);
  const origins: string[] = [];
  for (const raw of header.split(',')) {
    const host = raw.trim().toLowerCase();
    if (!/^[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?(?::\d{1,5})?$/.test(host)) continue;
    const loopback = /^(127\.0\.0\.1|localhost)(:|$)/.test(host);
    origins.push(`${local && loopback ? 'http' : 'https'}://${host}`);
    if (origins.length === MAX_ALTERNATIVES) break;
  }
  return origins;
}

/**
 * The Webkassa adapter: one token per process, renewed on code 2/3 and the call retried once; a shift over 24 h
 * (11) closed by a Z-report and the receipt retried once; a duplicate (14) read from its `Data` or left
 * uncertain for the queue to find; content refusals (9, 255) final; 505, 500, 18 and the rest retried later.
 */
export function createWebkassa(config: WebkassaConfig): FiscalProvider {
  let token: string | null = null;

  /**
   * One call: to the configured URL, and on code 505 the same path and body to each of the answer's
   * `AlternativeDomainNames` in turn (fiscal-webkassa.md §7) until one answers otherwise.
   */
  async function post(path: string, body: Record<string, unknown>): Promise<Envelope> {
    const first = await postTo(config.url.replace(/\/+$/, ''), path, body);
    if (first.envelope.error?.code !== 505) return first.envelope;
    let last = first.envelope;
    for (const origin of alternativeOrigins(first.alternatives, config.url)) {
      last = (await postTo(origin, path, body)).envelope;
      if (last.error?.code !== 505) return last;
    }
    return last;
  }

  async function postTo(
    origin: string,
    path: string,
    body: Record<string, unknown>,
  ): Promise<{ envelope: Envelope; alternatives: string | null }> {
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${origin}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-api-key': config.apiKey,
          'accept-language': 'ru-RU',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      throw new FiscalTransportError(`Webkassa не ответила: ${(err as Error).message}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new FiscalTransportError(`Webkassa ответила не JSON (HTTP ${res.status})`);
    }
    const parsed = envelope.safeParse(json);
    if (!parsed.success)
      throw new FiscalTransportError(`Webkassa ответила без конверта (HTTP ${res.status})`);
    const e = parsed.data.Errors?.[0];
    return {
      envelope: { data: parsed.data.Data, error: e ? { code: e.Code, text: e.Text } : null },
      alternatives: res.headers.get('alternativedomainnames'),
    };
  }

  async function authorize(): Promise<string> {
    const r = await post('/api/v4/Authorize', { Login: config.login, Password: config.password });
    const t = z.object({ Token: z.string().min(1).max(500) }).safeParse(r.data);
    if (r.error || !t.success)
      throw new Error(`Webkassa: вход не выполнен (${r.error?.code ?? '?'} ${r.error?.text ?? ''})`);
    token = t.data.Token;
    return token;
  }

  /** A call with the session token: on code 2 or 3 authorises again and repeats it once. */
  async function call(path: string, body: Record<string, unknown>): Promise<Envelope> {
    const first = await post(path, { ...body, Token: token ?? (await authorize()) });
    if (first.error?.code !== 2 && first.error?.code !== 3) return first;
    return post(path, { ...body, Token: await authorize() });
  }

  async function closeShift(cashbox: string): Promise<number | null> {
    const r = await call('/api/v4/ZReport', { CashboxUniqueNumber: cashbox });
    if (r.error?.code === 12 || r.error?.code === 13) return null;
    if (r.error) throw new Error(`Webkassa Z-отчёт: [${r.error.code}] ${r.error.text}`);
    return z.object({ ShiftNumber: z.number().int() }).safeParse(r.data).data?.ShiftNumber ?? null;
  }

  async function send(doc: FiscalDocument, shiftClosed: boolean): Promise<IssueOutcome> {
    let r: Envelope;
    try {
      r = await call('/api/v4/check', checkBody(doc, config.vatPercent));
    } catch (err) {
      if (err instanceof FiscalTransportError) return { kind: 'uncertain', message: err.message };
      return { kind: 'retry', message: (err as Error).message };
    }
    const result = readResult(r.data);
    if (!r.error)
      return result ? { kind: 'done', result } : { kind: 'uncertain', message: 'Webkassa: ответ без чека' };
    const message = `[${r.error.code}] ${r.error.text}`;
    if (r.error.code === 14)
      return result ? { kind: 'done', result } : { kind: 'uncertain', message: `дубликат: ${message}` };
    if (r.error.code === 11 && !shiftClosed) {
      try {
        await closeShift(doc.cashbox);
      } catch (err) {
        return { kind: 'retry', message: (err as Error).message };
      }
      return send(doc, true);
    }
    // Code 9 also means a broken per-cashbox sequence (a call still running at Webkassa, e.g. one whose answer came
    // after our deadline): not the content's fault, so tried again later.
    if (r.error.code === 9 && /последовательн/i.test(r.error.text)) return { kind: 'retry', message };
    if (CONTENT_CODES.has(r.error.code)) return { kind: 'refused', message };
    return { kind: 'retry', message };
  }

  async function find(cashbox: string, ext: string, shiftHint: number | null): Promise<FiscalResult | null> {
    const shifts = new Set<number>();
    if (shiftHint) shifts.add(shiftHint);
    const history = await call('/api/v4/Cashbox/ShiftHistory', {
      CashboxUniqueNumber: cashbox,
      Skip: 0,
      Take: 3,
    });
    const rows = z
      .object({ Items: z.array(z.object({ ShiftNumber: z.number().int() })).max(100) })
      .safeParse(history.data);
    for (const s of rows.data?.Items ?? []) shifts.add(s.ShiftNumber);
    for (const shift of shifts) {
      const r = await call('/api-history/v4/Ticket/GetTicketByExternalCheckNumber', {
        CashboxUniqueNumber: cashbox,
        ExternalCheckNumber: ext,
        ShiftNumber: shift,
      });
      const result = readResult(r.data);
      if (!r.error && result) return result;
      if (r.error && r.error.code !== 15 && r.error.code !== 16)
        throw new FiscalTransportError(`Webkassa поиск чека: [${r.error.code}] ${r.error.text}`);
    }
    return null;
  }

  return { issue: (doc) => send(doc, false), find, closeShift };
}
