import type { Image } from '@kiim/contract';

/**
 * A responsive picture of the API (`src`, `srcSet` of every width, explicit size: no layout shift). `priority`: the
 * page's main picture, loaded at once with high priority and decoded before paint; others load lazily.
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
    />
  );
}
