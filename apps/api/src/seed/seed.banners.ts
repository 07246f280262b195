// Banners of the demo shop (spec §9 slots): what they say, where they lead and what their pictures show. Pure
// data; seed.ts inserts the rows and images.ts draws the pictures (also on demand, by the media route).
import type { BannerSlot } from '@kiim/contract';
import type { GarmentShape } from './seed.catalog-data.ts';

/** A garment drawn on a banner picture. */
export interface BannerGarment {
  shape: GarmentShape;
  colourHex: string;
}

/** A demo banner: its row and how its picture is drawn. */
export interface SeedBanner {
  id: number;
  slot: BannerSlot;
  position: number;
  title: string;
  subtitle: string | null;
  buttonText: string | null;
  href: string;
  /** Master size, pixels. */
  width: number;
  height: number;
  alt: string;
  /** `light` text over a dark picture, `dark` text over a light one. */
  theme: 'light' | 'dark';
  /** Background gradient, top-left to bottom-right. */
  background: readonly [string, string];
  garments: readonly BannerGarment[];
}

/** Sizes of banner masters: wide desktop banners, their portrait mobile variants, strips and tiles. */
const WIDE = { width: 1920, height: 720 } as const;
const TALL = { width: 720, height: 900 } as const;
const STRIP = { width: 1920, height: 400 } as const;
const STRIP_MOBILE = { width: 720, height: 400 } as const;
const TILE = { width: 960, height: 1200 } as const;

type Copy = Pick<
  SeedBanner,
  'title' | 'subtitle' | 'buttonText' | 'href' | 'alt' | 'theme' | 'background' | 'garments'
>;

const womenNew: Copy = {
  title: 'Новая коллекция для неё',
  subtitle: 'Тёплые пальто, мягкий трикотаж и джинсы на каждый день',
  buttonText: 'Смотреть новинки',
  href: '/search?gender=0&sort=new-arrivals',
  alt: 'Женское пальто кэмел, свитер и джинсы',
  theme: 'dark',
  background: ['#f3e7da', '#e2cdb8'],
  garments: [
    { shape: 'coat', colourHex: '#b08655' },
    { shape: 'sweater', colourHex: '#ece4d4' },
    { shape: 'jeans-wide', colourHex: '#7f9fc4' },
  ],
};
const womenDenim: Copy = {
  title: 'Джинсы со скидкой до 30%',
  subtitle: 'Скинни, мом и клёш — найдите свою посадку',
  buttonText: 'Выбрать джинсы',
  href: '/category/zhenskie-dzhinsy?discount=1',
  alt: 'Женские джинсы трёх оттенков синего',
  theme: 'light',
  background: ['#2e4a74', '#1e2b44'],
  garments: [
    { shape: 'jeans-skinny', colourHex: '#7f9fc4' },
    { shape: 'jeans-flare', colourHex: '#2e4a74' },
    { shape: 'jeans-straight', colourHex: '#a9c2dc' },
  ],
};
const menNew: Copy = {
  title: 'Мужской гардероб на зиму',
  subtitle: 'Пуховики, парки и шерстяные свитеры для морозов',
  buttonText: 'Смотреть новинки',
  href: '/search?gender=1&sort=new-arrivals',
  alt: 'Мужской пуховик цвета хаки, свитер и брюки',
  theme: 'light',
  background: ['#3b3f3a', '#1f2320'],
  garments: [
    { shape: 'puffer', colourHex: '#5f6040' },
    { shape: 'sweater', colourHex: '#8a8d92' },
    { shape: 'chinos', colourHex: '#cbb493' },
  ],
};
const menDenim: Copy = {
  title: 'Деним для него',
  subtitle: 'Прямые, слим и зауженные джинсы от казахстанских и зарубежных марок',
  buttonText: 'Выбрать джинсы',
  href: '/category/muzhskie-dzhinsy',
  alt: 'Мужские джинсы и джинсовая куртка',
  theme: 'dark',
  background: ['#dfe6ee', '#c3d0de'],
  garments: [
    { shape: 'denim-jacket', colourHex: '#2e4a74' },
    { shape: 'jeans-slim', colourHex: '#1e2b44' },
    { shape: 'tshirt', colourHex: '#f2f1ec' },
  ],
};
const womenStrip: Copy = {
  title: 'Примерка при получении',
  subtitle: 'Заберите заказ в пункте выдачи и примерьте на месте',
  buttonText: null,
  href: '/info/dostavka-i-oplata',
  alt: 'Женская блузка и брюки',
  theme: 'dark',
  background: ['#f4e9e6', '#e8d3cd'],
  garments: [
    { shape: 'blouse', colourHex: '#e0bfb7' },
    { shape: 'trousers-wide', colourHex: '#ece4d4' },
  ],
};
const menStrip: Copy = {
  title: 'Доставка курьером по городу',
  subtitle: 'В день заказа или на следующий день в крупных городах',
  buttonText: null,
  href: '/info/dostavka-i-oplata',
  alt: 'Мужская рубашка и брюки',
  theme: 'light',
  background: ['#243047', '#151c2b'],
  garments: [
    { shape: 'shirt', colourHex: '#9fbcd9' },
    { shape: 'trousers-classic', colourHex: '#8a8d92' },
  ],
};

