import mjml2html from 'mjml';
import { formatPrice, type CustomerLanguage } from '@kiim/contract';
import type { OrderNotice } from './notification.notice.ts';
import { emailWords, type EmailWords } from './notification.texts.ts';

// Order emails (issue 13): MJML (a maintained email template language: tables and inline styles that hold up in
// Gmail, Outlook, Apple Mail, Yandex and Mail.ru) rendered to HTML, with a plain-text part written beside it.

/** A rendered email: subject, HTML and plain-text parts. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** Text for HTML: `& < > " '` escaped (every value of an order comes from shoppers or staff). */
const esc = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const price = formatPrice;

/** The two-column rows «label — value» of the totals and the way the order is received and paid. */
function facts(n: OrderNotice, w: EmailWords): [string, string][] {
  const l = w.labels;
  const rows: [string, string][] = [
    [l.itemsAmount, price(n.itemsAmount)],
    [l.delivery, n.deliveryAmount ? price(n.deliveryAmount) : l.free],
    [l.total, price(n.totalAmount)],
    [l.receiving, w.deliveryMethod],
  ];
  if (n.pickupPoint) {
    rows.push([l.pickupPoint, `${n.pickupPoint.title}, ${n.pickupPoint.address}`]);
    rows.push([l.hours, n.pickupPoint.openingHours]);
  }
  if (w.address) rows.push([l.address, w.address]);
  rows.push([l.payment, w.paymentMethod]);
  return rows;
}

/** A dark MJML button linking to `href`. */
const button = (href: string, label: string) =>
  `<mj-button href="${esc(href)}" background-color="#1a1a1a" color="#ffffff" font-size="15px" border-radius="4px">${esc(label)}</mj-button>`;

/**
 * The body of an email: an order event's lines, totals and the order's button; a receipt notice's (issue 32) the
 * receipt's button and the order's as a plain link.
 */
function bodyOf(n: OrderNotice, w: EmailWords): string {
  const l = w.labels;
  if (n.receipt)
    return `${button(n.receipt.url, l.receiptButton)}
        <mj-text align="center"><a href="${esc(n.url)}" style="color:#1a1a1a">${esc(l.button)}</a></mj-text>`;
  const lines = n.lines
    .map(
      (x) => `<tr style="border-bottom:1px solid #eeeeee">
        <td style="padding:8px 0">${esc(x.name)}<br/><span style="color:#6b6b6b;font-size:13px">${esc(l.size)}: ${esc(x.size)} · ${esc(l.colour)}: ${esc(x.colourName)} · ${x.qty}&nbsp;${esc(l.qtyUnit)}</span></td>
        <td style="padding:8px 0;text-align:right;white-space:nowrap">${esc(price(x.amount))}</td>
      </tr>`,
    )
    .join('');
  const factRows = facts(n, w)
    .map(
      ([k, v], i) => `<tr>
        <td style="width:40%;padding:4px 12px 4px 0;color:#6b6b6b;vertical-align:top;word-break:normal;overflow-wrap:normal">${esc(k)}</td>
        <td style="padding:4px 0;text-align:right;vertical-align:top;${i === 2 ? 'font-weight:bold' : ''}">${esc(v)}</td>
      </tr>`,
    )
    .join('');
  return `<mj-text font-size="16px" font-weight="bold" padding-top="16px">${esc(l.items)}</mj-text>
        <mj-table font-size="14px">${lines}</mj-table>
        <mj-table font-size="14px">${factRows}</mj-table>
        ${button(n.url, l.button)}`;
}

/** The words every email has around its body: subject (its headline), greeting, lead paragraphs, footer. */
export interface EmailFrame {
  subject: string;
  greeting: string;
  lead: string[];
  footer: string;
}

/** The MJML document of an email: the shop's header, the headline, greeting and lead, `body`, the footer. */
function mjmlOf(w: EmailFrame, body: string, lang: CustomerLanguage): string {
  return `<mjml lang="${lang}">
  <mj-head>
    <mj-title>${esc(w.subject)}</mj-title>
    <mj-preview>${esc(w.lead[0] ?? '')}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Arial, Helvetica, sans-serif" />
      <mj-text font-size="15px" line-height="22px" color="#1a1a1a" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f4f4">
    <mj-section background-color="#1a1a1a" padding="16px 24px">
      <mj-column><mj-text color="#ffffff" font-size="22px" font-weight="bold" letter-spacing="2px">KIIM</mj-text></mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-text font-size="20px" font-weight="bold">${esc(w.subject.replace(/^Kiim: /, ''))}</mj-text>
        <mj-text>${esc(w.greeting)}</mj-text>
        ${w.lead.map((p) => `<mj-text>${esc(p)}</mj-text>`).join('\n        ')}
        ${body}
      </mj-column>
    </mj-section>
    <mj-section padding="16px 24px">
      <mj-column><mj-text font-size="12px" color="#6b6b6b">${esc(w.footer)}</mj-text></mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

/** MJML rendered to HTML, validated strictly. @throws Error when the template does not validate. */
async function toHtml(mjml: string): Promise<string> {
  const out = await mjml2html(mjml, { validationLevel: 'strict', keepComments: false });
  if (out.errors.length)
    throw new Error(`email template: ${out.errors.map((e) => e.formattedMessage).join('; ')}`);
  return out.html;
}

/**
 * Renders a short email — the frame's words, then a button to `link` — with its plain-text part (a question's
 * answer, issue 35 item 5).
 * @throws Error when the template does not validate (a programming error: values are escaped).
 */
export async function renderLinkEmail(
  w: EmailFrame,
  link: { url: string; label: string },
  lang: CustomerLanguage,
): Promise<RenderedEmail> {
  const html = await toHtml(mjmlOf(w, button(link.url, link.label), lang));
  const text = [
    w.greeting,
    '',
    ...w.lead.flatMap((p) => [p, '']),
    `${link.label}: ${link.url}`,
    '',
    '--',
    w.footer,
    '',
  ];
  return { subject: w.subject, html, text: text.join('\n') };
}

/** The plain-text part: the same content as the HTML, line by line. */
function plainText(n: OrderNotice, w: EmailWords): string {
  const l = w.labels;
  // A receipt notice has no lines and totals: its lead holds the receipt's link (issue 32).
  const order = n.receipt
    ? []
    : [
        `${l.items}:`,
        ...n.lines.map(
          (x) =>
            `- ${x.name} (${l.size}: ${x.size}, ${l.colour}: ${x.colourName}) × ${x.qty} — ${price(x.amount)}`,
        ),
        '',
        ...facts(n, w).map(([k, v]) => `${k}: ${v}`),
        '',
      ];
  return [
    w.greeting,
    '',
    ...w.lead.flatMap((p) => [p, '']),
    ...order,
    `${l.button}: ${n.url}`,
    '',
    '--',
    l.footer,
    '',
  ].join('\n');
}

/**
 * Renders an order event's email in the customer's language (`ru` or `kk`): subject, HTML (MJML, validated
 * strictly) and plain text. Amounts as `12 990 ₸`.
 * @throws Error when the template does not validate (a programming error, never the data: values are escaped).
 */
export async function renderOrderEmail(n: OrderNotice, lang: CustomerLanguage): Promise<RenderedEmail> {
  const w = emailWords(n, lang);
  const html = await toHtml(mjmlOf({ ...w, footer: w.labels.footer }, bodyOf(n, w), lang));
  return { subject: w.subject, html, text: plainText(n, w) };
}
