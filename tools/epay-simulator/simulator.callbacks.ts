import { str, type SimTransaction, type SimulatorState } from './simulator.state.ts';

/**
 * The body of ePay's callback for a transaction (JSON to postLink with `code: "ok"`, or to failurePostLink with
 * `code: "error"`), echoing the invoice's `secret_hash`.
 */
export function callbackBody(t: SimTransaction, secretHash: string, ok: boolean): Record<string, unknown> {
  return {
    id: t.id,
    dateTime: t.createdDate,
    invoiceId: t.invoiceId,
    amount: t.amount - t.bonusAmount,
    ...(t.bonusAmount > 0 ? { amountBonus: t.bonusAmount } : {}),
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

/**
 * Posts a callback as the behaviour says: after `callbackDelayMs`, in `callbackCopies` copies, each lost with
 * probability `callbackLoss`; every copy is reported to `onEvent` (sent, lost or failed). Tracked in
 * `state.pending` until done, so `idle()` and `close()` can wait for it.
 */
export function scheduleCallback(state: SimulatorState, url: string, body: Record<string, unknown>): void {
  const { behaviour } = state;
  const invoiceId = str(body.invoiceId);
  const job = (async () => {
    if (behaviour.callbackDelayMs > 0) await new Promise((r) => setTimeout(r, behaviour.callbackDelayMs));
    const copies = Array.from({ length: behaviour.callbackCopies }, async () => {
      if (behaviour.callbackLoss > 0 && state.random() < behaviour.callbackLoss) {
        state.onEvent({ type: 'callback-lost', url, invoiceId });
        return;
      }
      try {
        await state.deliver(url, body);
        state.onEvent({ type: 'callback-sent', url, invoiceId, code: str(body.code) });
      } catch (err) {
        state.onEvent({ type: 'callback-failed', url, invoiceId, error: (err as Error).message });
      }
    });
    await Promise.all(copies);
  })();
  state.pending.add(job);
  void job.finally(() => state.pending.delete(job));
}
