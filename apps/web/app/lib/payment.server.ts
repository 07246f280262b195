import { ApiError, type ApiClient, type HalykAuth } from '@kiim/contract';

/** What the storefront's payment action answers: the payment to open, or why it cannot be opened. */
type PayActionData = { pay: HalykAuth } | { payError: string };

/**
 * Starts a card payment of the customer's order (spec §7 `POST /api/payment/halyk/auth`): ePay's script URL
 * and the payment object for `halyk.pay`, or the API's message in Russian (already paid, cancelled, payment
 * window closed, ePay unavailable).
 */
export async function startPayment(api: ApiClient, orderNumber: string): Promise<PayActionData> {
  try {
    return { pay: await api.halykAuth(orderNumber) };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { payError: e.body.message };
  }
}
