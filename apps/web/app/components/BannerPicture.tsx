import { Link } from 'react-router';
import type { Banner } from '@kiim/contract';
import { ResponsiveImage } from './ResponsiveImage.tsx';

/**
 * A banner (spec §9): its picture — with the mobile variant of its slot, when given, for narrow screens — and
 * its title, text and button as real text over it, all one link. `priority` loads the picture at once with high
 * priority (the first banner of a page); others load lazily. The box keeps the picture's aspect ratio, so
 * nothing moves when it arrives.
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
  const ratio = {
    '--ratio': `${image.width} / ${image.height}`,
    '--ratio-mobile': `${(mobile ?? banner).image.width} / ${(mobile ?? banner).image.height}`,
  } as React.CSSProperties;
  return (
    <Link to={banner.href} className={`banner banner--${banner.theme} ${className}`} style={ratio}>
      <picture>
        {mobile && (
          <source
            media="(max-width: 640px)"
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

/** Banners of a slot paired with the same positions of its mobile slot. */
export function pairBanners(desktop: Banner[], mobile: Banner[]): { banner: Banner; mobile?: Banner }[] {
  return desktop.map((banner) => ({ banner, mobile: mobile.find((m) => m.position === banner.position) }));
}