const tiles: Copy[] = [
  {
    title: 'Женщинам',
    subtitle: 'Платья, блузки и трикотаж',
    buttonText: 'В раздел',
    href: '/home-zhenshiny',
    alt: 'Женское платье бордового цвета',
    theme: 'light',
    background: ['#6c2130', '#3f121b'],
    garments: [{ shape: 'dress', colourHex: '#e0bfb7' }],
  },
  {
    title: 'Мужчинам',
    subtitle: 'Куртки, рубашки и джинсы',
    buttonText: 'В раздел',
    href: '/home-muzhchiny',
    alt: 'Мужская куртка-бомбер оливкового цвета',
    theme: 'dark',
    background: ['#e9e5df', '#d6d0c6'],
    garments: [{ shape: 'bomber', colourHex: '#6d6b3b' }],
  },
  {
    title: 'Скидки до 50%',
    subtitle: 'Последние размеры сезона',
    buttonText: 'Смотреть',
    href: '/search?discount=1&sort=discount-desc',
    alt: 'Тёплая парка терракотового цвета',
    theme: 'dark',
    background: ['#f6d9c9', '#eab89e'],
    garments: [{ shape: 'parka', colourHex: '#b25a3d' }],
  },
  {
    title: 'Бельё и носки',
    subtitle: 'Хлопок и бамбук на каждый день',
    buttonText: 'Выбрать',
    href: '/category/zhenskoe-nizhnee-bele',
    alt: 'Хлопковая майка молочного цвета',
    theme: 'dark',
    background: ['#eef1f4', '#d9dfe6'],
    garments: [{ shape: 'tank', colourHex: '#ece4d4' }],
  },
];

/** Every demo banner, ids 1…: desktop and mobile variants of a slot share position, text and link. */
export const BANNERS: readonly SeedBanner[] = (() => {
  const out: SeedBanner[] = [];
  const add = (slot: BannerSlot, position: number, size: { width: number; height: number }, copy: Copy) =>
    out.push({ id: out.length + 1, slot, position, ...size, ...copy });
  tiles.forEach((copy, i) => add('four-large-banners', i + 1, TILE, copy));
  add('home-women', 1, WIDE, womenNew);
  add('home-women-mobile', 1, TALL, womenNew);
  add('home-women', 2, WIDE, womenDenim);
  add('home-women-mobile', 2, TALL, womenDenim);
  add('home-men', 1, WIDE, menNew);
  add('home-men-mobile', 1, TALL, menNew);
  add('home-men', 2, WIDE, menDenim);
  add('home-men-mobile', 2, TALL, menDenim);
  add('category-women', 1, STRIP, womenStrip);
  add('category-women-mobile', 1, STRIP_MOBILE, womenStrip);
  add('category-men', 1, STRIP, menStrip);
  add('category-men-mobile', 1, STRIP_MOBILE, menStrip);
  return out;
})();

/** The demo banner whose picture has this media key (`banners/3`), or undefined. */
export const seedBannerByMediaKey = (mediaKey: string): SeedBanner | undefined =>
  BANNERS.find((b) => `banners/${b.id}` === mediaKey);
