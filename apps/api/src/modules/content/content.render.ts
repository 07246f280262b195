import MarkdownIt from 'markdown-it';
import { CONTENT_BLOCKS, type ContentBlock, type ContentPart, type SellerDetails } from '@kiim/contract';

// Markdown → the parts of a page. The stored text is the back office's (and the seed's) Markdown:
// - raw HTML in it is shown as text (`html: false`), and markdown-it refuses `javascript:`, `vbscript:`, `file:`
//   and non-image `data:` links, so what is stored can never put script or markup of its own into a page;
// - a line of its own `{{block:name}}` places a block drawn from data (CONTENT_BLOCKS) between the HTML parts;
// - `{{seller.companyName}}` and the other fields of SellerDetails, `{{shop.url}}` and
//   `{{shop.paymentWindowMinutes}}` are replaced by the configured values (escaped for Markdown) before rendering;
// - tables are wrapped in a horizontally scrolling box for phones.

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
md.renderer.rules.table_open = () => '<div class="table-scroll"><table>\n';
md.renderer.rules.table_close = () => '</table></div>\n';

const BLOCK_LINE = /^\{\{block:([a-z-]+)\}\}[ \t]*$/gm;
const PLACEHOLDER = /\{\{(seller|shop)\.([a-zA-Z]+)\}\}/g;
const ANY_PLACEHOLDER = /\{\{([^{}\n]*)\}\}/g;
const SELLER_FIELDS: readonly (keyof SellerDetails)[] = [
  'companyName',
  'bin',
  'legalAddress',
  'phone',
  'phoneHref',
  'email',
  'serviceHours',
];

/** What a page's placeholders are filled with: the seller's details and facts of the shop's configuration. */
export interface RenderValues {
  seller: SellerDetails;
  shop: {
    /** The public origin, `https://kiim.kz`. */
    url: string;
    /** Minutes a card-online order waits for its payment (ORDER_PAYMENT_WINDOW_MINUTES). */
    paymentWindowMinutes: number;
  };
}

const SHOP_FIELDS: readonly string[] = [
  'url',
  'paymentWindowMinutes',
] satisfies (keyof RenderValues['shop'])[];

/** Escapes Markdown's punctuation so a configured value reads literally (a company name with `*` or `_`). */
const escapeMarkdown = (value: string) => value.replace(/[\\`*_{}[\]()<>#+!|~]/g, '\\$&');

/** The value of a known placeholder (`seller.bin`, `shop.url`…), or undefined for an unknown one. */
function valueOf(group: string, field: string, values: RenderValues): string | undefined {
  if (group === 'seller' && (SELLER_FIELDS as readonly string[]).includes(field))
    return String(values.seller[field as keyof SellerDetails]);
  if (group === 'shop' && SHOP_FIELDS.includes(field))
    return String(values.shop[field as keyof RenderValues['shop']]);
  return undefined;
}

function fill(text: string, values: RenderValues): string {
  return text.replace(PLACEHOLDER, (whole, group: string, field: string) => {
    const value = valueOf(group, field, values);
    return value === undefined ? whole : escapeMarkdown(value);
  });
}

/**
 * The parts of a page in order: the stored Markdown rendered to HTML, split at its `{{block:…}}` lines.
 * Empty stretches of text between blocks give no part.
 */
export function renderPage(body: string, values: RenderValues): ContentPart[] {
  const parts: ContentPart[] = [];
  const html = (text: string) => {
    if (text.trim()) parts.push({ kind: 'html', html: md.render(fill(text, values)) });
  };
  let at = 0;
  for (const m of body.matchAll(BLOCK_LINE)) {
    html(body.slice(at, m.index));
    parts.push({ kind: 'block', block: m[1] as ContentBlock });
    at = m.index + m[0].length;
  }
  html(body.slice(at));
  return parts;
}

/** Blocks a body places, in order (for knowing which data a page needs). */
export const blocksOf = (body: string): ContentBlock[] =>
  [...body.matchAll(BLOCK_LINE)].map((m) => m[1] as ContentBlock);

/**
 * What is wrong with the placeholders of a body: unknown blocks and unknown `{{…}}` names, one message each
 * (empty when the body is fine). The back office and the seed save only bodies without problems.
 */
export function bodyProblems(body: string): string[] {
  const problems: string[] = [];
  for (const m of body.matchAll(BLOCK_LINE)) {
    if (!(CONTENT_BLOCKS as readonly string[]).includes(m[1]!))
      problems.push(`Неизвестный блок {{block:${m[1]}}}: допустимы ${CONTENT_BLOCKS.join(', ')}`);
  }
  for (const m of body.replace(BLOCK_LINE, '').matchAll(ANY_PLACEHOLDER)) {
    const [group = '', field = ''] = m[1]!.split('.');
    const known =
      (group === 'seller' && (SELLER_FIELDS as readonly string[]).includes(field)) ||
      (group === 'shop' && SHOP_FIELDS.includes(field));
    if (!known || m[1]!.split('.').length !== 2) problems.push(`Неизвестная подстановка {{${m[1]}}}`);
  }
  return problems;
}
