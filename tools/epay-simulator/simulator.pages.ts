/**
 * What the ePay simulator serves to browsers: its `payment-api.js` (the `halyk.pay` / `halyk.showPaymentWidget`
 * of payments-sms.md §1) and its payment page. Plain strings, no framework: the simulator stands in for
 * ePay's own pages.
 */
import { testCards } from './simulator.cards.ts';

const esc = (v: unknown) =>
  String(v ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const tenge = new Intl.NumberFormat('ru-KZ', {
  style: 'currency',
  currency: 'KZT',
  maximumFractionDigits: 0,
});

/**
 * `payment-api.js` of the simulator at `origin`: `halyk.pay(obj)` sends the browser to the payment page with
 * the object in `?params=` (base64url JSON; ePay's own script compresses it with LZString — the shop never
 * reads it either way); `halyk.showPaymentWidget(obj, callback)` opens the page in an overlay and calls
 * `callback({success})` when the page reports the result by `postMessage` from the simulator's origin (or
 * `{success: false}` when the shopper closes the overlay).
 */
export function paymentApiScript(origin: string): string {
  return `/* Halyk ePay payment-api.js — local simulator of the Kiim project */
(function () {
  'use strict';
  var origin = ${JSON.stringify(origin)};
  function encode(obj) {
    var bytes = new TextEncoder().encode(JSON.stringify(obj));
    var bin = '';
    for (var i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
    return btoa(bin).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  }
  function pageUrl(obj, widget) {
    return origin + '/payform/?params=' + encode(obj) + (widget ? '&widget=1' : '');
  }
  function pay(obj) {
    window.location.href = pageUrl(obj, false);
  }
  function showPaymentWidget(obj, callback) {
    var overlay = document.createElement('div');
    overlay.setAttribute('data-halyk-widget', '');
    overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center';
    var frame = document.createElement('iframe');
    frame.title = 'Оплата картой — Halyk ePay';
    frame.src = pageUrl(obj, true);
    frame.style.cssText = 'width:min(440px,96vw);height:min(640px,92vh);border:0;border-radius:12px;background:#fff';
    var close = document.createElement('button');
    close.type = 'button';
    close.textContent = '×';
    close.setAttribute('aria-label', 'Закрыть оплату');
    close.style.cssText = 'position:absolute;top:12px;right:16px;font-size:32px;color:#fff;background:none;border:0;cursor:pointer';
    overlay.appendChild(frame);
    overlay.appendChild(close);
    var done = false;
    function finish(success) {
      if (done) return;
      done = true;
      window.removeEventListener('message', onMessage);
      overlay.remove();
      if (typeof callback === 'function') callback({ success: success });
    }
    function onMessage(event) {
      if (event.origin !== origin || !event.data || typeof event.data.success !== 'boolean') return;
      finish(event.data.success);
    }
    close.addEventListener('click', function () { finish(false); });
    window.addEventListener('message', onMessage);
    document.body.appendChild(overlay);
  }
  window.halyk = { pay: pay, showPaymentWidget: showPaymentWidget };
})();
`;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;background:#f2f4f3}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.brand{display:flex;align-items:center;gap:8px;font-weight:700;color:#00805f;margin-bottom:4px}
.brand b{display:inline-grid;place-items:center;width:28px;height:28px;border-radius:6px;background:#00805f;color:#fff}
.note{font-size:13px;color:#8a4b00;background:#fff4e0;border-radius:8px;padding:8px 10px;margin:8px 0 16px}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.amount{font-size:28px;font-weight:700;margin:0}.muted{color:#6b6b6b;font-size:14px;margin:4px 0 16px}
label{display:block;font-size:14px;margin:12px 0 4px}input{width:100%;font:inherit;padding:10px 12px;border:1px solid #c8cccb;border-radius:8px}
.row{display:flex;gap:12px}.row>div{flex:1}
.error{color:#b00020;font-size:14px;margin:12px 0 0}
button{width:100%;margin-top:20px;font:inherit;font-weight:600;padding:12px;border:0;border-radius:8px;background:#00805f;color:#fff;cursor:pointer}
a.back{display:block;text-align:center;margin-top:14px;color:#00805f}
.result{text-align:center}.result h1{font-size:22px}
.cards{margin-top:16px}.cards h2{font-size:17px;margin:0}.cards table{width:100%;border-collapse:collapse;font-size:14px}
.cards th,.cards td{text-align:left;padding:6px 4px;border-bottom:1px solid #e6e8e7}.cards code{font-size:14px;white-space:nowrap}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><meta name="robots" content="noindex"><style>${STYLE}</style></head>
<body><main><div class="brand"><b>H</b> Halyk ePay</div>
<p class="note">Тестовый симулятор платёжной страницы: деньги не списываются.</p>${body}</main></body></html>`;
}

/** What the payment page shows of the payment object. */
export interface PayformView {
  params: string;
  widget: boolean;
  amount: number;
  description: string;
  invoiceId: string;
  failureBackLink: string;
  error?: string;
  values?: { cardNumber?: string; expiry?: string; cardholder?: string };
}

/** The simulator's payment page: amount, order description and the card form (Russian, like ePay's own). */
export function payformPage(v: PayformView): string {
  const back = v.widget
    ? ''
    : `<a class="back" href="${esc(v.failureBackLink)}">Отменить и вернуться в магазин</a>`;
  return page(
    'Оплата картой — Halyk ePay',
    `<section class="card" aria-labelledby="pay-title">
<h1 id="pay-title" class="amount">${esc(tenge.format(v.amount))}</h1>
<p class="muted">${esc(v.description)} · счёт № ${esc(v.invoiceId)}</p>
<form method="post" action="/payform/pay" autocomplete="off" novalidate>
<input type="hidden" name="params" value="${esc(v.params)}">
<input type="hidden" name="widget" value="${v.widget ? '1' : '0'}">
<label for="cardNumber">Номер карты</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" placeholder="0000 0000 0000 0000" value="${esc(v.values?.cardNumber)}" required>
<div class="row"><div><label for="expiry">Срок действия</label>
<input id="expiry" name="expiry" inputmode="numeric" placeholder="ММ/ГГ" value="${esc(v.values?.expiry)}" required></div>
<div><label for="cvc">CVC/CVV</label><input id="cvc" name="cvc" inputmode="numeric" type="password" placeholder="123" required></div></div>
<label for="cardholder">Имя владельца карты</label>
<input id="cardholder" name="cardholder" placeholder="IVAN IVANOV" value="${esc(v.values?.cardholder)}">
${v.error ? `<p class="error" role="alert">${esc(v.error)}</p>` : ''}
<button type="submit">Оплатить ${esc(tenge.format(v.amount))}</button>
</form>${back}</section>
${testCardsSection()}`,
  );
}

/** The simulator's test cards under the form: which number approves and which declines, and with what reason. */
function testCardsSection(): string {
  const rows = testCards()
    .map((c) => `<tr><td><code>${esc(c.number)}</code></td><td>${esc(c.outcome)}</td></tr>`)
    .join('');
  return `<section class="card cards" aria-labelledby="cards-title">
<h2 id="cards-title">Тестовые карты</h2>
<p class="muted">Срок действия — любой в будущем, CVC — любые три цифры. Другие номера банк отклонит.</p>
<table><thead><tr><th scope="col">Номер карты</th><th scope="col">Результат</th></tr></thead><tbody>${rows}</tbody></table>
</section>`;
}

/** A page saying the payment cannot be made (bad or expired session). */
export function errorPage(message: string, backLink: string | null): string {
  return page(
    'Оплата невозможна — Halyk ePay',
    `<section class="card result"><h1>Оплата невозможна</h1><p role="alert">${esc(message)}</p>${
      backLink ? `<a class="back" href="${esc(backLink)}">Вернуться в магазин</a>` : ''
    }</section>`,
  );
}

/**
 * The widget's result page: reports `{success}` to the page that opened the widget (`postMessage` to its
 * parent) and says what happened.
 */
export function widgetResultPage(success: boolean, reason: string | null): string {
  return page(
    success ? 'Оплата прошла — Halyk ePay' : 'Оплата не прошла — Halyk ePay',
    `<section class="card result"><h1>${success ? 'Оплата прошла' : 'Оплата не прошла'}</h1>${
      reason ? `<p>${esc(reason)}</p>` : ''
    }</section><script>parent.postMessage({ success: ${success ? 'true' : 'false'} }, '*');</script>`,
  );
}
