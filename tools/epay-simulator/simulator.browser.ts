import { APPROVED_CARDS, DECLINED_CARDS } from './simulator.cards.ts';
import { encodePayformParams } from './simulator.state.ts';

/**
 * Paying on the simulator the way a shopper's browser does, for tests that skip the browser: the sandbox
 * cards and the card form's submission.
 */

/** `4405639704015096` → `4405 6397 0401 5096`. */
const typed = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** Sandbox cards (payments-sms.md §1 "Test cards") as a shopper types them. */
export const TEST_CARDS = {
  approved: typed(APPROVED_CARDS[0]),
  approved2: typed(APPROVED_CARDS[1]),
  /** Declined by the issuer (REJECT, reason code 05). */
  declined: typed(DECLINED_CARDS[0]),
  /** Declined for lack of funds (FAILED, reason code 51). */
  declinedFunds: typed(DECLINED_CARDS[1]),
};

/**
 * Submits the payment page's card form for a payment object, as a browser does after `halyk.pay(obj)`:
 * expiry 12/35, CVC 123 and a cardholder unless `extra` says otherwise (`widget: '1'` pays in the widget).
 * @param origin the simulator's origin.
 * @returns the HTTP status, where the page sends the browser (backLink or failureBackLink on 303) and the page.
 */
export async function payWithCard(
  origin: string,
  paymentObject: unknown,
  cardNumber: string,
  extra: Record<string, string> = {},
) {
  const res = await fetch(`${origin}/payform/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      params: encodePayformParams(paymentObject),
      widget: '0',
      cardNumber,
      expiry: '12/35',
      cvc: '123',
      cardholder: 'AIGERIM SEITKALI',
      ...extra,
    }).toString(),
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}
