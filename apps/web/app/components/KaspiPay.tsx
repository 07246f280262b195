import { useEffect, useRef, useState } from 'react';
import { useFetcher, useRevalidator } from 'react-router';
import type { KaspiPayment } from '@kiim/contract';
import { formatPhone, formatTime } from '@kiim/contract/format';
import { useT } from '../lib/text.ts';

// Kaspi Pay on the thank-you page (issue 33 Part A items 1–2): the QR (the server's SVG) or the link that opens the
// Kaspi app on a phone, «Счёт в Kaspi по номеру телефона», and the state followed live (waiting → scanned → paid,
// or refused / expired) by polling /Cart/kaspi-status at the interval the server gives.

/** What starting or polling answers (lib/kaspi.server.ts). */
type KaspiData = { kaspi: KaspiPayment } | { kaspiError: string };

/** States after which the shop reads Kaspi again. */
const OPEN = new Set<KaspiPayment['state']>(['waiting', 'scanned']);

/** The sentence under the state's name: what the shopper does now. */
function detailKey(k: KaspiPayment) {
  if (k.state === 'waiting')
    return k.kind === 'remote'
      ? 'pay.kaspi.waitingRemote'
      : k.kind === 'link'
        ? 'pay.kaspi.waitingLink'
        : 'pay.kaspi.waitingQr';
  return `pay.kaspi.${k.state}` as const;
}

/** The payment, kept current: the page's, then each start's and poll's answer; polls while it is open. */
function useLiveKaspi(orderNumber: string, initial: KaspiPayment | null) {
  const [kaspi, setKaspi] = useState(initial);
  const start = useFetcher<KaspiData>();
  const poll = useFetcher<KaspiData>();
  const revalidator = useRevalidator();
  const wasPaid = useRef(initial?.state === 'paid');
  // The newest answer wins: the page's data when it changes, else a start's or a poll's (state adjusted while
  // rendering, React's pattern for state that follows props).
  const [seen, setSeen] = useState({ initial, started: start.data, polled: poll.data });
  if (seen.initial !== initial || seen.started !== start.data || seen.polled !== poll.data) {
    const answer =
      seen.started !== start.data ? start.data : seen.polled !== poll.data ? poll.data : undefined;
    const next = seen.initial !== initial ? initial : answer && 'kaspi' in answer ? answer.kaspi : kaspi;
    setSeen({ initial, started: start.data, polled: poll.data });
    setKaspi(next);
  }
  useEffect(() => {
    if (!kaspi || !OPEN.has(kaspi.state)) return;
    const id = setTimeout(
      () => void poll.load(`/Cart/kaspi-status?order=${encodeURIComponent(orderNumber)}`),
      Math.max(1, kaspi.pollSeconds) * 1000,
    );
    return () => clearTimeout(id);
    // A failed poll (no new payment) is retried after the same interval.
  }, [kaspi, poll.data]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    // Paid: the page's order (heading, status, payment) is read again once.
    if (kaspi?.state !== 'paid' || wasPaid.current) return;
    wasPaid.current = true;
    void revalidator.revalidate();
  }, [kaspi?.state]); // eslint-disable-line react-hooks/exhaustive-deps
  const pollFailed = !!poll.data && 'kaspiError' in poll.data;
  const startError = start.data && 'kaspiError' in start.data ? start.data.kaspiError : null;
  return { kaspi, start, pollFailed, startError };
}

/** The QR or the app link of an open payment, and until when it holds. */
function KaspiCode({ kaspi, timeZone }: { kaspi: KaspiPayment; timeZone: string }) {
  const t = useT();
  return (
    <div className="kaspi-pay__code">
      {kaspi.qrSvg && (
        <div
          className="kaspi-pay__qr"
          role="img"
          aria-label={t('pay.kaspi.qrAlt', { number: kaspi.orderNumber })}
          data-testid="kaspi-qr"
          // The shop's own SVG, drawn by the API from Kaspi's token (qrcode); it holds no script.
          dangerouslySetInnerHTML={{ __html: kaspi.qrSvg }}
        />
      )}
      {kaspi.paymentLink && (
        <a
          className="button button--primary kaspi-pay__open"
          href={kaspi.paymentLink}
          data-testid="kaspi-open"
        >
          {t('pay.kaspi.openApp')}
        </a>
      )}
      {kaspi.expiresAt && (
        <p className="muted">{t('pay.kaspi.until', { time: formatTime(kaspi.expiresAt, timeZone) })}</p>
      )}
    </div>
  );
}

