import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { SIMULATOR_CREDENTIALS, type PaymentConfig } from '#app/config.ts';
import { cardDigits, cardMask, cardOutcome, cardType, expiryProblem, luhnValid } from './simulator.cards.ts';
import { errorPage, paymentApiScript, payformPage, widgetResultPage } from './simulator.pages.ts';

/**
 * The project's local Halyk ePay simulator (payments-sms.md §1 "What the project's ePay simulator must do"):
 * the same protocol as ePay on a loopback port, so the whole card flow runs in development and tests with no
 * network. It keeps its state in memory (it stands in for an external system).
 *
 * - `POST /oauth2/token` (form-encoded): client credentials + terminal; with `invoiceID` (6–15 digits, its
 *   last 6 digits unique among invoices), `amount`, `currency` KZT and `secret_hash` a payment token bound to
 *   them; without, an API token. Tokens expire (`expires_in` 1200 s).
 * - `GET /payform/payment-api.js`: `halyk.pay` and `halyk.showPaymentWidget`.
 * - `GET /payform/?params=…` the payment page; `POST /payform/pay` pays with a test card, schedules the
 *   callback and sends the browser to backLink/failureBackLink (or reports to the widget).
 * - Callbacks: JSON POST to postLink (`code: "ok"`) or failurePostLink (`code: "error"`) after a delay, in
 *   several copies, or lost — configurable.
 * - `GET /check-status/payment/transaction/{invoiceId}` (Bearer API token): resultCode 100/102.
 * - `POST /operation/{id}/charge|cancel|refund` (Bearer API token): AUTH→CHARGE, AUTH→CANCEL, CHARGE→REFUND.
 */

/** Behaviour knobs, changeable while running ({@link EpaySimulator.configure}). */
export interface SimulatorBehaviour {
  /** Milliseconds before a callback is posted. */
  callbackDelayMs: number;
  /** Copies of each callback posted at once. */
  callbackCopies: number;
  /** Share of callback copies never sent, 0..1. */
  callbackLoss: number;
  /** Two-stage terminal: approved payments stay `AUTH` until charged. */
  twoStage: boolean;
  /** The status API answers resultCode 107 (try later), as ePay does when busy. */
  statusUnavailable: boolean;
  /** Every API endpoint (token, status, operations) answers 503, as during an outage. */
  down: boolean;
}

export interface SimulatorOptions extends Partial<SimulatorBehaviour> {
  clientId?: string;
  clientSecret?: string;
  terminalId?: string;
  /** Payment token lifetime, seconds (ePay samples: 1200, 7200). */
  tokenTtlSeconds?: number;
  /** Posts a callback; default `fetch` with a 10 s timeout. Tests may deliver in-process. */
  deliver?: (url: string, body: Record<string, unknown>) => Promise<void>;
  /** Randomness of callback loss (tests make it deterministic). */
  random?: () => number;
  /** Current time (token expiry, card expiry, transaction dates). */
  now?: () => Date;
  /** Told about callbacks sent, lost or failed (logging). */
  onEvent?: (event: SimulatorEvent) => void;
}

/** What the simulator reports to `onEvent`. */
export type SimulatorEvent =
  | { type: 'callback-sent'; url: string; invoiceId: string; code: string }
  | { type: 'callback-lost'; url: string; invoiceId: string }
  | { type: 'callback-failed'; url: string; invoiceId: string; error: string };

interface Token {
  accessToken: string;
  expiresAt: number;
  clientId: string;
  terminal: string;
  invoice?: { invoiceId: string; amount: number; currency: string; secretHash: string; postLink?: string; failurePostLink?: string };
}

/** A transaction (one payment attempt) as the status API shows it; amounts in tenge. */
export interface SimTransaction {
  id: string;
  invoiceId: string;
  amount: number;
  chargedAmount: number;
  refundedAmount: number;
  currency: string;
  statusName: 'AUTH' | 'CHARGE' | 'CANCEL' | 'REFUND' | 'FAILED' | 'REJECT';
  reason: string | null;
  reasonCode: string | null;
  cardMask: string;
  cardType: string;
  approvalCode: string | null;
  reference: string;
  createdDate: string;
  terminal: string;
  accountId: string;
  description: string;
  email: string;
  phone: string;
  name: string;
  language: string;
  data: string;
}

interface Invoice {
  invoiceId: string;
  amount: number;
  currency: string;
  transactions: SimTransaction[];
}

