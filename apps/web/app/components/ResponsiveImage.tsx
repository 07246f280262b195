import type { Image } from '@kiim/contract';
import { MAIN_PICTURE_TIMING } from '../lib/main-picture.ts';

/**
 * A responsive picture of the API (`src`, `srcSet` of every width, explicit size: no layout shift). `priority`: the
 * page's main picture, loaded at once with high priority and decoded before paint, its paint reported to the page's
 * script starter (lib/deferred-scripts.tsx); others load lazily.
 */
export function ResponsiveImage({
  image,
  sizes,
  priority = false,
}: {
  image: Image;
  sizes?: string;
  priority?: boolean;
}) {
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
      {...(priority ? MAIN_PICTURE_TIMING : {})}
    />
  );
}
