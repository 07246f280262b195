// Brands, categories, product models, colours and materials of the demo catalogue. Pure data: the
// generator in seed.ts turns it into rows with a seeded random generator.
import { CategoryKind, Gender } from '@kiim/contract';

/** Brand of the demo seed; `kinds` are the category kinds it makes (spec §3). */
export interface SeedBrand {
  slug: string;
  name: string;
  country: string;
  description: string;
  kinds: readonly number[];
  /** Genders it dresses (spec §3: 0 female, 1 male); both when absent. */
  genders?: readonly number[];
}

const J = CategoryKind.jeans;
const T = CategoryKind.trousers;
const O = CategoryKind.outerwear;
const C = CategoryKind.clothes;
const U = CategoryKind.underwear;

/** Brands, id = position + 1: Kazakh labels first, then foreign ones sold in Kazakhstan. */
export const BRANDS: readonly SeedBrand[] = [
  {
    slug: 'kiim-basic',
    name: 'Kiim Basic',
    country: 'Казахстан',
    description: 'Собственная марка Kiim: базовый гардероб из хлопка и денима по честной цене.',
    kinds: [J, T, C, U],
  },
  {
    slug: 'dala-denim',
    name: 'Dala Denim',
    country: 'Казахстан',
    description: 'Алматинская денимовая мастерская, которая шьёт джинсы из плотного турецкого денима.',
    kinds: [J, O],
  },
  {
    slug: 'nomad-wear',
    name: 'Nomad Wear',
    country: 'Казахстан',
    description: 'Городская одежда для жизни в движении: удобные силуэты и практичные ткани.',
    kinds: [T, O, C],
  },
  {
    slug: 'alatau-outdoor',
    name: 'Alatau Outdoor',
    country: 'Казахстан',
    description: 'Тёплые куртки и пуховики, которые проверяют в горах Заилийского Алатау.',
    kinds: [O, T],
  },
  {
    slug: 'tumar',
    name: 'Tumar',
    country: 'Казахстан',
    description: 'Женская марка из Астаны: лаконичные платья, блузки и костюмы с национальными мотивами.',
    kinds: [T, C],
    genders: [Gender.female],
  },
  {
    slug: 'shanyraq',
    name: 'Shanyraq',
    country: 'Казахстан',
    description: 'Трикотаж и домашняя одежда из мягкого хлопка, сшитые в Шымкенте.',
    kinds: [C, U],
  },
  {
    slug: 'qazaq-cotton',
    name: 'Qazaq Cotton',
    country: 'Казахстан',
    description: 'Бельё и футболки из туркестанского хлопка без лишней химии.',
    kinds: [C, U],
  },
  {
    slug: 'saukele',
    name: 'Saukele',
    country: 'Казахстан',
    description: 'Нарядная женская одежда с вышивкой и орнаментом, вдохновлённая свадебным головным убором.',
    kinds: [C, O],
    genders: [Gender.female],
  },
  {
    slug: 'steppe-and-co',
    name: 'Steppe & Co',
    country: 'Казахстан',
    description: 'Мужская классика: шерстяные пальто, брюки и рубашки на каждый день.',
    kinds: [T, O, C],
    genders: [Gender.male],
  },
  {
    slug: 'baiterek-line',
    name: 'Baiterek Line',
    country: 'Казахстан',
    description: 'Деловая одежда для офиса в Астане и Алматы: строгие брюки и рубашки.',
    kinds: [T, C],
  },
  {
    slug: 'nordvik',
    name: 'Nordvik',
    country: 'Швеция',
    description: 'Скандинавский минимализм: спокойные цвета и вещи, которые носятся годами.',
    kinds: [J, T, O, C],
  },
  {
    slug: 'linea-verde',
    name: 'Linea Verde',
    country: 'Италия',
    description: 'Итальянская марка лёгких тканей: лён, вискоза и хлопок для тёплого сезона.',
    kinds: [T, C],
  },
  {
    slug: 'maison-clair',
    name: 'Maison Clair',
    country: 'Франция',
    description: 'Парижская элегантность: тренчи, блузки и тонкое кружевное бельё.',
    kinds: [O, C, U],
    genders: [Gender.female],
  },
  {
    slug: 'urban-fjord',
    name: 'Urban Fjord',
    country: 'Норвегия',
    description: 'Непромокаемые парки и куртки для ветреной городской зимы.',
    kinds: [O],
  },
  {
    slug: 'hanse-denim',
    name: 'Hanse Denim',
    country: 'Германия',
    description: 'Немецкий деним с выверенными лекалами и прочными швами.',
    kinds: [J],
  },
  {
    slug: 'bosphorus',
    name: 'Bosphorus',
    country: 'Турция',
    description: 'Стамбульская фабрика повседневной одежды: джинсы, рубашки и трикотаж.',
    kinds: [J, T, C],
  },
  {
    slug: 'ege-cotton',
    name: 'Ege Cotton',
    country: 'Турция',
    description: 'Бельё и базовые футболки из эгейского хлопка.',
    kinds: [C, U],
  },
  {
    slug: 'anatolia-knit',
    name: 'Anatolia Knit',
    country: 'Турция',
    description: 'Свитеры, кардиганы и водолазки из шерсти и кашемира.',
    kinds: [C],
  },
  {
    slug: 'seoul-cut',
    name: 'Seoul Cut',
    country: 'Южная Корея',
    description: 'Корейские оверсайз-силуэты и смелые сочетания цветов.',
    kinds: [J, T, O, C],
  },
  {
    slug: 'kyoto-loom',
    name: 'Kyoto Loom',
    country: 'Япония',
    description: 'Японский селвидж-деним, окрашенный индиго вручную.',
    kinds: [J, T],
  },
  {
    slug: 'vistula-wear',
    name: 'Vistula Wear',
    country: 'Польша',
    description: 'Польская марка тёплой верхней одежды и трикотажа по доступным ценам.',
    kinds: [O, C],
  },
  {
    slug: 'samarqand-atlas',
    name: 'Samarqand Atlas',
    country: 'Узбекистан',
    description: 'Одежда из узбекского хлопка и атласа с узорами ручной работы.',
    kinds: [C, T],
  },
  {
    slug: 'baltic-line',
    name: 'Baltic Line',
    country: 'Латвия',
    description: 'Мягкое бельё и носки из хлопка и бамбукового волокна.',
    kinds: [U],
  },
  {
    slug: 'ural-down',
    name: 'Ural Down',
    country: 'Россия',
    description: 'Пуховики на гусином пуху для морозов до −35 °C.',
    kinds: [O],
  },
];

