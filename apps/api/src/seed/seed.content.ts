// The shop's information pages (spec §2), written for Kiim: texts in `content/*.md` (Markdown with the seller's
// details as `{{seller.…}}` placeholders and data blocks as `{{block:…}}` lines, see modules/content), titles and
// descriptions here. They are added to any database that lacks them, on every start; pages already stored are
// left as they are, so what the back office edits stays.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INFO_PAGES, type ContentPageInput, type InfoPageSlug } from '@kiim/contract';
import type { DbOrTrx } from '#app/db/database.ts';
import { addMissingPages } from '#app/modules/content/content.service.ts';

/**
 * The folder of the pages' texts: beside this file, or — in the compiled server (apps/web/dist/server.mjs, as deep
 * under the repository as this folder) — at its place in the sources.
 */
const here = [path.dirname(fileURLToPath(import.meta.url))]
  .flatMap((dir) => [dir, path.resolve(dir, '../../../apps/api/src/seed')])
  .find((dir) => fs.existsSync(path.join(dir, 'content')))!;

/** Descriptions of the pages: their meta description and their line in the information index. */
const DESCRIPTIONS: Record<InfoPageSlug, string> = {
  'dostavka-i-oplata':
    'Самовывоз бесплатно из магазинов и пунктов выдачи Kiim, курьерская доставка по городу, сроки получения и три способа оплаты: наличными, картой при получении и картой онлайн.',
  vozvrat:
    'Возврат и обмен одежды надлежащего качества в течение 14 дней, вещи с недостатками, как и когда возвращаются деньги при каждом способе оплаты.',
  razmer:
    'Таблицы размеров женской и мужской одежды, брюк и джинсов Kiim с обхватами груди, талии и бёдер в сантиметрах и размерами W/L, и как снять мерки.',
  faq: 'Ответы на частые вопросы о заказе, доставке, оплате, размерах, возврате и аккаунте в интернет-магазине Kiim.',
  stores: 'Адреса магазинов и пунктов выдачи Kiim по городам Казахстана с часами работы и ссылками на карту.',
  contact: 'Телефон, электронная почта и часы работы службы заботы о покупателях Kiim, реквизиты продавца.',
  'dogovor-publichnoj-oferty':
    'Договор розничной купли-продажи товаров интернет-магазина Kiim: заказ, цены, оплата, доставка, возврат, ответственность и реквизиты продавца.',
  'politika-konfidencialnosti':
    'Какие персональные данные собирает Kiim, зачем, где и сколько хранит, кому передаёт и как воспользоваться своими правами.',
};

/** The information pages as the seed writes them (Russian, published). */
export function infoPages(): ContentPageInput[] {
  return INFO_PAGES.map((p) => ({
    slug: p.slug,
    locale: 'ru',
    title: p.title,
    description: DESCRIPTIONS[p.slug],
    body: fs.readFileSync(path.join(here, 'content', `${p.slug}.md`), 'utf8'),
    published: true,
  }));
}

/** Adds the information pages a database lacks. @returns how many were added. */
export function seedInfoPages(db: DbOrTrx, now: Date): Promise<number> {
  return addMissingPages(db, infoPages(), now);
}
