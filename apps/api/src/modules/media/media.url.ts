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