/** A running simulator. */
export interface EpaySimulator {
  app: FastifyInstance;
  /** Origin of the simulator (`http://127.0.0.1:PORT`), known after {@link listen}. */
  readonly url: string;
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
  configure(change: Partial<SimulatorBehaviour>): void;
  /** The attempts made on an invoice, oldest first. */
  transactions(invoiceId: string): SimTransaction[];
  /** Resolves when every scheduled callback has been posted (tests). */
  idle(): Promise<void>;
}

/** The payment object as the payment page receives it (`?params=`), the fields it uses. */
interface PayformObject {
  invoiceId?: unknown;
  amount?: unknown;
  currency?: unknown;
  terminal?: unknown;
  backLink?: unknown;
  failureBackLink?: unknown;
  postLink?: unknown;
  failurePostLink?: unknown;
  description?: unknown;
  accountId?: unknown;
  email?: unknown;
  phone?: unknown;
  name?: unknown;
  language?: unknown;
  data?: unknown;
  auth?: { access_token?: unknown };
}

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** Decodes the payment page's `params` (base64url JSON written by the simulator's payment-api.js). */
export function decodePayformParams(params: string): PayformObject | null {
  try {
    const obj = JSON.parse(Buffer.from(params, 'base64url').toString('utf8')) as unknown;
    return obj && typeof obj === 'object' ? (obj as PayformObject) : null;
  } catch {
    return null;
  }
}

/** Encodes a payment object as the simulator's payment-api.js does (for tests that skip the browser). */
export const encodePayformParams = (obj: unknown) => Buffer.from(JSON.stringify(obj), 'utf8').toString('base64url');

