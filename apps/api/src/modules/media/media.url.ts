import type { Image } from '@kiim/contract';

/** Widths, in pixels, the media route renders product pictures at (`/media/products/{key}/{width}.webp`). */
export const MEDIA_WIDTHS = [240, 360, 480, 720, 960] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

/** Width used for `src` (the middle size; browsers without srcset support get it). */
export const DEFAULT_MEDIA_WIDTH: MediaWidth = 480;

/** URL of one rendition of a media key: `products/12-1`, 480 → `/media/products/12-1/480.webp`. */
export const mediaUrl = (mediaKey: string, width: MediaWidth): string => `/media/${mediaKey}/${width}.webp`;

/**
 * Responsive image of a `product_image` row (architecture: explicit dimensions, modern format).
 * @param row `media_key` like `products/12-1`, the master's `width`/`height` in pixels, Russian `alt`.
 * @returns `src` = the 480 px WebP, `srcSet` = every width of {@link MEDIA_WIDTHS} ("… 240w, …"),
 *   `width`/`height` = the 480 px rendition's size (keeps the master's aspect ratio).
 */
export function productImage(row: { media_key: string; width: number; height: number; alt: string }): Image {
  const height =
    row.width > 0 ? Math.round((row.height * DEFAULT_MEDIA_WIDTH) / row.width) : DEFAULT_MEDIA_WIDTH;
  return {
    src: mediaUrl(row.media_key, DEFAULT_MEDIA_WIDTH),
    srcSet: MEDIA_WIDTHS.map((w) => `${mediaUrl(row.media_key, w)} ${w}w`).join(', '),
    width: DEFAULT_MEDIA_WIDTH,
    height,
    alt: row.alt,
  };
}

/** Widths, in pixels, the media route renders banner pictures at (`/media/banners/{key}/{width}.webp`). */
export const BANNER_WIDTHS = [480, 720, 960, 1440, 1920] as const;
export type BannerWidth = (typeof BANNER_WIDTHS)[number];

/**
 * Responsive image of a `banner` row: every width of {@link BANNER_WIDTHS} up to the master's width in
 * `srcSet`, `src` the largest of them up to 960 px, `width`/`height` the master's size (its aspect ratio).
 * @param row `media_key` like `banners/3`, the master's `width`/`height` in pixels, Russian `alt`.
 */
export function bannerImage(row: { media_key: string; width: number; height: number; alt: string }): Image {
  const widths = BANNER_WIDTHS.filter((w) => w <= row.width);
  const usable = widths.length ? widths : [BANNER_WIDTHS[0]];
  const src = [...usable].reverse().find((w) => w <= 960) ?? usable[0]!;
  return {
    src: `/media/${row.media_key}/${src}.webp`,
    srcSet: usable.map((w) => `/media/${row.media_key}/${w}.webp ${w}w`).join(', '),
    width: row.width,
    height: row.height,
    alt: row.alt,
  };
}
