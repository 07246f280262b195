import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { callbackBody, scheduleCallback } from './simulator.callbacks.ts';
import {
  cardDigits,
  cardMask,
  cardOutcome,
  cardType,
  expiryProblem,
  luhnValid,
  type CardOutcome,
} from './simulator.cards.ts';
import { errorPage, paymentApiScript, payformPage, widgetResultPage } from './simulator.pages.ts';
import {
  decodePayformParams,
  isHttpUrl,
  isLive,
  str,
  type PayformObject,
  type SimTransaction,
  type SimulatorState,
  type Token,
} from './simulator.state.ts';

/** A payment session: a live payment token matching the payment object it was opened for. */
type Session = { token: Token & { invoice: NonNullable<Token['invoice']> }; obj: PayformObject };

/** The payment token of a payment object if it is valid for it; else the reason (shown in Russian). */
function checkSession(state: SimulatorState, obj: PayformObject | null): Session | { problem: string } {
  if (!obj) return { problem: 'Неверная ссылка на оплату' };
  const token = state.tokens.get(str(obj.auth?.access_token));
  if (!token || !token.invoice) return { problem: 'Платёжная сессия не найдена' };
  if (token.expiresAt <= state.now().getTime())
    return { problem: 'Время на оплату истекло. Вернитесь в магазин и начните оплату заново' };
  const inv = token.invoice;
  if (
    str(obj.invoiceId) !== inv.invoiceId ||
    Number(obj.amount) !== inv.amount ||
    str(obj.currency) !== inv.currency
  ) {
    return { problem: 'Данные платежа не совпадают с платёжной сессией' };
  }
  if (str(obj.terminal) !== token.terminal) return { problem: 'Неверный терминал' };
  return { token: token as Session['token'], obj };
}

/** What is wrong with the card form (number by Luhn, expiry, three-digit CVC), in Russian; null when nothing. */
function cardFormProblem(state: SimulatorState, f: Record<string, string | undefined>): string | null {
  if (!luhnValid(cardDigits(str(f.cardNumber)))) return 'Проверьте номер карты';
  return (
    expiryProblem(str(f.expiry), state.now()) ??
    (/^\d{3}$/.test(str(f.cvc)) ? null : 'Укажите три цифры CVC/CVV с обратной стороны карты')
  );
}

/** The attempt made by paying the session's invoice with a card: approved (AUTH or CHARGE) or declined. */
function newTransaction(
  state: SimulatorState,
  { token, obj }: Session,
  digits: string,
  outcome: CardOutcome,
): SimTransaction {
  const inv = token.invoice;
  const { twoStage } = state.behaviour;
  return {
    id: randomUUID(),
    invoiceId: inv.invoiceId,
    amount: inv.amount,
    chargedAmount: outcome.approved && !twoStage ? inv.amount : 0,
    refundedAmount: 0,
    bonusAmount: outcome.approved ? Math.min(state.behaviour.bonusAmount, inv.amount) : 0,
    currency: inv.currency,
    statusName: outcome.approved ? (twoStage ? 'AUTH' : 'CHARGE') : outcome.statusName,
    reason: outcome.approved ? 'success' : outcome.reason,
    reasonCode: outcome.approved ? '00' : outcome.reasonCode,
    cardMask: cardMask(digits),
    cardType: cardType(digits),
    approvalCode: outcome.approved ? String(100000 + Math.floor(state.random() * 900000)) : null,
    reference: String(Date.now()).slice(-12),
    createdDate: state.now().toISOString(),
    terminal: token.terminal,
    accountId: str(obj.accountId),
    description: str(obj.description),
    email: str(obj.email),
    phone: str(obj.phone),
    name: str(obj.name),
    language: str(obj.language) || 'RU',
    data: str(obj.data),
  };
}

/**
 * The browser side of ePay:
 * - `GET /payform/payment-api.js`: `halyk.pay` and `halyk.showPaymentWidget` pointing at this simulator;
 * - `GET /payform/?params=…[&widget=1]`: the payment page of a valid session (400 page otherwise);
 * - `POST /payform/pay`: pays with a test card (422 page with the message for a bad form, 409 for a paid
 *   invoice), uses up the session, schedules the callback and sends the browser to backLink/failureBackLink
 *   (303), or in the widget reports the result to the opening page.
 */
export function registerPayformRoutes(app: FastifyInstance, state: SimulatorState): void {
  app.get('/payform/payment-api.js', async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(paymentApiScript(state.origin)),
  );

  app.get('/payform/', async (request, reply) => {
    const q = request.query as { params?: string; widget?: string };
    const obj = decodePayformParams(str(q.params));
    const session = checkSession(state, obj);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if ('problem' in session) {
      return reply
        .code(400)
        .send(
          errorPage(
            session.problem,
            obj && isHttpUrl(str(obj.failureBackLink)) ? str(obj.failureBackLink) : null,
          ),
        );
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
    const session = checkSession(state, decodePayformParams(str(f.params)));
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if ('problem' in session) return reply.code(400).send(errorPage(session.problem, null));
    const { token, obj } = session;
    const inv = token.invoice;
    const invoice = state.invoices.get(inv.invoiceId)!;
    if (invoice.transactions.some(isLive)) {
      return reply.code(409).send(errorPage('Этот счёт уже оплачен', widget ? null : str(obj.backLink)));
    }
    const problem = cardFormProblem(state, f);
    if (problem) {
      const values = { cardNumber: str(f.cardNumber), expiry: str(f.expiry), cardholder: str(f.cardholder) };
      const view = {
        params: str(f.params),
        widget,
        amount: inv.amount,
        description: str(obj.description),
        invoiceId: inv.invoiceId,
      };
      return reply
        .code(422)
        .send(payformPage({ ...view, failureBackLink: str(obj.failureBackLink), values, error: problem }));
    }
    const digits = cardDigits(str(f.cardNumber));
    const outcome = cardOutcome(digits);
    const t = newTransaction(state, session, digits, outcome);
    invoice.transactions.push(t);
    state.transactionsById.set(t.id, t);
    // The session is used up: a second submit of the same page cannot pay twice.
    state.tokens.delete(token.accessToken);

    const link = outcome.approved
      ? str(obj.postLink) || inv.postLink
      : str(obj.failurePostLink) || inv.failurePostLink;
    if (link) scheduleCallback(state, link, callbackBody(t, inv.secretHash, outcome.approved));

    if (widget) return widgetResultPage(outcome.approved, outcome.approved ? null : outcome.reason);
    const back = outcome.approved ? str(obj.backLink) : str(obj.failureBackLink);
    if (!isHttpUrl(back)) return errorPage(outcome.approved ? 'Оплата прошла' : outcome.reason, null);
    return reply.redirect(back, 303);
  });
}