/** Category of the demo seed (spec §3): one per kind and gender. */
export interface SeedCategory {
  id: number;
  slug: string;
  name: string;
  kind: number;
  gender: number;
}

/**
 * Categories, ids 1..10: women 1–5, men 6–10, kinds in spec §3 order (jeans, trousers, outerwear,
 * clothes, underwear). Slugs:
 *   1 zhenskie-dzhinsy            6 muzhskie-dzhinsy
 *   2 zhenskie-bryuki             7 muzhskie-bryuki
 *   3 zhenskaya-verhnyaya-odezhda 8 muzhskaya-verhnyaya-odezhda
 *   4 zhenskaya-odezhda           9 muzhskaya-odezhda
 *   5 zhenskoe-nizhnee-bele      10 muzhskoe-nizhnee-bele
 */
export const CATEGORIES: readonly SeedCategory[] = [
  { id: 1, slug: 'zhenskie-dzhinsy', name: 'Женские джинсы', kind: J, gender: Gender.female },
  { id: 2, slug: 'zhenskie-bryuki', name: 'Женские брюки', kind: T, gender: Gender.female },
  {
    id: 3,
    slug: 'zhenskaya-verhnyaya-odezhda',
    name: 'Женская верхняя одежда',
    kind: O,
    gender: Gender.female,
  },
  { id: 4, slug: 'zhenskaya-odezhda', name: 'Женская одежда', kind: C, gender: Gender.female },
  { id: 5, slug: 'zhenskoe-nizhnee-bele', name: 'Женское нижнее бельё', kind: U, gender: Gender.female },
  { id: 6, slug: 'muzhskie-dzhinsy', name: 'Мужские джинсы', kind: J, gender: Gender.male },
  { id: 7, slug: 'muzhskie-bryuki', name: 'Мужские брюки', kind: T, gender: Gender.male },
  {
    id: 8,
    slug: 'muzhskaya-verhnyaya-odezhda',
    name: 'Мужская верхняя одежда',
    kind: O,
    gender: Gender.male,
  },
  { id: 9, slug: 'muzhskaya-odezhda', name: 'Мужская одежда', kind: C, gender: Gender.male },
  { id: 10, slug: 'muzhskoe-nizhnee-bele', name: 'Мужское нижнее бельё', kind: U, gender: Gender.male },
];

/** How many models (each in 1–3 colours) the generator makes per category id: about 450 products. */
export const MODELS_PER_CATEGORY: Readonly<Record<number, number>> = {
  1: 18,
  2: 16,
  3: 20,
  4: 36,
  5: 16,
  6: 16,
  7: 14,
  8: 18,
  9: 30,
  10: 12,
};

/**
 * Silhouette drawn for a product's picture (images.ts). Bottoms and tops are drawn from parameters;
 * underwear has its own drawings.
 */
export type GarmentShape =
  | 'jeans-skinny'
  | 'jeans-slim'
  | 'jeans-straight'
  | 'jeans-wide'
  | 'jeans-tapered'
  | 'jeans-flare'
  | 'jeans-cropped'
  | 'trousers-classic'
  | 'trousers-wide'
  | 'chinos'
  | 'joggers'
  | 'cargo'
  | 'puffer'
  | 'puffer-long'
  | 'vest'
  | 'coat'
  | 'trench'
  | 'parka'
  | 'jacket'
  | 'biker'
  | 'bomber'
  | 'denim-jacket'
  | 'tshirt'
  | 'longsleeve'
  | 'shirt'
  | 'blouse'
  | 'polo'
  | 'hoodie'
  | 'hoodie-zip'
  | 'sweatshirt'
  | 'sweater'
  | 'turtleneck'
  | 'cardigan'
  | 'dress'
  | 'skirt'
  | 'top'
  | 'bra'
  | 'briefs'
  | 'boxers'
  | 'tank'
  | 'socks';

