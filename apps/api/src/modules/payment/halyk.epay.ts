import { HalykToken } from '@kiim/contract';
import type { PaymentConfig } from '#app/config.ts';
import {
  PaymentProviderError,
  type PaymentProvider,
  type PaymentTokenRequest,
  type ProviderTransaction,
  type StatusCheck,
} from './payment.provider.ts';

/** The ePay endpoints and credentials the adapter needs (all from configuration). */
interface HalykEpaySettings {
  oauthUrl: string;
  apiUrl: string;
  scriptUrl: string;
  clientId: string;
  clientSecret: string;
  terminalId: string;
  scope: string;
  apiScope: string;
  timeoutMs: number;
}

/**
 * The adapter's settings from configuration.
 * @returns null when the ePay URLs are not known (simulator mode before the simulator was started).
 */
function halykSettings(config: PaymentConfig['epay']): HalykEpaySettings | null {
  if (!config.oauthUrl || !config.apiUrl || !config.scriptUrl) return null;
  return {
    oauthUrl: config.oauthUrl,
    apiUrl: config.apiUrl.replace(/\/+$/, ''),
    scriptUrl: config.scriptUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    terminalId: config.terminalId,
    scope: config.scope,
    apiScope: config.apiScope,
    timeoutMs: config.timeoutMs,
  };
}

const text = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v));

/** Tenge from ePay's amount (a number or numeric text, possibly `1500.00`). NaN when it is not a number. */
export function parseAmount(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return Number.NaN;
}

/**
 * One HTTP call to ePay with a timeout; the answer's JSON (null when empty or not JSON).
 * @throws PaymentProviderError when ePay does not answer or answers an HTTP error (its `code` kept).
 */
async function callEpay(
  fetchImpl: typeof fetch,
  timeoutMs: number,
  url: string,
  init: RequestInit,
  what: string,
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new PaymentProviderError(`ePay ${what}: no answer (${(err as Error).message})`);
  }
  const body = await res.text();
  let json: unknown;
  try {
    json = body ? JSON.parse(body) : null;
  } catch {
    json = null;
  }
  if (!res.ok) {
    const code = json && typeof json === 'object' && 'code' in json ? String(json.code) : undefined;
    throw new PaymentProviderError(
      `ePay ${what}: HTTP ${res.status} ${body.slice(0, 200)}`,
      res.status,
      code,
    );
  }
  return json;
}

/**
 * ePay's status answer (payments-sms.md §1 Status API) → {@link StatusCheck}: resultCode 100 found, 101 rejected
 * (transaction given) → `found`; 102 → `not-found`; anything else (103 error, 104/106/109 terminal problems,
 * 107 try later) → PaymentProviderError.
 */
function readStatusAnswer(answer: unknown, invoiceId: string): StatusCheck {
  const json = answer as {
    resultCode?: unknown;
    resultMessage?: unknown;
    transaction?: Record<string, unknown>;
  } | null;
  const resultCode = text(json?.resultCode) ?? '';
  if (resultCode === '102') return { kind: 'not-found' };
  const t = json?.transaction;
  if ((resultCode === '100' || resultCode === '101') && t && typeof t === 'object') {
    const transaction: ProviderTransaction = {
      id: text(t.id),
      invoiceId: text(t.invoiceID ?? t.invoiceId) ?? invoiceId,
      amount: parseAmount(t.amount),
      amountBonus: t.amountBonus === undefined || t.amountBonus === null ? 0 : parseAmount(t.amountBonus),
      payoutAmount:
        t.payoutAmount === undefined || t.payoutAmount === null ? null : parseAmount(t.payoutAmount),
      currency: text(t.currency) ?? '',
      statusName: text(t.statusName) ?? '',
      reason: text(t.reason),
      reasonCode: text(t.reasonCode),
      cardMask: text(t.cardMask),
      approvalCode: text(t.approvalCode),
      reference: text(t.reference),
    };
    return { kind: 'found', resultCode, transaction };
  }
  throw new PaymentProviderError(
    `ePay status: resultCode ${resultCode || '?'} ${text(json?.resultMessage) ?? ''}`.trim(),
    200,
    resultCode || undefined,
  );
}

