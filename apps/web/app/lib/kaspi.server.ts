import {
  ApiError,
  KaspiStartBody,
  PaymentMethod,
  type ApiClient,
  type KaspiPayment,
  type Order,
} from '@kiim/contract';
import type { Translate } from '@kiim/contract/text';

// The storefront's side of Kaspi Pay (issue 33 Part A items 1–2): what the thank-you page shows of an order's Kaspi
// payment, starting one, and the status the page polls. The API does the work (POST /api/payment/kaspi/*).

/** An order's Kaspi payment as a page has it: the payment (or why it could not be read) and the device kind. */
export interface KaspiView {
  kaspi: KaspiPayment | null;
  kaspiError: string | null;
  /** The request comes from a phone: the Kaspi app opens from a link there (a QR needs a second device). */
  phone: boolean;
}

/** What starting or polling answers: the payment, or the API's message (in Russian) why not. */
export type KaspiData = { kaspi: KaspiPayment } | { kaspiError: string };

/** A phone, by Client Hints (`Sec-CH-UA-Mobile: ?1`) or the user agent; a guess used only to pick QR or link. */
export function fromPhone(request: Request): boolean {
  if (request.headers.get('sec-ch-ua-mobile') === '?1') return true;
  return /Mobi|Android|iPhone|iPad|iPod/i.test(request.headers.get('user-agent') ?? '');
}

/**
 * The Kaspi payment of `order` for its page, or null when it is not a Kaspi order. With `start` (the shopper comes
 * from checkout, `?pay=1`) and none started yet, one is started at once: a QR on a computer, the app link on a
 * phone. Refusals (Kaspi unavailable, window closed) come back as `kaspiError`; the page still shows the order.
 */
export async function loadKaspi(
  api: ApiClient,
  order: Order,
  request: Request,
  start: boolean,
): Promise<KaspiView | null> {
  if (order.paymentId !== PaymentMethod.kaspi) return null;
  const phone = fromPhone(request);
  let kaspi: KaspiPayment | null = null;
  try {
    kaspi = await api.kaspiStatus(order.number);
    if (start && kaspi.state === 'none' && order.status === 'awaiting_payment')
      kaspi = await api.kaspiStart({ orderNumber: order.number, kind: phone ? 'link' : 'qr' });
    return { kaspi, kaspiError: null, phone };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { kaspi, kaspiError: e.body.message, phone };
  }
}

/** `+7 701 234 56 78`, `8701…` or `7701…` as Kaspi's 7XXXXXXXXXX; anything else as typed (the schema refuses it). */
function kaspiPhone(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('8')) return `7${digits.slice(1)}`;
  if (digits.length === 10) return `7${digits}`;
  return digits || raw;
}

/**
 * `intent=kaspi` of a page's form: starts a Kaspi payment of `orderNumber` — `kind` qr, link or remote (an invoice to
 * the typed phone). @returns the payment, or a message: a bad phone or kind (translated), or the API's refusal
 * (409 not payable, 502 Kaspi unavailable).
 */
export async function startKaspi(
  api: ApiClient,
  orderNumber: string,
  form: FormData,
  t: Translate,
): Promise<KaspiData> {
  const phone = form.get('phone');
  const body = KaspiStartBody.safeParse({
    orderNumber,
    kind: form.get('kind'),
    ...(typeof phone === 'string' && phone.trim() ? { phone: kaspiPhone(phone) } : {}),
  });
  if (!body.success) {
    const phoneWrong = body.error.issues.some((i) => i.path[0] === 'phone');
    return { kaspiError: t(phoneWrong ? 'pay.kaspi.badPhone' : 'pay.kaspi.badRequest') };
  }
  try {
    return { kaspi: await api.kaspiStart(body.data) };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { kaspiError: e.body.message };
  }
}