/** Fabric family: chooses composition and care texts. */
export type Material =
  | 'denim'
  | 'stretch-denim'
  | 'suiting'
  | 'wool-suiting'
  | 'cotton-twill'
  | 'linen'
  | 'ecoleather'
  | 'jersey'
  | 'fleece'
  | 'down'
  | 'synthetic-fill'
  | 'wool-coat'
  | 'gabardine'
  | 'membrane'
  | 'leather'
  | 'poplin'
  | 'viscose'
  | 'knit'
  | 'merino'
  | 'lace'
  | 'cotton-underwear'
  | 'bamboo'
  | 'microfibre'
  | 'socks';

/** A model template: Russian name, picture silhouette, fabric, one sentence about it, optional price range. */
export interface ModelTemplate {
  name: string;
  shape: GarmentShape;
  material: Material;
  about: string;
  /** Price range in tenge, overriding the kind's range. */
  price?: readonly [number, number];
}

const t = (
  name: string,
  shape: GarmentShape,
  material: Material,
  about: string,
  price?: readonly [number, number],
): ModelTemplate => ({
  name,
  shape,
  material,
  about,
  ...(price ? { price } : {}),
});

/** Model templates per category id. */
export const TEMPLATES: Readonly<Record<number, readonly ModelTemplate[]>> = {
  1: [
    t(
      'Джинсы skinny с высокой посадкой',
      'jeans-skinny',
      'stretch-denim',
      'Облегающие джинсы с высокой посадкой визуально вытягивают силуэт.',
    ),
    t(
      'Джинсы mom fit',
      'jeans-tapered',
      'denim',
      'Свободные в бёдрах и зауженные к щиколотке джинсы в духе 90-х.',
    ),
    t(
      'Джинсы straight',
      'jeans-straight',
      'denim',
      'Прямой крой от бедра до щиколотки подходит и к кроссовкам, и к лоферам.',
    ),
    t('Джинсы wide leg', 'jeans-wide', 'denim', 'Широкие джинсы с высокой талией и длиной в пол.'),
    t('Джинсы slim fit', 'jeans-slim', 'stretch-denim', 'Зауженные джинсы средней посадки на каждый день.'),
    t('Джинсы клёш', 'jeans-flare', 'stretch-denim', 'Джинсы, облегающие бёдра и расширяющиеся от колена.'),
    t(
      'Джинсы бойфренды',
      'jeans-tapered',
      'denim',
      'Свободные джинсы с заниженным шаговым швом и подворотами.',
    ),
    t(
      'Джинсы укороченные прямые',
      'jeans-cropped',
      'denim',
      'Укороченные до щиколотки джинсы открывают обувь и хорошо смотрятся с ботинками.',
    ),
  ],
  2: [
    t(
      'Брюки палаццо',
      'trousers-wide',
      'viscose',
      'Струящиеся широкие брюки с высокой талией и мягкими складками.',
    ),
    t(
      'Брюки прямые со стрелками',
      'trousers-classic',
      'suiting',
      'Классические брюки со стрелками для офиса и вечера.',
    ),
    t('Брюки-джоггеры', 'joggers', 'jersey', 'Трикотажные брюки на резинке с манжетами внизу.'),
    t('Брюки-карго', 'cargo', 'cotton-twill', 'Свободные брюки с накладными карманами и регулируемым низом.'),
    t('Брюки чинос', 'chinos', 'cotton-twill', 'Брюки из плотного хлопка с косыми карманами.'),
    t(
      'Брюки широкие из костюмной ткани',
      'trousers-wide',
      'wool-suiting',
      'Широкие брюки из костюмной ткани с двойными защипами.',
    ),
    t(
      'Брюки из экокожи',
      'trousers-classic',
      'ecoleather',
      'Прямые брюки из мягкой экокожи на подкладке.',
      [19990, 34990],
    ),
    t('Брюки льняные', 'trousers-wide', 'linen', 'Лёгкие брюки из льна на широком поясе для жаркого лета.'),
  ],
  3: [
    t(
      'Пуховик удлинённый',
      'puffer-long',
      'down',
      'Длинный пуховик ниже колена с высоким воротником и капюшоном.',
      [59990, 149990],
    ),
    t('Пуховик короткий', 'puffer', 'down', 'Короткий объёмный пуховик с крупной стёжкой.', [44990, 99990]),
    t(
      'Пальто прямое из шерсти',
      'coat',
      'wool-coat',
      'Прямое пальто средней длины с отложным воротником.',
      [49990, 129990],
    ),
    t(
      'Тренч двубортный',
      'trench',
      'gabardine',
      'Классический двубортный тренч с поясом и погонами.',
      [39990, 89990],
    ),
    t(
      'Парка с капюшоном',
      'parka',
      'synthetic-fill',
      'Утеплённая парка с капюшоном и кулиской на талии.',
      [39990, 89990],
    ),
    t(
      'Куртка-косуха из экокожи',
      'biker',
      'ecoleather',
      'Косуха с косой молнией и металлической фурнитурой.',
      [29990, 59990],
    ),
    t(
      'Жилет стёганый',
      'vest',
      'synthetic-fill',
      'Лёгкий стёганый жилет на кнопках для межсезонья.',
      [29990, 44990],
    ),
    t(
      'Бомбер',
      'bomber',
      'synthetic-fill',
      'Бомбер с трикотажными манжетами и воротником-стойкой.',
      [29990, 54990],
    ),
    t(
      'Джинсовая куртка',
      'denim-jacket',
      'denim',
      'Джинсовая куртка свободного кроя с нагрудными карманами.',
      [29990, 49990],
    ),
    t(
      'Пальто оверсайз',
      'coat',
      'wool-coat',
      'Объёмное пальто со спущенным плечом и глубоким запахом.',
      [59990, 139990],
    ),
  ],
  4: [
    t(
      'Футболка оверсайз из хлопка',
      'tshirt',
      'jersey',
      'Свободная футболка со спущенным плечом из плотного хлопка.',
      [5990, 12990],
    ),
    t(
      'Футболка базовая',
      'tshirt',
      'jersey',
      'Базовая футболка приталенного кроя с круглым вырезом.',
      [5990, 9990],
    ),
    t(
      'Лонгслив в рубчик',
      'longsleeve',
      'jersey',
      'Облегающий лонгслив из трикотажа в мелкий рубчик.',
      [6990, 14990],
    ),
    t(
      'Рубашка из поплина',
      'shirt',
      'poplin',
      'Классическая рубашка прямого кроя из хрустящего поплина.',
      [12990, 24990],
    ),
    t(
      'Блузка из вискозы',
      'blouse',
      'viscose',
      'Лёгкая блузка с V-образным вырезом и мягкой драпировкой.',
      [11990, 24990],
    ),
    t('Худи на флисе', 'hoodie', 'fleece', 'Тёплое худи с капюшоном и карманом-кенгуру.', [14990, 27990]),
    t('Свитшот', 'sweatshirt', 'fleece', 'Свитшот свободного кроя с манжетами в рубчик.', [11990, 22990]),
    t(
      'Свитер из мериноса',
      'sweater',
      'merino',
      'Тонкий свитер из мериносовой шерсти, который не колется.',
      [17990, 29990],
    ),
    t(
      'Кардиган на пуговицах',
      'cardigan',
      'knit',
      'Мягкий кардиган с V-образным вырезом и перламутровыми пуговицами.',
      [14990, 29990],
    ),
    t('Платье-миди', 'dress', 'viscose', 'Платье длины миди с поясом и расклёшенной юбкой.', [16990, 29990]),
    t(
      'Платье-рубашка',
      'dress',
      'poplin',
      'Платье-рубашка с поясом, которое носят и как лёгкий жакет.',
      [16990, 29990],
    ),
    t(
      'Юбка-миди плиссе',
      'skirt',
      'viscose',
      'Плиссированная юбка длины миди на эластичном поясе.',
      [12990, 24990],
    ),
    t('Топ на бретелях', 'top', 'viscose', 'Шелковистый топ на тонких регулируемых бретелях.', [5990, 12990]),
    t(
      'Водолазка',
      'turtleneck',
      'jersey',
      'Облегающая водолазка с высоким воротом для многослойных образов.',
      [7990, 14990],
    ),
  ],
  5: [
    t(
      'Бюстгальтер без косточек',
      'bra',
      'microfibre',
      'Мягкий бюстгальтер без косточек с широкой резинкой под грудью.',
      [5990, 9990],
    ),
    t(
      'Бюстгальтер push-up',
      'bra',
      'lace',
      'Бюстгальтер с мягкими вкладышами и кружевной отделкой.',
      [6990, 9990],
    ),
    t('Бралетт кружевной', 'bra', 'lace', 'Кружевной бралетт без косточек и поролона.', [4990, 8990]),
    t(
      'Трусы-слипы, 3 шт.',
      'briefs',
      'cotton-underwear',
      'Набор из трёх трусов-слипов из эластичного хлопка.',
      [3990, 6990],
    ),
    t(
      'Трусы-шорты бесшовные',
      'briefs',
      'microfibre',
      'Бесшовные трусы-шорты, незаметные под облегающей одеждой.',
      [2990, 4990],
    ),
    t(
      'Трусы из хлопка, 5 шт.',
      'briefs',
      'cotton-underwear',
      'Набор из пяти трусов средней посадки из хлопка.',
      [4990, 8990],
    ),
    t('Майка базовая', 'tank', 'cotton-underwear', 'Базовая майка из тонкого хлопка в рубчик.', [2990, 5990]),
    t('Носки, 3 пары', 'socks', 'socks', 'Набор из трёх пар хлопковых носков средней высоты.', [2990, 4490]),
  ],
  6: [
    t(
      'Джинсы slim fit',
      'jeans-slim',
      'stretch-denim',
      'Зауженные джинсы средней посадки с пятью карманами.',
    ),
    t(
      'Джинсы regular fit',
      'jeans-straight',
      'denim',
      'Джинсы классического прямого кроя со свободой в бёдрах.',
    ),
    t('Джинсы tapered', 'jeans-tapered', 'denim', 'Свободные в бёдрах и зауженные книзу джинсы.'),
    t(
      'Джинсы straight из плотного денима',
      'jeans-straight',
      'denim',
      'Прямые джинсы из плотного денима, которые со временем садятся по фигуре.',
    ),
    t('Джинсы loose fit', 'jeans-wide', 'denim', 'Свободные джинсы с низкой посадкой шагового шва.'),
    t('Джинсы skinny stretch', 'jeans-skinny', 'stretch-denim', 'Облегающие джинсы из эластичного денима.'),
    t(
      'Джинсы селвидж',
      'jeans-straight',
      'denim',
      'Прямые джинсы из японского селвидж-денима с кромкой на подворотах.',
      [29990, 39990],
    ),
  ],
  7: [
    t('Брюки чинос', 'chinos', 'cotton-twill', 'Брюки из плотного хлопка с косыми карманами и подворотами.'),
    t(
      'Брюки классические',
      'trousers-classic',
      'suiting',
      'Классические брюки со стрелками и шлёвками для ремня.',
    ),
    t('Брюки-карго', 'cargo', 'cotton-twill', 'Свободные брюки с накладными карманами на бёдрах.'),
    t('Брюки-джоггеры', 'joggers', 'jersey', 'Трикотажные брюки на резинке с манжетами.'),
    t(
      'Брюки из шерсти',
      'trousers-classic',
      'wool-suiting',
      'Брюки из тонкой шерсти для костюма и офиса.',
      [19990, 34990],
    ),
    t('Брюки спортивные', 'joggers', 'fleece', 'Тёплые спортивные брюки на флисе с кулиской.'),
    t('Брюки льняные', 'trousers-wide', 'linen', 'Лёгкие брюки из льна на резинке со шнурком.'),
  ],
  8: [
    t(
      'Пуховик с капюшоном',
      'puffer',
      'down',
      'Пуховик средней длины со съёмным капюшоном и ветрозащитной планкой.',
      [49990, 119990],
    ),
    t(
      'Пуховик удлинённый',
      'puffer-long',
      'down',
      'Удлинённый пуховик, закрывающий бёдра, для самых холодных дней.',
      [69990, 149990],
    ),
    t(
      'Парка утеплённая',
      'parka',
      'synthetic-fill',
      'Утеплённая парка с капюшоном и четырьмя карманами.',
      [44990, 99990],
    ),
    t(
      'Пальто из шерсти',
      'coat',
      'wool-coat',
      'Однобортное пальто из шерсти с отложным воротником.',
      [59990, 139990],
    ),
    t(
      'Куртка демисезонная',
      'jacket',
      'membrane',
      'Лёгкая куртка на молнии с воротником-стойкой для весны и осени.',
      [29990, 59990],
    ),
    t(
      'Бомбер',
      'bomber',
      'synthetic-fill',
      'Бомбер с трикотажными манжетами и карманом на рукаве.',
      [29990, 54990],
    ),
    t(
      'Жилет стёганый',
      'vest',
      'synthetic-fill',
      'Стёганый жилет на молнии, который носят поверх свитера.',
      [29990, 44990],
    ),
    t(
      'Ветровка',
      'jacket',
      'membrane',
      'Непродуваемая ветровка с капюшоном, убирающимся в воротник.',
      [29990, 49990],
    ),
    t('Тренч', 'trench', 'gabardine', 'Мужской тренч из плотного габардина с поясом.', [44990, 89990]),
    t('Куртка из кожи', 'biker', 'leather', 'Куртка из натуральной кожи с косой молнией.', [79990, 149990]),
  ],
  9: [
    t(
      'Футболка оверсайз из хлопка',
      'tshirt',
      'jersey',
      'Свободная футболка со спущенным плечом из плотного хлопка.',
      [5990, 12990],
    ),
    t(
      'Футболка базовая',
      'tshirt',
      'jersey',
      'Базовая футболка прямого кроя с круглым вырезом.',
      [5990, 9990],
    ),
    t(
      'Поло из пике',
      'polo',
      'jersey',
      'Поло из хлопкового пике с воротником и планкой на пуговицах.',
      [8990, 16990],
    ),
    t(
      'Рубашка оксфорд',
      'shirt',
      'poplin',
      'Рубашка из оксфордской ткани с воротником на пуговицах.',
      [12990, 24990],
    ),
    t('Рубашка льняная', 'shirt', 'linen', 'Лёгкая рубашка из льна для жаркого лета.', [14990, 26990]),
    t('Лонгслив', 'longsleeve', 'jersey', 'Лонгслив из плотного хлопка с круглым вырезом.', [6990, 13990]),
    t(
      'Худи на молнии',
      'hoodie-zip',
      'fleece',
      'Худи на молнии с капюшоном и боковыми карманами.',
      [16990, 29990],
    ),
    t('Худи', 'hoodie', 'fleece', 'Тёплое худи с капюшоном и карманом-кенгуру.', [14990, 27990]),
    t('Свитшот', 'sweatshirt', 'fleece', 'Свитшот с круглым вырезом и манжетами в рубчик.', [11990, 22990]),
    t('Свитер крупной вязки', 'sweater', 'knit', 'Тёплый свитер крупной вязки с косами.', [17990, 29990]),
    t(
      'Водолазка',
      'turtleneck',
      'merino',
      'Тонкая водолазка из мериноса под пиджак или пальто.',
      [12990, 24990],
    ),
    t('Кардиган', 'cardigan', 'knit', 'Кардиган на пуговицах с карманами.', [17990, 29990]),
  ],
  10: [
    t(
      'Трусы-боксеры, 3 шт.',
      'boxers',
      'cotton-underwear',
      'Набор из трёх боксеров из эластичного хлопка с мягкой резинкой.',
      [4990, 9990],
    ),
    t(
      'Трусы-боксеры из бамбука',
      'boxers',
      'bamboo',
      'Боксеры из бамбукового волокна, которое отводит влагу.',
      [3990, 6990],
    ),
    t(
      'Трусы-брифы, 3 шт.',
      'briefs',
      'cotton-underwear',
      'Набор из трёх классических брифов из хлопка.',
      [3990, 7990],
    ),
    t(
      'Майка из хлопка',
      'tank',
      'cotton-underwear',
      'Майка из хлопка в рубчик для ношения под рубашку.',
      [2990, 5990],
    ),
    t('Носки, 5 пар', 'socks', 'socks', 'Набор из пяти пар носков из чесаного хлопка.', [3990, 5990]),
    t(
      'Футболка нательная',
      'tshirt',
      'cotton-underwear',
      'Тонкая нательная футболка с круглым вырезом под рубашку.',
      [3990, 7990],
    ),
  ],
};