/**
 * Halyk ePay adapter (payments-sms.md §1): OAuth tokens (form-encoded, a fresh one for every operation), the
 * status API ({@link readStatusAnswer}) and charge/cancel/refund, over `fetch` with a timeout. Speaks to the
 * real ePay or to the project's simulator alike.
 */
export function createHalykEpay(
  settings: HalykEpaySettings,
  fetchImpl: typeof fetch = fetch,
): PaymentProvider {
  const request = (url: string, init: RequestInit, what: string) =>
    callEpay(fetchImpl, settings.timeoutMs, url, init, what);

  async function token(fields: Record<string, string>, what: string): Promise<HalykToken> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      terminal: settings.terminalId,
      ...fields,
    });
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const json = await request(settings.oauthUrl, { method: 'POST', headers, body: form.toString() }, what);
    const parsed = HalykToken.safeParse(json);
    if (!parsed.success) throw new PaymentProviderError(`ePay ${what}: unexpected token answer`);
    return parsed.data;
  }

  const apiToken = async (what: string) =>
    (await token({ scope: settings.apiScope }, `${what} token`)).access_token;

  /**
   * `POST {api}/operation/{id}/{op}`. Charge takes a partial `amount` in the query; a refund takes `amount` and
   * `externalID` in the query string only (payments-sms.md §3: a refund amount in a body is not documented and
   * risks a full refund). No body is sent.
   */
  async function operation(
    transactionId: string,
    op: 'charge' | 'cancel' | 'refund',
    amount?: number,
    externalId?: string,
  ) {
    const headers = { authorization: `Bearer ${await apiToken(op)}` };
    const query = new URLSearchParams();
    if (amount !== undefined) query.set('amount', String(amount));
    if (externalId !== undefined) query.set('externalID', externalId);
    const qs = query.size ? `?${query.toString()}` : '';
    await request(
      `${settings.apiUrl}/operation/${encodeURIComponent(transactionId)}/${op}${qs}`,
      { method: 'POST', headers },
      op,
    );
  }

  return {
    name: 'halyk',
    scriptUrl: settings.scriptUrl,
    terminalId: settings.terminalId,
    paymentToken: (r: PaymentTokenRequest) =>
      token(
        {
          scope: settings.scope,
          invoiceID: r.invoiceId,
          secret_hash: r.secretHash,
          amount: String(r.amount),
          currency: r.currency,
          postLink: r.postLink,
          failurePostLink: r.failurePostLink,
        },
        'payment token',
      ),
    async checkStatus(invoiceId: string): Promise<StatusCheck> {
      const headers = { authorization: `Bearer ${await apiToken('status')}` };
      const url = `${settings.apiUrl}/check-status/payment/transaction/${encodeURIComponent(invoiceId)}`;
      return readStatusAnswer(await request(url, { method: 'GET', headers }, 'status'), invoiceId);
    },
    charge: (transactionId, amount) => operation(transactionId, 'charge', amount),
    cancel: (transactionId) => operation(transactionId, 'cancel'),
    refund: (transactionId, amount, externalId) => operation(transactionId, 'refund', amount, externalId),
  };
}

/**
 * The provider used when ePay is not reachable by configuration (simulator mode without a started
 * simulator, e.g. API tests that do not pay): every call fails with PaymentProviderError, so card payments
 * answer 502 and nothing changes.
 */
export function unconfiguredProvider(): PaymentProvider {
  const fail = async (): Promise<never> => {
    throw new PaymentProviderError('ePay is not configured: set EPAY_* or start the simulator');
  };
  return {
    name: 'halyk',
    scriptUrl: '',
    terminalId: '',
    paymentToken: fail,
    checkStatus: fail,
    charge: fail,
    cancel: fail,
    refund: fail,
  };
}

/** The provider for this configuration: the Halyk adapter when ePay's URLs are known, else unconfigured. */
export function createPaymentProvider(config: PaymentConfig): PaymentProvider {
  const settings = halykSettings(config.epay);
  return settings ? createHalykEpay(settings) : unconfiguredProvider();
}
