import { Children, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useT } from '../lib/text.ts';

/** Fired on an element with `content-visibility: auto` when its content starts or stops being drawn. */
const CONTENT_VISIBILITY_CHANGE = 'contentvisibilityautostatechange';

/**
 * A horizontal slider of cards (spec §2: brand and product sliders), without dependencies: a list that scrolls
 * sideways with scroll snapping — by touch, trackpad, the keyboard (the list is focusable: arrow keys scroll
 * it) or the «previous / next» buttons, which scroll by a view and are disabled at the ends. Without
 * JavaScript the list still scrolls; the buttons stay disabled. Motion follows `prefers-reduced-motion`.
 */
export function Slider({
  title,
  children,
  headingLevel = 2,
}: {
  title: string;
  children: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const id = useId();
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });
  const items = Children.toArray(children);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const measure = useCallback(() => {
    const el = track.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 2, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 2 });
  }, []);

  useEffect(() => {
    const el = track.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    // The track is drawn only near the viewport (`content-visibility: auto`, styles/reviews.css): until then its
    // scroll width is its own width, so the ends are measured again once it is drawn.
    el.addEventListener(CONTENT_VISIBILITY_CHANGE, measure);
    window.addEventListener('resize', measure);
    return () => {
      el.removeEventListener('scroll', measure);
      el.removeEventListener(CONTENT_VISIBILITY_CHANGE, measure);
      window.removeEventListener('resize', measure);
    };
  }, [measure]);

  const go = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: direction * el.clientWidth * 0.9, behavior: reduce ? 'auto' : 'smooth' });
  };

  if (items.length === 0) return null;
  return (
    <section className="slider" aria-labelledby={`${id}-title`}>
      <div className="slider__head">
        <Heading id={`${id}-title`}>{title}</Heading>
        <div className="slider__nav">
          <button
            type="button"
            className="slider__button"
            aria-controls={id}
            aria-label={t('ui.back', { title })}
            disabled={edges.start}
            onClick={() => go(-1)}
          >
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
          <button
            type="button"
            className="slider__button"
            aria-controls={id}
            aria-label={t('ui.forward', { title })}
            disabled={edges.end}
            onClick={() => go(1)}
          >
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </div>
      </div>
      {/* The list scrolls; tabIndex lets keyboard users scroll it with the arrow keys. */}
      <ul id={id} ref={track} className="slider__track" tabIndex={0} aria-label={title}>
        {items.map((item, i) => (
          <li key={i} className="slider__item">
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
