import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isLive, str, type SimulatorState, type Token } from './simulator.state.ts';

type Form = Record<string, string | undefined>;

const oauthError = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).send({ code: status, message });

/**
 * Binds a payment token to the invoice of the form (`invoiceID` 6–15 digits whose last 6 are unique among
 * invoices, `amount` > 0, `currency` KZT, `secret_hash`), opening the invoice on first use.
 * @returns the token's invoice, or the reason it is refused (an answer of 400).
 */
function bindInvoice(state: SimulatorState, f: Form): NonNullable<Token['invoice']> | { problem: string } {
  const invoiceId = str(f.invoiceID);
  if (!/^\d{6,15}$/.test(invoiceId)) return { problem: 'invoiceID must be 6 to 15 digits' };
  const amount = Number(f.amount);
  if (!Number.isFinite(amount) || amount <= 0) return { problem: 'invalid amount' };
  if (f.currency !== 'KZT') return { problem: 'invalid currency' };
  if (!f.secret_hash) return { problem: 'secret_hash is required' };
  const suffix = invoiceId.slice(-6);
  for (const other of state.invoices.values()) {
    if (other.invoiceId !== invoiceId && other.invoiceId.slice(-6) === suffix) {
      return { problem: 'the last 6 digits of invoiceID must be unique' };
    }
  }
  const existing = state.invoices.get(invoiceId);
  if (existing) {
    if (existing.amount !== amount) return { problem: 'invoice amount differs' };
    if (existing.transactions.some(isLive)) return { problem: 'invoice already paid' };
  } else {
    state.invoices.set(invoiceId, { invoiceId, amount, currency: 'KZT', transactions: [] });
  }
  return {
    invoiceId,
    amount,
    currency: 'KZT',
    secretHash: f.secret_hash,
    postLink: f.postLink,
    failurePostLink: f.failurePostLink,
  };
}

/**
 * `POST /oauth2/token` (form-encoded): client credentials + terminal; with `invoiceID`, `amount`, `currency`
 * KZT and `secret_hash` a payment token bound to them, without an API token. Tokens expire (`expires_in`,
 * 1200 s by default). Refusals: 400 (grant, terminal, scope, invoice fields), 401 (client credentials).
 */
export function registerOauthRoute(app: FastifyInstance, state: SimulatorState): void {
  app.post('/oauth2/token', async (request, reply) => {
    const f = (request.body ?? {}) as Form;
    if (f.grant_type !== 'client_credentials') return oauthError(reply, 400, 'unsupported grant_type');
    if (f.client_id !== state.clientId || f.client_secret !== state.clientSecret)
      return oauthError(reply, 401, 'invalid client');
    if (f.terminal !== state.terminalId) return oauthError(reply, 400, 'invalid terminal');
    const scope = str(f.scope);
    if (!scope.split(/\s+/).includes('payment')) return oauthError(reply, 400, 'invalid scope');
    const token: Token = {
      accessToken: randomBytes(24).toString('base64url').toUpperCase(),
      expiresAt: state.now().getTime() + state.ttl * 1000,
      clientId: state.clientId,
      terminal: state.terminalId,
    };
    if (f.invoiceID !== undefined) {
      const invoice = bindInvoice(state, f);
      if ('problem' in invoice) return oauthError(reply, 400, invoice.problem);
      token.invoice = invoice;
    }
    state.tokens.set(token.accessToken, token);
    return {
      access_token: token.accessToken,
      // As Halyk's own SDK models it: `expires_in` a string, no `refresh_token` (payments-sms.md §3).
      expires_in: String(state.ttl),
      scope,
      token_type: 'Bearer',
    };
  });
}

/** The API token of a request (`Authorization: Bearer …`) if it is valid and not a payment token. */
export function apiBearer(state: SimulatorState, authorization: string | undefined): Token | null {
  const m = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  const token = m ? state.tokens.get(m[1]!.trim()) : undefined;
  return token && !token.invoice && token.expiresAt > state.now().getTime() ? token : null;
}
