// Drawing kit of the garment pictures (garment.svg.ts): canvas, palette from the fabric colour, and
// helpers for outlines, seams, topstitching and buttons. Everything returns SVG text; nothing random.
import type { GarmentShape } from './seed.catalog-data.ts';

/** Canvas of every drawing, in SVG user units (3:4). The picture is rendered at any size of that ratio. */
export const CANVAS_W = 900;
export const CANVAS_H = 1200;
/** Centre line of the canvas: garments are drawn symmetric about it. */
export const CX = CANVAS_W / 2;

/** A point in canvas units. */
export type Pt = readonly [number, number];

// ---------- colour helpers ----------

function parseHex(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  const n = m ? parseInt(m[1] as string, 16) : 0x888888;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: readonly number[]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v ?? 0)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Mixes `hex` towards `target` by `t` (0..1). */
export function mix(hex: string, target: string, t: number): string {
  const a = parseHex(hex);
  const b = parseHex(target);
  return toHex(a.map((v, i) => v + ((b[i] ?? 0) - v) * t));
}

/** Relative luminance 0 (black) .. 1 (white). */
function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Colours of one drawing, all derived from the fabric colour. */
export interface Palette {
  fill: string;
  /** Slightly darker fill for bands (waistbands, cuffs, collars). */
  band: string;
  /** Inside of the garment seen through the neckline or waist. */
  inside: string;
  outline: string;
  seam: string;
  stitch: string;
  metal: string;
}

/** Palette of a fabric colour; denim gets golden topstitching and copper rivets. */
export function paletteOf(hex: string, shape: GarmentShape): Palette {
  const lum = luminance(hex);
  const dark = lum < 0.08;
  const light = lum > 0.6;
  const isDenim = shape.startsWith('jeans') || shape === 'denim-jacket';
  return {
    fill: hex,
    band: dark ? mix(hex, '#ffffff', 0.06) : mix(hex, '#000000', 0.1),
    inside: dark ? mix(hex, '#000000', 0.45) : mix(hex, '#000000', 0.32),
    outline: light ? mix(hex, '#000000', 0.32) : mix(hex, '#000000', 0.5),
    seam: dark ? mix(hex, '#ffffff', 0.2) : mix(hex, '#000000', light ? 0.22 : 0.3),
    stitch: isDenim ? '#c99a4b' : dark ? mix(hex, '#ffffff', 0.28) : mix(hex, '#000000', light ? 0.25 : 0.35),
    metal: isDenim ? '#a8743c' : '#b9bcc0',
  };
}

// ---------- path helpers ----------

/** Rounds a coordinate to 0.1 for compact, stable SVG text. */
export const f = (n: number) => Math.round(n * 10) / 10;
/** Mirror image of a point across the centre line. */
export const mirror = ([x, y]: Pt): Pt => [2 * CX - x, y];
/** SVG path data through `pts`, closed unless told otherwise. */
export const poly = (pts: readonly Pt[], close = true) =>
  `M${pts.map(([x, y]) => `${f(x)} ${f(y)}`).join(' L')}${close ? ' Z' : ''}`;
/** A closed outline symmetric about the centre: `right` runs top to bottom on the right side. */
export const symmetric = (right: readonly Pt[]) => poly([...right, ...right.map(mirror).reverse()]);

/** Elements drawn for one garment: the silhouette (clip, shading) and what goes on top of it. */
export interface Parts {
  /** Drawn before the silhouette (hood behind the body, straps behind). */
  behind: string[];
  /** Outline path of the garment body (filled, shaded, textured, clipped to). */
  body: string;
  /** Details clipped to the body (seams, quilting, fades). */
  inside: string[];
  /** Details drawn on top, unclipped (collars, buttons, pockets, straps). */
  over: string[];
  /** Region of the close-up view: x, y, width (height = width × 4/3). */
  detail: readonly [number, number, number];
  texture: Texture;
}

/** Fabric texture laid over the silhouette. */
export type Texture = 'denim' | 'rib' | 'knit' | 'smooth' | 'twill' | 'lace';

/** A straight stroke from `a` to `b`; `extra` adds attributes (opacity, dashes). */
export const line = (a: Pt, b: Pt, stroke: string, width = 3, extra = '') =>
  `<path d="M${f(a[0])} ${f(a[1])} L${f(b[0])} ${f(b[1])}" stroke="${stroke}" stroke-width="${width}" fill="none" stroke-linecap="round"${extra}/>`;
/** A path element with a round-jointed stroke and an optional fill. */
export const path = (d: string, stroke: string, width = 3, fill = 'none', extra = '') =>
  `<path d="${d}" stroke="${stroke}" stroke-width="${width}" fill="${fill}" stroke-linejoin="round" stroke-linecap="round"${extra}/>`;
/** A collar or neck band: a thick outlined stroke with square ends. */
export const bandStroke = (d: string, p: Palette, width: number) =>
  `<path d="${d}" stroke="${p.outline}" stroke-width="${width + 6}" fill="none" stroke-linecap="butt"/>` +
  `<path d="${d}" stroke="${p.band}" stroke-width="${width}" fill="none" stroke-linecap="butt"/>`;
/** Topstitching: a dashed thread line along `d`. */
export const stitched = (d: string, stroke: string, width = 2.2) =>
  path(d, stroke, width, 'none', ' stroke-dasharray="7 5"');
/** A sewn button (two holes) or, with `metal`, a shiny shank button or rivet, centred at (x, y). */
export const button = (x: number, y: number, r: number, p: Palette, metal = false) =>
  `<circle cx="${f(x)}" cy="${f(y)}" r="${r}" fill="${metal ? p.metal : p.band}" stroke="${p.outline}" stroke-width="2"/>` +
  (metal
    ? `<circle cx="${f(x - r * 0.3)}" cy="${f(y - r * 0.3)}" r="${f(r * 0.35)}" fill="#ffffff" opacity="0.45"/>`
    : `<circle cx="${f(x - r * 0.3)}" cy="${f(y)}" r="1.8" fill="${p.outline}"/><circle cx="${f(x + r * 0.3)}" cy="${f(y)}" r="1.8" fill="${p.outline}"/>`);