/** Default price range per category kind, tenge. */
export const PRICE_RANGE: Readonly<Record<number, readonly [number, number]>> = {
  [J]: [12990, 39990],
  [T]: [9990, 29990],
  [O]: [29990, 149990],
  [C]: [5990, 29990],
  [U]: [2990, 9990],
};

/** A colour: Russian name (masculine form, as a catalogue lists it) and its hex. */
export interface SeedColour {
  name: string;
  hex: string;
}

const col = (name: string, hex: string): SeedColour => ({ name, hex });
const BLACK = col('чёрный', '#1f1f22');
const WHITE = col('белый', '#f2f1ec');
const NAVY = col('тёмно-синий', '#243047');
const GREY = col('серый', '#8a8d92');
const MELANGE = col('серый меланж', '#a3a5a8');
const BEIGE = col('бежевый', '#cbb493');
const MILK = col('молочный', '#ece4d4');
const KHAKI = col('хаки', '#5f6040');
const OLIVE = col('оливковый', '#6d6b3b');
const BROWN = col('коричневый', '#6a4a37');
const BURGUNDY = col('бордовый', '#6c2130');
const POWDER = col('пудровый', '#e0bfb7');
const SKY = col('голубой', '#9fbcd9');
const GREEN = col('зелёный', '#3f6a4c');
const TERRACOTTA = col('терракотовый', '#b25a3d');
const LAVENDER = col('лавандовый', '#b6a6d1');
const MUSTARD = col('горчичный', '#c2972f');
const CAMEL = col('кэмел', '#b08655');
const GRAPHITE = col('графитовый', '#45484d');
const NUDE = col('телесный', '#dfbfa3');

