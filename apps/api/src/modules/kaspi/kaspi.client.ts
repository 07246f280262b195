import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { KaspiConfig } from '#app/config.kaspi.ts';
import { answers, envelope, isRetryable, PATHS, requests } from './kaspi.protocol.ts';
import { kaspiTransport, type KaspiAnswer } from './kaspi.transport.ts';

// The shop's Kaspi Pay adapter: HTTP, the envelope and the answers' validation around kaspi.protocol.ts. Every
// answer is read through zod; anything malformed is a KaspiError, never a crash.

/** Kaspi refused a call (`code` its StatusCode) or did not answer well (`code` undefined: network, HTTP, shape). */
export class KaspiError extends Error {
  constructor(
    message: string,
    readonly code?: number,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'KaspiError';
  }
  /** True when the same call may succeed later: no or a malformed answer, HTTP 5xx, or StatusCode -999. */
  get retryable(): boolean {
    return this.code === undefined || isRetryable(this.code);
  }
}

/** A created payment: Kaspi's id, what the shopper is shown, and how to poll it (seconds). */
export interface CreatedPayment {
  qrPaymentId: string;
  qrToken: string | null;
  paymentLink: string | null;
  behaviour: { pollSeconds: number; scanSeconds: number; confirmSeconds: number } | null;
}

/** Kaspi Pay as the kaspi module uses it; tests may pass their own. Every method throws {@link KaspiError}. */
export interface KaspiPay {
  registerDevice(): Promise<string>;
  /** `qr/create` or `qr/create-link` for `amount` tenge with our `externalId`. */
  create(
    kind: 'qr' | 'link',
    deviceToken: string,
    amount: number,
    externalId: string,
  ): Promise<CreatedPayment>;
  /** `remote/create`: an invoice pushed to the Kaspi app of `phone` (11 digits, 7XXXXXXXXXX). */
  remote(deviceToken: string, amount: number, phone: string, comment: string): Promise<CreatedPayment>;
  status(
    qrPaymentId: string,
  ): Promise<{ status: string; transactionId: string | null; amount: number | null }>;
  /** Tenge still returnable of a payment (`payment/details.AvailableReturnAmount`) and its total. */
  details(qrPaymentId: string, deviceToken: string): Promise<{ total: number; available: number }>;
  /** `payment/return` of `amount` tenge. @returns Kaspi's ReturnOperationId. */
  returnPayment(qrPaymentId: string, deviceToken: string, amount: number): Promise<string>;
}

/**
 * The adapter for the configured Kaspi (real or the simulator at `config.apiUrl`), with the client certificate of
 * the standard and enhanced schemes when configured (kaspi.transport.ts).
 * @throws Error when the certificate cannot be read (at start).
 */
export function createKaspiPay(config: KaspiConfig): KaspiPay {
  const bin = config.organizationBin;
  const send = kaspiTransport(config.clientCertificate);
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
  ): Promise<T> {
    if (!config.apiUrl) throw new KaspiError('KASPI_PAY_API_URL is not set');
    let res: KaspiAnswer;
    try {
      res = await send(`${config.apiUrl.replace(/\/+$/, '')}/${path}`, {
        method,
        headers: {
          ...(config.apiKey ? { 'Api-Key': config.apiKey } : {}),
          'X-Request-ID': randomUUID(),
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: config.timeoutMs,
      });
    } catch (err) {
      throw new KaspiError(`Kaspi не ответил: ${(err as Error).message}`);
    }
    const text = res.text;
    let json: unknown;
    try {
      json = JSON.parse(text.slice(0, 100_000));
    } catch {
      throw new KaspiError(`Kaspi ответил HTTP ${res.status} без JSON`, undefined, res.status);
    }
    const env = envelope.safeParse(json);
    if (!env.success)
      throw new KaspiError(`Kaspi ответил HTTP ${res.status} не по протоколу`, undefined, res.status);
    if (env.data.StatusCode !== 0)
      throw new KaspiError(
        `Kaspi: ${env.data.Message ?? 'ошибка'} (${env.data.StatusCode})`,
        env.data.StatusCode,
        res.status,
      );
    const data = schema.safeParse(env.data.Data);
    if (!data.success) throw new KaspiError(`Kaspi: ответ ${path} не по протоколу`, undefined, res.status);
    return data.data;
  }
  return {
    async registerDevice() {
      const body = requests.registerDevice(config.deviceId, config.tradePointId, bin);
      return (await call('POST', PATHS.registerDevice, answers.registerDevice, body)).DeviceToken;
    },
    async create(kind, deviceToken, amount, externalId) {
      const body = requests.create(deviceToken, amount, externalId, bin);
      if (kind === 'qr') {
        const d = await call('POST', PATHS.qr, answers.qr, body);
        return {
          qrPaymentId: d.QrPaymentId,
          qrToken: d.QrToken,
          paymentLink: null,
          behaviour: d.QrPaymentBehaviorOptions,
        };
      }
      const d = await call('POST', PATHS.link, answers.link, body);
      return {
        qrPaymentId: d.PaymentId,
        qrToken: null,
        paymentLink: d.PaymentLink,
        behaviour: d.PaymentBehaviorOptions,
      };
    },
    async remote(deviceToken, amount, phone, comment) {
      if (!bin) throw new KaspiError('KASPI_PAY_ORGANIZATION_BIN is not set: invoices by phone need it');
      const d = await call(
        'POST',
        PATHS.remote,
        answers.remote,
        requests.remote(deviceToken, amount, phone, comment, bin),
      );
      return { qrPaymentId: d.QrPaymentId, qrToken: null, paymentLink: null, behaviour: null };
    },
    async status(qrPaymentId) {
      const d = await call('GET', PATHS.status(qrPaymentId), answers.status);
      return { status: d.Status, transactionId: d.TransactionId ?? null, amount: d.Amount ?? null };
    },
    async details(qrPaymentId, deviceToken) {
      const d = await call('GET', PATHS.details(qrPaymentId, deviceToken), answers.details);
      return { total: d.TotalAmount, available: d.AvailableReturnAmount };
    },
    async returnPayment(qrPaymentId, deviceToken, amount) {
      const body = requests.return(deviceToken, qrPaymentId, amount, bin);
      return (await call('POST', PATHS.return, answers.return, body)).ReturnOperationId;
    },
  };
}
