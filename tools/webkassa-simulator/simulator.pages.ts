import type { FastifyInstance } from 'fastify';
import type { SimReceipt, SimulatorState } from './simulator.state.ts';

/**
 * `GET /Ticket?chb=…&extnum=…`: the simulator's stand-in for the ОФД's receipt page that `TicketUrl` points at,
 * a readable receipt with the fields MinFin Order 626 asks for (fiscal-webkassa.md §1): seller's name, BIN and
 * address, the cash register's factory, registration and identity numbers, shift and receipt numbers, date and
 * time, each position (name, code, quantity, unit, price, discount, sum), VAT, total, payments, fiscal sign and
 * the ОФД's name and site for checking the receipt.
 */

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
const tg = (n: number) =>
  `${n.toLocaleString('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ₸`;
const PAYMENT = ['Наличные', 'Банковская карта', '', '', 'Мобильный платёж'];

/** The receipt as an HTML page. */
function receiptPage(state: SimulatorState, r: SimReceipt, reg: string, id: string): string {
  const vat = r.positions.reduce((s, p) => s + (p.TaxType === 100 ? p.Tax : 0), 0);
  const rows = r.positions
    .map(
      (p, i) =>
        `<tr><td>${i + 1}. ${esc(p.PositionName)}<br><small>Код: ${esc(p.PositionCode)}</small></td>` +
        `<td>${p.Count} шт (${p.UnitCode})</td><td>${tg(p.Price)}</td><td>${tg(p.Discount)}</td>` +
        `<td>${tg(p.Count * p.Price - p.Discount + p.Markup)}</td></tr>`,
    )
    .join('');
  const payments = r.payments
    .map((p) => `<tr><td>${PAYMENT[p.PaymentType] ?? p.PaymentType}</td><td>${tg(p.Sum)}</td></tr>`)
    .join('');
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Чек ${esc(r.checkNumber)}</title>
<style>body{font-family:monospace;max-width:40em;margin:1em auto}td{padding:2px 6px;vertical-align:top}</style>
</head><body><h1>${r.operationType === 2 ? 'Продажа' : 'Возврат продажи'}</h1>
<p>${esc(state.seller.name)}<br>БИН ${esc(state.seller.bin)}<br>${esc(state.seller.address)}</p>
<p>ЗНМ (заводской номер) ${esc(r.cashbox)}<br>РНМ (регистрационный номер) <span data-field="rnm">${esc(reg)}</span>
<br>Код ККМ ${esc(id)}<br>Смена № ${r.shiftNumber}, чек № ${r.checkOrderNumber} в смене</p>
<p>Дата и время: <span data-field="datetime">${esc(r.dateTime)}</span></p>
<table><tr><th>Товар</th><th>Кол-во</th><th>Цена</th><th>Скидка</th><th>Сумма</th></tr>${rows}</table>
<p>ИТОГО: <strong data-field="total">${tg(r.total)}</strong><br>
${vat > 0 ? `в т. ч. НДС: ${tg(vat)}` : 'Без НДС'}</p>
<table>${payments}${r.change ? `<tr><td>Сдача</td><td>${tg(r.change)}</td></tr>` : ''}</table>
${r.basisCheckNumber ? `<p>Чек основания: ФП ${esc(r.basisCheckNumber)}</p>` : ''}
<p>ФП (фискальный признак): <span data-field="check-number">${esc(r.checkNumber)}</span><br>
${r.offline ? 'Автономный режим<br>' : ''}Внешний номер: ${esc(r.externalCheckNumber)}</p>
<p>ОФД: симулятор Webkassa (Kiim). Проверить чек: ${esc(state.origin)}/Ticket</p>
</body></html>`;
}

/** Registers the receipt page; 404 for an unknown cash register or number. */
export function registerPages(app: FastifyInstance, state: SimulatorState): void {
  app.get('/Ticket', async (request, reply) => {
    const q = request.query as { chb?: unknown; extnum?: unknown };
    const box = typeof q.chb === 'string' ? state.cashboxes.get(q.chb) : undefined;
    const r = box && typeof q.extnum === 'string' ? box.receipts.get(q.extnum) : undefined;
    if (!box || !r) return reply.code(404).type('text/plain; charset=utf-8').send('Чек не найден');
    return reply
      .type('text/html; charset=utf-8')
      .send(receiptPage(state, r, box.registrationNumber, box.identityNumber));
  });
}