/** Colour palette per category kind; denim shades for jeans. */
export const PALETTES: Readonly<Record<number, readonly SeedColour[]>> = {
  [J]: [
    col('синий', '#2e4a74'),
    col('тёмно-синий', '#1e2b44'),
    col('голубой', '#7f9fc4'),
    col('светло-голубой', '#a9c2dc'),
    BLACK,
    col('серый', '#6e7178'),
    col('белый', '#eeece6'),
  ],
  [T]: [BLACK, NAVY, BEIGE, GREY, OLIVE, BROWN, MILK, GRAPHITE, KHAKI],
  [O]: [BLACK, KHAKI, NAVY, BEIGE, BURGUNDY, GREY, MUSTARD, MILK, CAMEL, GRAPHITE, OLIVE],
  [C]: [WHITE, BLACK, MELANGE, POWDER, SKY, GREEN, BURGUNDY, TERRACOTTA, LAVENDER, BEIGE, NAVY, MILK],
  [U]: [BLACK, WHITE, NUDE, GREY, NAVY, POWDER, GRAPHITE],
};

/** Colours the demo shop sells for women only (men's palettes skip them). */
export const WOMEN_ONLY_COLOURS: ReadonlySet<string> = new Set([POWDER.name, LAVENDER.name, NUDE.name]);