const isHttpUrl = (u: string) => {
  try {
    const { protocol } = new URL(u);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/** Builds the simulator (not listening yet). */
export function createEpaySimulator(options: SimulatorOptions = {}): EpaySimulator {
  const behaviour: SimulatorBehaviour = {
    callbackDelayMs: options.callbackDelayMs ?? 0,
    callbackCopies: options.callbackCopies ?? 1,
    callbackLoss: options.callbackLoss ?? 0,
    twoStage: options.twoStage ?? false,
    statusUnavailable: options.statusUnavailable ?? false,
    down: options.down ?? false,
  };
  const clientId = options.clientId ?? SIMULATOR_CREDENTIALS.clientId;
  const clientSecret = options.clientSecret ?? SIMULATOR_CREDENTIALS.clientSecret;
  const terminalId = options.terminalId ?? SIMULATOR_CREDENTIALS.terminalId;
  const ttl = options.tokenTtlSeconds ?? 1200;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const onEvent = options.onEvent ?? (() => {});
  const deliver =
    options.deliver ??
    (async (url: string, body: Record<string, unknown>) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
    });

  const tokens = new Map<string, Token>();
  const invoices = new Map<string, Invoice>();
  const transactionsById = new Map<string, SimTransaction>();
  const pending = new Set<Promise<void>>();
  let origin = '';

  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const oauthError = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).send({ code: status, message });

  app.addHook('onRequest', async (request, reply) => {
    if (behaviour.down && !request.url.startsWith('/payform')) {
      return reply.code(503).send({ code: 503, message: 'Service unavailable' });
    }
  });

  app.post('/oauth2/token', async (request, reply) => {
    const f = (request.body ?? {}) as Record<string, string | undefined>;
    if (f.grant_type !== 'client_credentials') return oauthError(reply, 400, 'unsupported grant_type');
    if (f.client_id !== clientId || f.client_secret !== clientSecret) return oauthError(reply, 401, 'invalid client');
    if (f.terminal !== terminalId) return oauthError(reply, 400, 'invalid terminal');
    const scope = str(f.scope);
    if (!scope.split(/\s+/).includes('payment')) return oauthError(reply, 400, 'invalid scope');
    const token: Token = {
      accessToken: randomBytes(24).toString('base64url').toUpperCase(),
      expiresAt: now().getTime() + ttl * 1000,
      clientId,
      terminal: terminalId,
    };
    if (f.invoiceID !== undefined) {
      const invoiceId = str(f.invoiceID);
      if (!/^\d{6,15}$/.test(invoiceId)) return oauthError(reply, 400, 'invoiceID must be 6 to 15 digits');
      const amount = Number(f.amount);
      if (!Number.isFinite(amount) || amount <= 0) return oauthError(reply, 400, 'invalid amount');
      if (f.currency !== 'KZT') return oauthError(reply, 400, 'invalid currency');
      if (!f.secret_hash) return oauthError(reply, 400, 'secret_hash is required');
      const suffix = invoiceId.slice(-6);
      for (const other of invoices.values()) {
        if (other.invoiceId !== invoiceId && other.invoiceId.slice(-6) === suffix) {
          return oauthError(reply, 400, 'the last 6 digits of invoiceID must be unique');
        }
      }
      const existing = invoices.get(invoiceId);
      if (existing) {
        if (existing.amount !== amount) return oauthError(reply, 400, 'invoice amount differs');
        if (existing.transactions.some((t) => t.statusName !== 'FAILED' && t.statusName !== 'REJECT')) {
          return oauthError(reply, 400, 'invoice already paid');
        }
      } else {
        invoices.set(invoiceId, { invoiceId, amount, currency: 'KZT', transactions: [] });
      }
      token.invoice = {
        invoiceId,
        amount,
        currency: 'KZT',
        secretHash: f.secret_hash,
        postLink: f.postLink,
        failurePostLink: f.failurePostLink,
      };
    }
    tokens.set(token.accessToken, token);
    return { access_token: token.accessToken, expires_in: String(ttl), refresh_token: '', scope, token_type: 'Bearer' };
  });

  app.get('/payform/payment-api.js', async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(paymentApiScript(origin)),
  );

  /** The payment token of a payment object if it is valid for it; else the reason. */
  function checkSession(obj: PayformObject | null): { token: Token; obj: PayformObject } | { problem: string } {
    if (!obj) return { problem: 'Неверная ссылка на оплату' };
    const token = tokens.get(str(obj.auth?.access_token));
    if (!token || !token.invoice) return { problem: 'Платёжная сессия не найдена' };
    if (token.expiresAt <= now().getTime()) return { problem: 'Время на оплату истекло. Вернитесь в магазин и начните оплату заново' };
    const inv = token.invoice;
    if (str(obj.invoiceId) !== inv.invoiceId || Number(obj.amount) !== inv.amount || str(obj.currency) !== inv.currency) {
      return { problem: 'Данные платежа не совпадают с платёжной сессией' };
    }
    if (str(obj.terminal) !== token.terminal) return { problem: 'Неверный терминал' };
    return { token, obj };
  }

  app.get('/payform/', async (request, reply) => {
    const q = request.query as { params?: string; widget?: string };
    const obj = decodePayformParams(str(q.params));
    const session = checkSession(obj);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if ('problem' in session) {
      return reply.code(400).send(errorPage(session.problem, obj && isHttpUrl(str(obj.failureBackLink)) ? str(obj.failureBackLink) : null));
    }
    return payformPage({
      params: str(q.params),
      widget: q.widget === '1',
      amount: Number(session.obj.amount),
      description: str(session.obj.description),
      invoiceId: str(session.obj.invoiceId),
      failureBackLink: str(session.obj.failureBackLink),
    });
  });

  app.post('/payform/pay', async (request, reply) => {
    const f = (request.body ?? {}) as Record<string, string | undefined>;
    const widget = f.widget === '1';
    const obj = decodePayformParams(str(f.params));
    const session = checkSession(obj);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if ('problem' in session) return reply.code(400).send(errorPage(session.problem, null));
    const { token } = session;
    const inv = token.invoice!;
    const invoice = invoices.get(inv.invoiceId)!;
    if (invoice.transactions.some((t) => t.statusName !== 'FAILED' && t.statusName !== 'REJECT')) {
      return reply.code(409).send(errorPage('Этот счёт уже оплачен', widget ? null : str(session.obj.backLink)));
    }
    const digits = cardDigits(str(f.cardNumber));
    const view = {
      params: str(f.params),
      widget,
      amount: inv.amount,
      description: str(session.obj.description),
      invoiceId: inv.invoiceId,
      failureBackLink: str(session.obj.failureBackLink),
      values: { cardNumber: str(f.cardNumber), expiry: str(f.expiry), cardholder: str(f.cardholder) },
    };
    const problem = !luhnValid(digits)
      ? 'Проверьте номер карты'
      : (expiryProblem(str(f.expiry), now()) ??
        (/^\d{3}$/.test(str(f.cvc)) ? null : 'Укажите три цифры CVC/CVV с обратной стороны карты'));
    if (problem) return reply.code(422).send(payformPage({ ...view, error: problem }));

    const outcome = cardOutcome(digits);
    const t: SimTransaction = {
      id: randomUUID(),
      invoiceId: inv.invoiceId,
      amount: inv.amount,
      chargedAmount: outcome.approved && !behaviour.twoStage ? inv.amount : 0,
      refundedAmount: 0,
      currency: inv.currency,
      statusName: outcome.approved ? (behaviour.twoStage ? 'AUTH' : 'CHARGE') : outcome.statusName,
      reason: outcome.approved ? 'success' : outcome.reason,
      reasonCode: outcome.approved ? '00' : outcome.reasonCode,
      cardMask: cardMask(digits),
      cardType: cardType(digits),
      approvalCode: outcome.approved ? String(100000 + Math.floor(random() * 900000)) : null,
      reference: String(Date.now()).slice(-12),
      createdDate: now().toISOString(),
      terminal: token.terminal,
      accountId: str(session.obj.accountId),
      description: str(session.obj.description),
      email: str(session.obj.email),
      phone: str(session.obj.phone),
      name: str(session.obj.name),
      language: str(session.obj.language) || 'RU',
      data: str(session.obj.data),
    };
    invoice.transactions.push(t);
    transactionsById.set(t.id, t);
    // The session is used up: a second submit of the same page cannot pay twice.
    tokens.delete(token.accessToken);

    const link = outcome.approved ? str(session.obj.postLink) || inv.postLink : str(session.obj.failurePostLink) || inv.failurePostLink;
    if (link) scheduleCallback(link, callbackBody(t, inv.secretHash, outcome.approved));

    if (widget) return widgetResultPage(outcome.approved, outcome.approved ? null : outcome.reason);
    const back = outcome.approved ? str(session.obj.backLink) : str(session.obj.failureBackLink);
    if (!isHttpUrl(back)) return errorPage(outcome.approved ? 'Оплата прошла' : outcome.reason, null);
    return reply.redirect(back, 303);
  });

  function callbackBody(t: SimTransaction, secretHash: string, ok: boolean): Record<string, unknown> {
    return {
      id: t.id,
      dateTime: t.createdDate,
      invoiceId: t.invoiceId,
      amount: t.amount,
      currency: t.currency,
      terminal: t.terminal,
      accountId: t.accountId,
      description: t.description,
      language: t.language,
      cardMask: t.cardMask,
      cardType: t.cardType,
      issuer: 'HALYK BANK',
      reference: t.reference,
      secure: 'yes',
      secret_hash: secretHash,
      email: t.email,
      phone: t.phone,
      name: t.name,
      ip: '127.0.0.1',
      ipCity: 'Almaty',
      ipCountry: 'KZ',
      approvalCode: t.approvalCode ?? '',
      code: ok ? 'ok' : 'error',
      reason: t.reason ?? '',
      reasonCode: t.reasonCode ?? '',
    };
  }

  function scheduleCallback(url: string, body: Record<string, unknown>) {
    const job = (async () => {
      if (behaviour.callbackDelayMs > 0) await new Promise((r) => setTimeout(r, behaviour.callbackDelayMs));
      const copies = Array.from({ length: behaviour.callbackCopies }, async () => {
        const invoiceId = str(body.invoiceId);
        if (behaviour.callbackLoss > 0 && random() < behaviour.callbackLoss) {
          onEvent({ type: 'callback-lost', url, invoiceId });
          return;
        }
        try {
          await deliver(url, body);
          onEvent({ type: 'callback-sent', url, invoiceId, code: str(body.code) });
        } catch (err) {
          onEvent({ type: 'callback-failed', url, invoiceId, error: (err as Error).message });
        }
      });
      await Promise.all(copies);
    })();
    pending.add(job);
    void job.finally(() => pending.delete(job));
  }

  /** The API token of a request (Bearer), if valid. */
  function apiBearer(authorization: string | undefined): Token | null {
    const m = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
    const token = m ? tokens.get(m[1]!.trim()) : undefined;
    return token && !token.invoice && token.expiresAt > now().getTime() ? token : null;
  }

  app.get('/check-status/payment/transaction/:invoiceId', async (request, reply) => {
    if (!apiBearer(request.headers.authorization)) return reply.code(401).send({ code: 401, message: 'invalid token' });
    if (behaviour.statusUnavailable) return { resultCode: '107', resultMessage: 'Try later' };
    const { invoiceId } = request.params as { invoiceId: string };
    const invoice = invoices.get(invoiceId);
    const t = invoice?.transactions.find((x) => x.statusName !== 'FAILED' && x.statusName !== 'REJECT') ?? invoice?.transactions.at(-1);
    if (!t) return { resultCode: '102', resultMessage: 'Invoice not found' };
    const ok = t.statusName !== 'FAILED' && t.statusName !== 'REJECT';
    return {
      resultCode: ok ? '100' : '101',
      resultMessage: ok ? 'OK' : 'Rejected',
      transaction: {
        id: t.id,
        createdDate: t.createdDate,
        invoiceID: t.invoiceId,
        amount: t.amount,
        amountBonus: 0,
        payoutAmount: t.chargedAmount - t.refundedAmount,
        orgAmount: t.amount,
        approvalCode: t.approvalCode ?? '',
        data: t.data,
        currency: t.currency,
        terminal: t.terminal,
        accountID: t.accountId,
        description: t.description,
        language: t.language,
        cardMask: t.cardMask,
        issuer: 'HALYK BANK',
        reference: t.reference,
        reason: t.reason ?? '',
        reasonCode: t.reasonCode ?? '',
        email: t.email,
        phone: t.phone,
        name: t.name,
        statusName: t.statusName,
      },
    };
  });

  const opError = (reply: FastifyReply, message: string) => reply.code(400).send({ code: 400, message });

  app.post('/operation/:id/:op', async (request, reply) => {
    if (!apiBearer(request.headers.authorization)) return reply.code(401).send({ code: 401, message: 'invalid token' });
    const { id, op } = request.params as { id: string; op: string };
    const t = transactionsById.get(id);
    if (!t) return opError(reply, 'transaction not found');
    const body = (request.body ?? {}) as { amount?: unknown };
    const q = request.query as { amount?: string };
    const raw = body.amount ?? q.amount;
    const amount = raw === undefined || raw === '' ? undefined : Number(raw);
    if (amount !== undefined && (!Number.isFinite(amount) || amount <= 0)) return opError(reply, 'invalid amount');
    switch (op) {
      case 'charge':
        if (t.statusName !== 'AUTH') return opError(reply, `cannot charge a ${t.statusName} transaction`);
        if (amount !== undefined && amount > t.amount) return opError(reply, 'amount exceeds the authorized amount');
        t.statusName = 'CHARGE';
        t.chargedAmount = amount ?? t.amount;
        return { code: 0, message: 'OK' };
      case 'cancel':
        if (t.statusName !== 'AUTH') return opError(reply, `cannot cancel a ${t.statusName} transaction`);
        t.statusName = 'CANCEL';
        return { code: 0, message: 'OK' };
      case 'refund': {
        if (t.statusName !== 'CHARGE' && t.statusName !== 'REFUND') return opError(reply, `cannot refund a ${t.statusName} transaction`);
        const left = t.chargedAmount - t.refundedAmount;
        const sum = amount ?? left;
        if (sum < 10) return opError(reply, 'refund amount must be at least 10 KZT');
        if (sum > left) return opError(reply, 'refund amount exceeds the charged amount');
        t.refundedAmount += sum;
        t.statusName = 'REFUND';
        return { code: 0, message: 'OK' };
      }
      default:
        return reply.code(404).send({ code: 404, message: 'unknown operation' });
    }
  });

  return {
    app,
    get url() {
      return origin;
    },
    async listen(port = 0) {
      const address = await app.listen({ host: '127.0.0.1', port });
      origin = address.replace('localhost', '127.0.0.1');
      return origin;
    },
    async close() {
      await Promise.allSettled([...pending]);
      await app.close();
    },
    configure(change) {
      Object.assign(behaviour, change);
    },
    transactions: (invoiceId) => [...(invoices.get(invoiceId)?.transactions ?? [])],
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}

/** The configuration the shop's adapter needs to talk to a simulator at `origin`. */
export function simulatorEndpoints(origin: string) {
  return {
    oauthUrl: `${origin}/oauth2/token`,
    apiUrl: origin,
    scriptUrl: `${origin}/payform/payment-api.js`,
  };
}

/**
 * Starts the simulator when the configuration asks for it (`EPAY_MODE=simulator`, the default outside
 * production) on loopback (`EPAY_SIMULATOR_PORT`, 0 = any free port) with the configured callback behaviour,
 * and returns the configuration pointing the shop's adapter at it. Used by apps/web/server.ts.
 * @returns null in `live` mode (nothing started).
 */
export async function startConfiguredSimulator<C extends { payments: PaymentConfig }>(
  config: C,
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
): Promise<{ config: C; simulator: EpaySimulator } | null> {
  const epay = config.payments.epay;
  if (epay.mode !== 'simulator') return null;
  const simulator = createEpaySimulator({
    clientId: epay.clientId,
    clientSecret: epay.clientSecret,
    terminalId: epay.terminalId,
    twoStage: epay.twoStage,
    ...epay.simulator,
    onEvent: (e) => (e.type === 'callback-failed' ? log?.warn(e, 'epay simulator callback failed') : log?.info(e, `epay simulator ${e.type}`)),
  });
  const origin = await simulator.listen(epay.simulator.port);
  return {
    simulator,
    config: { ...config, payments: { ...config.payments, epay: { ...epay, ...simulatorEndpoints(origin) } } },
  };
}
