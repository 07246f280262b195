// Studio-style flat drawings of garments as SVG (900×1200, 3:4), filled with the product's colour:
// silhouette, soft side light, fabric texture, seams, topstitching and hardware. Pure and deterministic:
// the same input always gives the same text. images.ts turns them into WebP masters.
import type { GarmentShape } from './seed.catalog-data.ts';
import {
  CANVAS_H,
  CANVAS_W,
  CX,
  f,
  paletteOf,
  type Palette,
  type Parts,
  type Texture,
} from './garment.kit.ts';
import { LEGS, bottoms, skirt } from './garment.bottoms.ts';
import { TOPS, tops } from './garment.tops.ts';
import { underwear } from './garment.underwear.ts';

/** Which picture of the product: 1 the whole garment, 2 a close-up of its most telling detail. */
export type GarmentView = 'front' | 'detail';

/** What to draw: silhouette, fabric colour, view and output width. */
export interface GarmentDrawing {
  shape: GarmentShape;
  /** Fabric colour, `#rrggbb`. */
  colourHex: string;
  view: GarmentView;
  /** Output width in pixels (height = width × 4/3); default the canvas width. */
  pixelWidth?: number;
}

/** Parallel lines across the whole canvas at `angle` degrees, `step` apart, shifted by `offset`: one path. */
function hatch(angle: number, step: number, offset: number): string {
  const rad = (angle * Math.PI) / 180;
  const [dx, dy] = [Math.cos(rad), Math.sin(rad)];
  const [nx, ny] = [-dy, dx];
  const reach = Math.hypot(CANVAS_W, CANVAS_H) / 2 + step;
  const parts: string[] = [];
  for (let k = -reach + offset; k <= reach; k += step) {
    const [cx, cy] = [CX + nx * k, CANVAS_H / 2 + ny * k];
    parts.push(`M${f(cx - dx * reach)} ${f(cy - dy * reach)}L${f(cx + dx * reach)} ${f(cy + dy * reach)}`);
  }
  return parts.join('');
}

const strokes = (d: string, colour: string, width: number, opacity: number) =>
  `<path d="${d}" stroke="${colour}" stroke-width="${width}" stroke-opacity="${opacity}" fill="none"/>`;

/**
 * Fabric texture over the whole canvas (clipped to the garment by the caller), drawn as a few long
 * stroked paths: SVG patterns of small tiles are many times slower to rasterize.
 */
