// The shop's information pages (spec §2), written for Kiim in Russian and Kazakh (issue 13): texts in
// `content/<slug>.md` (Russian) and `content/kk/<slug>.md` (Kazakh) — Markdown with the seller's details as
// `{{seller.…}}` placeholders and data blocks as `{{block:…}}` lines, see modules/content —, titles from the message
// catalogue (`info.<slug>`, the footer's names), descriptions here. They are added to any database that lacks them
// (by slug and language), on every start; pages already stored are left as they are, so what the back office
// edits stays.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CONTENT_LOCALES,
  INFO_PAGES,
  type ContentLocale,
  type ContentPageInput,
  type InfoPageSlug,
} from '@kiim/contract';
import { catalogues } from '@kiim/contract/text/compile';
import type { DbOrTrx } from '#app/db/database.ts';
import { addMissingPages } from '#app/modules/content/content.service.ts';

/**
 * The folder of the pages' texts: beside this file, or — in the compiled server (apps/web/dist/server.mjs, as deep
 * under the repository as this folder) — at its place in the sources.
 */
const here = [path.dirname(fileURLToPath(import.meta.url))]
  .flatMap((dir) => [dir, path.resolve(dir, '../../../apps/api/src/seed')])
  .find((dir) => fs.existsSync(path.join(dir, 'content')))!;

/** Descriptions of the pages by language: their meta description and their line in the information index. */
const DESCRIPTIONS: Record<ContentLocale, Record<InfoPageSlug, string>> = {
  ru: {
    'dostavka-i-oplata':
      'Самовывоз бесплатно из магазинов и пунктов выдачи Kiim, курьерская доставка по городу, сроки получения и три способа оплаты: наличными, картой при получении и картой онлайн.',
    vozvrat:
      'Возврат и обмен одежды надлежащего качества в течение 14 дней, вещи с недостатками, как и когда возвращаются деньги при каждом способе оплаты.',
    razmer:
      'Таблицы размеров женской и мужской одежды, брюк и джинсов Kiim с обхватами груди, талии и бёдер в сантиметрах и размерами W/L, и как снять мерки.',
    faq: 'Ответы на частые вопросы о заказе, доставке, оплате, размерах, возврате и аккаунте в интернет-магазине Kiim.',
    stores:
      'Адреса магазинов и пунктов выдачи Kiim по городам Казахстана с часами работы и ссылками на карту.',
    contact: 'Телефон, электронная почта и часы работы службы заботы о покупателях Kiim, реквизиты продавца.',
    'dogovor-publichnoj-oferty':
      'Договор розничной купли-продажи товаров интернет-магазина Kiim: заказ, цены, оплата, доставка, возврат, ответственность и реквизиты продавца.',
    'politika-konfidencialnosti':
      'Какие персональные данные собирает Kiim, зачем, где и сколько хранит, кому передаёт и как воспользоваться своими правами.',
  },
  kk: {
    'dostavka-i-oplata':
      'Kiim дүкендері мен беру пункттерінен тегін өзі алып кету, қала ішінде курьерлік жеткізу, алу мерзімдері және төлеудің үш тәсілі: қолма-қол ақшамен, алған кезде картамен және онлайн картамен.',
    vozvrat:
      'Тиісті сападағы киімді 14 күн ішінде қайтару және айырбастау, кемшілігі бар заттар, әр төлем тәсілінде ақша қалай және қашан қайтарылады.',
    razmer:
      'Kiim әйелдер мен ерлер киімінің, шалбар мен джинсының өлшемдер кестелері: сантиметрмен берілген кеуде, бел және жамбас көлемдері, W/L өлшемдері және өлшемді қалай алу керегі.',
    faq: 'Kiim интернет-дүкеніндегі тапсырыс, жеткізу, төлем, өлшемдер, қайтару және аккаунт туралы жиі қойылатын сұрақтардың жауаптары.',
    stores:
      'Қазақстан қалалары бойынша Kiim дүкендері мен беру пункттерінің мекенжайлары, жұмыс уақыты және картаға сілтемелер.',
    contact:
      'Kiim сатып алушыларға қамқорлық қызметінің телефоны, электрондық поштасы және жұмыс уақыты, сатушының деректемелері.',
    'dogovor-publichnoj-oferty':
      'Kiim интернет-дүкенінің тауарларын бөлшек сатып алу-сату шарты: тапсырыс, бағалар, төлем, жеткізу, қайтару, жауапкершілік және сатушының деректемелері.',
    'politika-konfidencialnosti':
      'Kiim қандай дербес деректерді жинайды, не үшін, қайда және қанша уақыт сақтайды, кімге береді және өз құқықтарыңызды қалай пайдалануға болады.',
  },
};

/** Folder of a language's texts: `content` (Russian), `content/kk` (Kazakh). */
const folderOf = (locale: ContentLocale) =>
  locale === 'ru' ? path.join(here, 'content') : path.join(here, 'content', locale);

/**
 * The information pages as the seed writes them, published: every page in Russian, then every page in Kazakh
 * (issue 13), each with its title from the message catalogue of its language.
 */
export function infoPages(): ContentPageInput[] {
  return CONTENT_LOCALES.flatMap((locale) =>
    INFO_PAGES.map((p) => ({
      slug: p.slug,
      locale,
      title: catalogues[locale].info[p.slug],
      description: DESCRIPTIONS[locale][p.slug],
      body: fs.readFileSync(path.join(folderOf(locale), `${p.slug}.md`), 'utf8'),
      published: true,
    })),
  );
}

/** Adds the information pages a database lacks. @returns how many were added. */
export function seedInfoPages(db: DbOrTrx, now: Date): Promise<number> {
  return addMissingPages(db, infoPages(), now);
}
