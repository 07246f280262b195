import { useRef, useState, type MouseEvent } from 'react';
import type { Image } from '@kiim/contract';
import { ResponsiveImage } from './ResponsiveImage.tsx';
import { useT } from '../lib/text.ts';

/** The largest rendition of a product picture (`…/480.webp` → `…/960.webp`, media widths of the API). */
export const largeImage = (src: string) => src.replace(/\/\d+\.webp$/, '/960.webp');

/**
 * A product picture that opens large. Without JavaScript it is a link to the large picture; with it, a modal
 * (native `<dialog>`: focus kept inside, Escape and «Закрыть» close it) shows the large picture, which a click
 * magnifies twice at the point clicked and a second click returns to fit. The large picture loads only when opened.
 */
export function ZoomableImage({
  image,
  sizes,
  priority,
}: {
  image: Image;
  sizes: string;
  priority: boolean;
}) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const large = largeImage(image.src);
  const toggle = (e: MouseEvent<HTMLImageElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    setZoom(
      zoom
        ? null
        : { x: ((e.clientX - box.left) / box.width) * 100, y: ((e.clientY - box.top) / box.height) * 100 },
    );
  };
  return (
    <>
      <a
        href={large}
        className="zoomable"
        onClick={(e) => {
          e.preventDefault();
          dialog.current?.showModal();
        }}
      >
        <ResponsiveImage image={image} sizes={sizes} priority={priority} />
        <span className="visually-hidden">{t('ui.zoom')}</span>
      </a>
      <dialog
        ref={dialog}
        className="zoom"
        aria-label={t('ui.zoomed', { alt: image.alt })}
        onClose={() => setZoom(null)}
        data-testid="zoom-dialog"
      >
        <form method="dialog">
          <button type="submit" className="zoom__close">
            {t('common.close')}
          </button>
        </form>
        <img
          src={large}
          alt={image.alt}
          loading="lazy"
          className={zoom ? 'zoom__img zoom__img--in' : 'zoom__img'}
          style={zoom ? { transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined}
          onClick={toggle}
        />
      </dialog>
    </>
  );
}
