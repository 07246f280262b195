import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiBearer } from './simulator.oauth.ts';
import { isLive, type SimTransaction, type SimulatorState } from './simulator.state.ts';

/** ePay's operation error: HTTP 400 `{"code":100,"message":…}` (payments-sms.md §3 Operation errors). */
const opError = (reply: FastifyReply, message: string) => reply.code(400).send({ code: 100, message });

/** The status API's view of a transaction (ePay's field names). */
function statusTransaction(t: SimTransaction) {
  return {
    id: t.id,
    createdDate: t.createdDate,
    invoiceID: t.invoiceId,
    amount: t.amount - t.bonusAmount,
    amountBonus: t.bonusAmount,
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
  };
}

/**
 * Applies `charge`, `cancel` or `refund` to a transaction (AUTH→CHARGE up to the held amount, AUTH→CANCEL,
 * CHARGE→REFUND of at least 10 KZT and never beyond what was charged); `amount` in tenge, default all.
 * @returns null when done, else ePay's refusal message.
 */
export function applyOperation(
  t: SimTransaction,
  op: 'charge' | 'cancel' | 'refund',
  amount: number | undefined,
): string | null {
  if (op === 'charge') {
    if (t.statusName !== 'AUTH') return `cannot charge a ${t.statusName} transaction`;
    if (amount !== undefined && amount > t.amount) return 'amount exceeds the authorized amount';
    t.statusName = 'CHARGE';
    t.chargedAmount = amount ?? t.amount;
    return null;
  }
  if (op === 'cancel') {
    if (t.statusName !== 'AUTH') return `cannot cancel a ${t.statusName} transaction`;
    t.statusName = 'CANCEL';
    return null;
  }
  if (t.statusName !== 'CHARGE' && t.statusName !== 'REFUND')
    return `cannot refund a ${t.statusName} transaction`;
  const left = t.chargedAmount - t.refundedAmount;
  const sum = amount ?? left;
  if (sum < 10) return 'refund amount must be at least 10 KZT';
  if (sum > left) return 'refund amount exceeds the charged amount';
  t.refundedAmount += sum;
  t.statusName = 'REFUND';
  return null;
}

/**
 * The shop's server side of ePay, both with an API token (Bearer; 401 without):
 * - `GET /check-status/payment/transaction/{invoiceId}`: resultCode 100 with the live attempt (or 101 with the
 *   last declined one), 102 for an invoice without attempts, 107 when `statusUnavailable` or for the next
 *   `inProgressChecks` calls; `amount` is the card part and `amountBonus` the bonus part, `payoutAmount` what
 *   the merchant keeps after refunds, `statusName` REFUND once anything was refunded;
 * - `POST /operation/{id}/charge|cancel|refund`: charge takes `amount` from the JSON body or the query; refund
 *   only from the query (a body amount is ignored: a full refund) with `externalID`, a repeated `externalID`
 *   answered without refunding again. `{code: 0}`; 400 `{code: 100, message}` when refused; 404 for another
 *   operation; the connection dropped (after doing it) when `loseOperationAnswers`.
 */
export function registerOperationRoutes(app: FastifyInstance, state: SimulatorState): void {
  app.get('/check-status/payment/transaction/:invoiceId', async (request, reply) => {
    if (!apiBearer(state, request.headers.authorization))
      return reply.code(401).send({ code: 401, message: 'invalid token' });
    if (state.behaviour.statusUnavailable) return { resultCode: '107', resultMessage: 'Try later' };
    if (state.behaviour.inProgressChecks > 0) {
      state.behaviour.inProgressChecks--;
      return { resultCode: '107', resultMessage: 'In progress' };
    }
    const { invoiceId } = request.params as { invoiceId: string };
    const invoice = state.invoices.get(invoiceId);
    const t = invoice?.transactions.find(isLive) ?? invoice?.transactions.at(-1);
    if (!t) return { resultCode: '102', resultMessage: 'Invoice not found' };
    const ok = isLive(t);
    return {
      resultCode: ok ? '100' : '101',
      resultMessage: ok ? 'SUCCESS' : 'Rejected',
      transaction: statusTransaction(t),
    };
  });

  app.post('/operation/:id/:op', async (request, reply) => {
    if (!apiBearer(state, request.headers.authorization))
      return reply.code(401).send({ code: 401, message: 'invalid token' });
    const { id, op } = request.params as { id: string; op: string };
    const query = request.query as { amount?: string; externalID?: string };
    state.operationLog.push({
      op,
      transactionId: id,
      amount: query.amount ?? null,
      externalId: query.externalID ?? null,
    });
    const t = state.transactionsById.get(id);
    if (!t) return opError(reply, 'transaction not found');
    // A refund reads its amount from the query string only (ePay's refund doc): a body is ignored, so an
    // amount sent in a body refunds everything, as it would on the real ePay. Charge also accepts a body.
    const raw =
      op === 'refund'
        ? query.amount
        : (((request.body ?? {}) as { amount?: unknown }).amount ?? query.amount);
    const amount = raw === undefined || raw === '' ? undefined : Number(raw);
    if (amount !== undefined && (!Number.isFinite(amount) || amount <= 0))
      return opError(reply, 'invalid amount');
    if (op !== 'charge' && op !== 'cancel' && op !== 'refund')
      return reply.code(404).send({ code: 404, message: 'unknown operation' });
    const externalId = op === 'refund' ? query.externalID : undefined;
    const done = externalId ? state.refundsByExternalId.get(externalId) : undefined;
    if (done && done.transactionId !== t.id) return opError(reply, 'externalID already used');
    const refusal = done ? null : applyOperation(t, op, amount);
    if (!refusal && externalId && !done)
      state.refundsByExternalId.set(externalId, { transactionId: t.id, amount: amount ?? 0 });
    if (!refusal && state.behaviour.loseOperationAnswers) {
      // Done, but the answer is lost: the connection drops before a byte of it is sent.
      request.raw.socket.destroy();
      return reply.hijack();
    }
    return refusal ? opError(reply, refusal) : { code: 0, message: 'OK' };
  });
}