/** Size scales per kind and gender, in display order (`size_order` = index). */
export const SIZE_SCALES: Readonly<Record<string, readonly string[]>> = {
  [`${J}-0`]: ['W24', 'W25', 'W26', 'W27', 'W28', 'W29', 'W30', 'W31', 'W32'],
  [`${J}-1`]: ['W28', 'W29', 'W30', 'W31', 'W32', 'W33', 'W34', 'W36', 'W38'],
  [`${T}-0`]: ['40', '42', '44', '46', '48', '50', '52'],
  [`${T}-1`]: ['44', '46', '48', '50', '52', '54', '56'],
  [`${O}-0`]: ['40', '42', '44', '46', '48', '50', '52'],
  [`${O}-1`]: ['44', '46', '48', '50', '52', '54', '56'],
  [`${C}-0`]: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
  [`${C}-1`]: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
  [`${U}-0`]: ['XS', 'S', 'M', 'L', 'XL'],
  [`${U}-1`]: ['S', 'M', 'L', 'XL', 'XXL'],
};

/** Bra sizes replace letters for the bra silhouette. */
export const BRA_SIZES: readonly string[] = ['70A', '70B', '75A', '75B', '75C', '80B', '80C', '85C'];
/** Socks come in foot sizes. */
export const SOCK_SIZES: Readonly<Record<number, readonly string[]>> = {
  0: ['35-37', '38-40', '41-43'],
  1: ['39-41', '42-44', '45-47'],
};