function textureLayer(kind: Texture, p: Palette): string {
  switch (kind) {
    case 'denim':
      return strokes(hatch(-35, 8, 2), '#ffffff', 1.4, 0.14) + strokes(hatch(-35, 8, 6), '#000000', 1, 0.12);
    case 'twill':
      return strokes(hatch(45, 6, 3), '#000000', 1, 0.08);
    case 'rib':
      return strokes(hatch(90, 10, 3), '#000000', 2, 0.07) + strokes(hatch(90, 10, 8), '#ffffff', 1.5, 0.07);
    case 'knit': {
      const rows: string[] = [];
      for (let y = 0; y < CANVAS_H; y += 12) {
        const zig: string[] = [`M0 ${y}`];
        for (let x = 0; x < CANVAS_W; x += 14) zig.push(`L${x + 7} ${y + 8}L${x + 14} ${y}`);
        rows.push(zig.join(''));
      }
      return strokes(rows.join(''), '#000000', 1.6, 0.12);
    }
    case 'lace': {
      const ring = (x: number, y: number, r: number) =>
        `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
      const big: string[] = [];
      const small: string[] = [];
      for (let y = 0; y < CANVAS_H; y += 24) {
        for (let x = 0; x < CANVAS_W; x += 24) {
          big.push(ring(x + 12, y + 12, 7));
          small.push(ring(x, y, 4));
        }
      }
      return strokes(big.join(''), p.seam, 1.4, 0.55) + strokes(small.join(''), p.seam, 1.2, 0.5);
    }
    default:
      return '';
  }
}

function partsOf(shape: GarmentShape, p: Palette): Parts {
  const legs = LEGS[shape];
  if (legs) return bottoms(shape, legs, p);
  if (shape === 'skirt') return skirt(p);
  const top = TOPS[shape];
  if (top) return tops(shape, top, p);
  return underwear(shape, p);
}

/**
 * SVG text of a garment picture (900×1200): light studio background, soft floor shadow, the garment
 * in `colourHex` with side light, fabric texture, seams and hardware. `view: 'detail'` is a close-up
 * (about 1.7×) of the waistband, collar or cups. Deterministic: same input, same text.
 */
export function garmentSvg(input: GarmentDrawing): string {
  const p = paletteOf(input.colourHex, input.shape);
  const parts = partsOf(input.shape, p);
  const [dx, dy, dw] = parts.detail;
  const pw = input.pixelWidth ?? CANVAS_W;
  const viewBox =
    input.view === 'detail' ? `${dx} ${dy} ${dw} ${f((dw * 4) / 3)}` : `0 0 ${CANVAS_W} ${CANVAS_H}`;
  const bgTop = input.view === 'detail' ? '#efece7' : '#f5f3ef';
  const bgBottom = input.view === 'detail' ? '#e3dfd8' : '#e9e5df';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pw}" height="${f((pw * CANVAS_H) / CANVAS_W)}" viewBox="${viewBox}">`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></linearGradient>`,
    '<linearGradient id="light" x1="0" y1="0" x2="1" y2="0.25"><stop offset="0" stop-color="#ffffff" stop-opacity="0.2"/><stop offset="0.38" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.62" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.24"/></linearGradient>',
    '<linearGradient id="drop" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.06"/><stop offset="1" stop-color="#000000" stop-opacity="0.12"/></linearGradient>',
    '<linearGradient id="puff" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000000" stop-opacity="0.2"/><stop offset="0.35" stop-color="#ffffff" stop-opacity="0.12"/><stop offset="0.6" stop-color="#ffffff" stop-opacity="0.06"/><stop offset="1" stop-color="#000000" stop-opacity="0.22"/></linearGradient>',
    '<radialGradient id="glow"><stop offset="0" stop-color="#ffffff" stop-opacity="0.2"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>',
    '<radialGradient id="dim"><stop offset="0" stop-color="#000000" stop-opacity="0.2"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>',
    '<radialGradient id="floor"><stop offset="0" stop-color="#000000" stop-opacity="0.12"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>',
    `<clipPath id="cut"><path d="${parts.body}" fill-rule="nonzero"/></clipPath>`,
    '</defs>',
    `<rect x="-400" y="-400" width="${CANVAS_W + 800}" height="${CANVAS_H + 800}" fill="url(#bg)"/>`,
    `<ellipse cx="${CX}" cy="${CANVAS_H - 70}" rx="340" ry="40" fill="url(#floor)"/>`,
    // Soft drop shadow from stacked offset copies (a blur filter costs more than the whole drawing).
    ...[
      [4, 6, 0.06],
      [8, 12, 0.05],
      [12, 18, 0.04],
      [16, 24, 0.03],
    ].map(
      ([x, y, o]) =>
        `<path d="${parts.body}" fill="#3a3530" fill-opacity="${o}" transform="translate(${x} ${y})"/>`,
    ),
    ...parts.behind,
    `<path d="${parts.body}" fill="${p.fill}"/>`,
    '<g clip-path="url(#cut)">',
    textureLayer(parts.texture, p),
    ...parts.inside,
    `<rect x="0" y="0" width="${CANVAS_W}" height="${CANVAS_H}" fill="url(#drop)"/>`,
    '</g>',
    `<path d="${parts.body}" fill="url(#light)"/>`,
    `<path d="${parts.body}" fill="none" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>`,
    ...parts.over,
    '</svg>',
  ].join('\n');
}