/** Ways to start a payment (none open): QR, on a phone the app link, and an invoice to a phone number. */
function KaspiStart({
  start,
  phone,
  mobile,
  remoteInvoice,
}: {
  start: ReturnType<typeof useFetcher<KaspiData>>;
  phone: boolean;
  mobile: string;
  remoteInvoice: boolean;
}) {
  const t = useT();
  const busy = start.state !== 'idle';
  return (
    <div className="kaspi-pay__start">
      <start.Form method="post" className="kaspi-pay__buttons">
        <input type="hidden" name="intent" value="kaspi" />
        <button type="submit" name="kind" value="qr" className="button button--primary" disabled={busy}>
          {t('pay.kaspi.showQr')}
        </button>
        {phone && (
          <button type="submit" name="kind" value="link" className="button" disabled={busy}>
            {t('pay.kaspi.openApp')}
          </button>
        )}
      </start.Form>
      {remoteInvoice && (
        <start.Form method="post" className="kaspi-pay__remote">
          <fieldset>
            <legend>{t('pay.kaspi.remote')}</legend>
            <input type="hidden" name="intent" value="kaspi" />
            <input type="hidden" name="kind" value="remote" />
            <label className="field">
              <span>{t('pay.kaspi.phone')}</span>
              <input
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={20}
                defaultValue={mobile ? formatPhone(mobile) : ''}
                required
              />
            </label>
            <button type="submit" className="button" disabled={busy}>
              {t('pay.kaspi.sendInvoice')}
            </button>
          </fieldset>
        </start.Form>
      )}
      {busy && <p className="muted">{t('pay.kaspi.starting')}</p>}
    </div>
  );
}

/**
 * The Kaspi panel of an order awaiting payment 4 (issue 33): the state's name and what to do in a polite live region
 * (announced when the state changes), the QR or the app link while a payment is open, and the ways to start one
 * when none is (refused, expired, not started). Polls at the server's interval; once paid, the page reloads its data.
 * @param initial the page loader's payment (null when the API could not be read: `error` says why).
 * @param phone the request came from a phone (the app link is offered). @param mobile the customer's number (+7…).
 */
export function KaspiPay({
  orderNumber,
  initial,
  error,
  phone,
  mobile,
  timeZone,
}: {
  orderNumber: string;
  initial: KaspiPayment | null;
  error: string | null;
  phone: boolean;
  mobile: string;
  timeZone: string;
}) {
  const t = useT();
  const { kaspi, start, pollFailed, startError } = useLiveKaspi(orderNumber, initial);
  const state = kaspi?.state ?? 'none';
  const open = !!kaspi && OPEN.has(state);
  const problem = startError ?? (kaspi === initial ? error : null);
  return (
    <section className="panel kaspi-pay" aria-labelledby="kaspi-pay-title" data-testid="kaspi-pay">
      <h2 id="kaspi-pay-title">{t('pay.kaspi.title')}</h2>
      <p
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className={`kaspi-pay__state kaspi-pay__state--${state}`}
        data-testid="kaspi-state"
      >
        <strong data-testid="kaspi-state-name">{t(`pay.kaspi.state.${state}`)}</strong>
        {kaspi && <span> {t(detailKey(kaspi))}</span>}
      </p>
      {open && <KaspiCode kaspi={kaspi} timeZone={timeZone} />}
      {kaspi?.orderExpiresAt && state !== 'paid' && (
        <p className="muted">
          {t('pay.kaspi.orderUntil', { time: formatTime(kaspi.orderExpiresAt, timeZone) })}
        </p>
      )}
      {pollFailed && <p className="muted">{t('pay.kaspi.pollFailed')}</p>}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {!open && state !== 'paid' && kaspi?.orderStatus === 'awaiting_payment' && (
        <KaspiStart start={start} phone={phone} mobile={mobile} remoteInvoice={kaspi.remoteInvoice} />
      )}
      {open && (
        <noscript>
          <p className="muted">{t('pay.kaspi.needJs')}</p>
        </noscript>
      )}
    </section>
  );
}