/** Composition and care texts per material. */
export const MATERIALS: Readonly<
  Record<Material, { compositions: readonly string[]; care: string; note: string }>
> = {
  denim: {
    compositions: ['100% хлопок', '99% хлопок, 1% эластан', '80% хлопок, 20% лиоцелл'],
    care: 'Стирка при 30 °C, вывернув наизнанку. Не отбеливать. Гладить при средней температуре. Не сушить в барабане.',
    note: 'Плотный деним держит форму и со временем красиво вытирается.',
  },
  'stretch-denim': {
    compositions: [
      '98% хлопок, 2% эластан',
      '92% хлопок, 6% полиэстер, 2% эластан',
      '95% хлопок, 5% эластомультиэстер',
    ],
    care: 'Стирка при 30 °C, вывернув наизнанку. Не отбеливать. Гладить при средней температуре. Не сушить в барабане.',
    note: 'Эластичный деним тянется по фигуре и не вытягивается на коленях.',
  },
  suiting: {
    compositions: ['65% полиэстер, 33% вискоза, 2% эластан', '70% полиэстер, 28% вискоза, 2% эластан'],
    care: 'Деликатная стирка при 30 °C. Не отбеливать. Гладить через ткань при средней температуре. Можно сдавать в химчистку.',
    note: 'Костюмная ткань почти не мнётся и хорошо держит стрелки.',
  },
  'wool-suiting': {
    compositions: ['70% шерсть, 30% полиэстер', '52% шерсть, 46% полиэстер, 2% эластан'],
    care: 'Только химчистка. Не отбеливать. Гладить через влажную ткань при 110 °C.',
    note: 'Шерстяная ткань тёплая, дышит и выглядит дорого.',
  },
  'cotton-twill': {
    compositions: ['98% хлопок, 2% эластан', '100% хлопок', '97% хлопок, 3% эластан'],
    care: 'Стирка при 40 °C. Не отбеливать. Гладить при средней температуре. Бережная сушка в барабане.',
    note: 'Плотный хлопковый твил выдерживает ежедневную носку.',
  },
  linen: {
    compositions: ['100% лён', '55% лён, 45% вискоза', '70% лён, 30% хлопок'],
    care: 'Деликатная стирка при 30 °C. Не отбеливать. Гладить слегка влажным при высокой температуре.',
    note: 'Лён хорошо пропускает воздух и не липнет к телу в жару.',
  },
  ecoleather: {
    compositions: ['Верх: 100% полиуретан; основа: 100% полиэстер', 'Верх: 60% полиуретан, 40% вискоза'],
    care: 'Не стирать. Протирать влажной губкой. Не гладить. Химчистка по специальной программе.',
    note: 'Мягкая экокожа на трикотажной основе не трескается на сгибах.',
  },
  jersey: {
    compositions: ['100% хлопок', '95% хлопок, 5% эластан', '60% хлопок, 40% полиэстер'],
    care: 'Стирка при 30 °C с вещами похожих цветов. Не отбеливать. Гладить при низкой температуре. Сушить в расправленном виде.',
    note: 'Трикотаж не просвечивает и не теряет форму после стирок.',
  },
  fleece: {
    compositions: ['80% хлопок, 20% полиэстер', '70% хлопок, 30% полиэстер', '100% хлопок'],
    care: 'Стирка при 30 °C, вывернув наизнанку. Не отбеливать. Не гладить принт. Бережная сушка в барабане.',
    note: 'Трикотаж с начёсом внутри сохраняет тепло в холодные дни.',
  },
  down: {
    compositions: [
      'Верх: 100% полиамид; утеплитель: 90% пух, 10% перо',
      'Верх: 100% полиэстер; утеплитель: 80% пух, 20% перо',
    ],
    care: 'Деликатная стирка при 30 °C с мячиками для стирки. Не отбеливать. Не гладить. Сушить в расправленном виде.',
    note: 'Натуральный пух держит тепло в морозы до −30 °C, а верх не пропускает ветер.',
  },
  'synthetic-fill': {
    compositions: [
      'Верх: 100% полиэстер; утеплитель: 100% полиэстер',
      'Верх: 100% нейлон; утеплитель: 100% полиэстер (биопух)',
    ],
    care: 'Стирка при 30 °C. Не отбеливать. Не гладить. Сушить в расправленном виде.',
    note: 'Лёгкий синтетический утеплитель не сбивается после стирки.',
  },
  'wool-coat': {
    compositions: [
      '60% шерсть, 40% полиэстер',
      '80% шерсть, 20% полиамид',
      '50% шерсть, 10% кашемир, 40% полиэстер',
    ],
    care: 'Только химчистка. Не отбеливать. Гладить через влажную ткань при низкой температуре.',
    note: 'Плотная шерстяная ткань на подкладке согревает в ветреную погоду.',
  },
  gabardine: {
    compositions: ['100% хлопок', '65% хлопок, 35% полиэстер'],
    care: 'Химчистка или деликатная стирка при 30 °C. Не отбеливать. Гладить при средней температуре.',
    note: 'Плотный габардин с водоотталкивающей пропиткой защищает от дождя.',
  },
  membrane: {
    compositions: [
      'Верх: 100% полиэстер; подкладка: 100% полиэстер',
      'Верх: 100% нейлон с мембраной 5 000 мм',
    ],
    care: 'Стирка при 30 °C без кондиционера. Не отбеливать. Не гладить. Не сушить в барабане.',
    note: 'Ткань с мембраной не пропускает ветер и морось и при этом дышит.',
  },
  leather: {
    compositions: ['Верх: 100% натуральная кожа; подкладка: 100% вискоза'],
    care: 'Не стирать. Только химчистка для кожи. Хранить на широких плечиках.',
    note: 'Натуральная кожа со временем становится мягче и садится по фигуре.',
  },
  poplin: {
    compositions: ['100% хлопок', '97% хлопок, 3% эластан'],
    care: 'Стирка при 40 °C. Не отбеливать. Гладить при высокой температуре.',
    note: 'Плотная хлопковая рубашечная ткань приятна к телу и легко гладится.',
  },
  viscose: {
    compositions: ['100% вискоза', '70% вискоза, 30% полиэстер', '95% вискоза, 5% эластан'],
    care: 'Деликатная стирка при 30 °C. Не отжимать в машине. Гладить при низкой температуре.',
    note: 'Струящаяся вискоза мягко драпируется и не электризуется.',
  },
  knit: {
    compositions: ['50% шерсть, 50% акрил', '70% хлопок, 30% полиамид', '30% шерсть, 70% акрил'],
    care: 'Ручная стирка при 30 °C. Не отбеливать. Сушить в горизонтальном положении.',
    note: 'Мягкая пряжа не колется и не скатывается.',
  },
  merino: {
    compositions: ['100% шерсть мериноса', '70% шерсть мериноса, 30% полиамид'],
    care: 'Ручная стирка при 30 °C со средством для шерсти. Сушить в горизонтальном положении. Не отжимать.',
    note: 'Мериносовая шерсть греет, не колется и почти не впитывает запахи.',
  },
  lace: {
    compositions: ['85% полиамид, 15% эластан', '90% полиамид, 10% эластан'],
    care: 'Ручная стирка при 30 °C в мешке для белья. Не отбеливать. Не гладить.',
    note: 'Эластичное кружево не натирает и не видно под одеждой.',
  },
  'cotton-underwear': {
    compositions: ['95% хлопок, 5% эластан', '100% хлопок'],
    care: 'Стирка при 40 °C. Не отбеливать. Гладить при низкой температуре.',
    note: 'Мягкий хлопок приятен к телу, не сковывает движения и хорошо пропускает воздух.',
  },
  bamboo: {
    compositions: ['95% бамбуковое волокно, 5% эластан'],
    care: 'Стирка при 30 °C. Не отбеливать. Не сушить в барабане.',
    note: 'Бамбуковое волокно мягче хлопка и быстро сохнет.',
  },
  microfibre: {
    compositions: ['80% полиамид, 20% эластан', '88% полиамид, 12% эластан'],
    care: 'Стирка при 30 °C в мешке для белья. Не отбеливать. Не гладить.',
    note: 'Гладкая микрофибра не оставляет следов под одеждой.',
  },
  socks: {
    compositions: ['80% хлопок, 17% полиамид, 3% эластан', '75% хлопок, 23% полиэстер, 2% эластан'],
    care: 'Стирка при 40 °C. Не отбеливать. Не гладить.',
    note: 'Усиленные пятка и мысок продлевают жизнь носкам.',
  },
};

/** A closing sentence, picked at random for some descriptions. */
export const STYLING_NOTES: readonly string[] = [
  'Модель соответствует размеру: берите свой обычный размер.',
  'Если сомневаетесь между двумя размерами, выбирайте больший.',
  'Сочетается с базовыми вещами и подходит для повседневных образов.',
  'Шьётся небольшими партиями, поэтому размеры быстро заканчиваются.',
  'Подробная таблица размеров — в разделе «Размеры».',
];
