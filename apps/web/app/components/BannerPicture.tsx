import { preload } from 'react-dom';
import { Link } from 'react-router';
import type { Banner } from '@kiim/contract';
import { localPath } from '@kiim/contract/local-path';
import { ResponsiveImage } from './ResponsiveImage.tsx';

/**
 * A banner (spec §9): its picture — with the mobile variant of its slot, when given, for narrow screens — and
 * its title, text and button as real text over it, all one link. `priority` loads the picture at once with high
 * priority (the first banner of a page, usually its largest paint): a `<link rel="preload">` per variant, each
 * with its media query, goes in the head (React preloads no picture inside `<picture>` by itself, issue 14);
 * others load lazily. The box keeps the picture's aspect ratio, so nothing moves when it arrives.
 */
export function BannerPicture({
  banner,
  mobile,
  priority = false,
  sizes = '(max-width: 1200px) 100vw, 1200px',
  className = '',
}: {
  banner: Banner;
  mobile?: Banner;
  priority?: boolean;
  sizes?: string;
  className?: string;
}) {
  const { image } = banner;
  if (priority) preloadBanner(image, sizes, mobile && { image: mobile.image, media: MOBILE });
  const ratio = {
    '--ratio': `${image.width} / ${image.height}`,
    '--ratio-mobile': `${(mobile ?? banner).image.width} / ${(mobile ?? banner).image.height}`,
  } as React.CSSProperties;
  return (
    <Link
      to={localPath(banner.href, { hash: true }) ?? '/'}
      className={`banner banner--${banner.theme} ${className}`}
      style={ratio}
    >
      <picture>
        {mobile && (
          <source
            media={MOBILE}
            srcSet={mobile.image.srcSet}
            sizes="100vw"
            width={mobile.image.width}
            height={mobile.image.height}
          />
        )}
        <ResponsiveImage image={image} sizes={sizes} priority={priority} />
      </picture>
      <span className="banner__text">
        <span className="banner__title">{banner.title}</span>
        {banner.subtitle && <span className="banner__subtitle">{banner.subtitle}</span>}
        {banner.buttonText && <span className="banner__button">{banner.buttonText}</span>}
      </span>
    </Link>
  );
}

/** Screens that show a banner's mobile variant. */
const MOBILE = '(max-width: 640px)';

/**
 * Preloads the picture a screen will show, with high priority: the mobile variant for `mobile.media` and the
 * picture for other screens when there is a variant, else the picture (`srcset` and `sizes` as the `<img>`'s, so
 * the browser picks the same width).
 */
function preloadBanner(
  image: Banner['image'],
  sizes: string,
  mobile?: { image: Banner['image']; media: string },
) {
  const high = { as: 'image', fetchPriority: 'high' } as const;
  if (mobile) {
    preload(mobile.image.src, {
      ...high,
      imageSrcSet: mobile.image.srcSet,
      imageSizes: '100vw',
      media: mobile.media,
    });
    preload(image.src, {
      ...high,
      imageSrcSet: image.srcSet,
      imageSizes: sizes,
      media: `not all and ${mobile.media}`,
    });
  } else preload(image.src, { ...high, imageSrcSet: image.srcSet, imageSizes: sizes });
}

/** Banners of a slot paired with the same positions of its mobile slot. */
export function pairBanners(desktop: Banner[], mobile: Banner[]): { banner: Banner; mobile?: Banner }[] {
  return desktop.map((banner) => ({ banner, mobile: mobile.find((m) => m.position === banner.position) }));
}
