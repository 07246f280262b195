// Studio-style flat drawings of garments as SVG (900×1200, 3:4), filled with the product's colour:
// silhouette, soft side light, fabric texture, seams, topstitching and hardware. Pure and deterministic:
// the same input always gives the same text. images.ts turns them into WebP masters.
import type { GarmentShape } from './seed.catalog-data.ts';

/** Canvas of every drawing, in SVG user units (3:4). The picture is rendered at any size of that ratio. */
export const CANVAS_W = 900;
export const CANVAS_H = 1200;
const CX = CANVAS_W / 2;

/** Which picture of the product: 1 the whole garment, 2 a close-up of its most telling detail. */
export type GarmentView = 'front' | 'detail';

export interface GarmentDrawing {
  shape: GarmentShape;
  /** Fabric colour, `#rrggbb`. */
  colourHex: string;
  view: GarmentView;
  /** Output width in pixels (height = width × 4/3); default the canvas width. */
  pixelWidth?: number;
}

type Pt = readonly [number, number];

// ---------- colour helpers ----------

function parseHex(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  const n = m ? parseInt(m[1] as string, 16) : 0x888888;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: readonly number[]): string {
  return `#${[r, g, b].map((v) => Math.round(Math.min(255, Math.max(0, v ?? 0))).toString(16).padStart(2, '0')).join('')}`;
}

/** Mixes `hex` towards `target` by `t` (0..1). */
function mix(hex: string, target: string, t: number): string {
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

interface Palette {
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

function paletteOf(hex: string, shape: GarmentShape): Palette {
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

const f = (n: number) => Math.round(n * 10) / 10;
const mirror = ([x, y]: Pt): Pt => [2 * CX - x, y];
const poly = (pts: readonly Pt[], close = true) =>
  `M${pts.map(([x, y]) => `${f(x)} ${f(y)}`).join(' L')}${close ? ' Z' : ''}`;
/** A closed outline symmetric about the centre: `right` runs top to bottom on the right side. */
const symmetric = (right: readonly Pt[]) => poly([...right, ...right.map(mirror).reverse()]);

/** Elements drawn for one garment: the silhouette (clip, shading) and what goes on top of it. */
interface Parts {
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

type Texture = 'denim' | 'rib' | 'knit' | 'smooth' | 'twill' | 'lace';

const line = (a: Pt, b: Pt, stroke: string, width = 3, extra = '') =>
  `<path d="M${f(a[0])} ${f(a[1])} L${f(b[0])} ${f(b[1])}" stroke="${stroke}" stroke-width="${width}" fill="none" stroke-linecap="round"${extra}/>`;
const path = (d: string, stroke: string, width = 3, fill = 'none', extra = '') =>
  `<path d="${d}" stroke="${stroke}" stroke-width="${width}" fill="${fill}" stroke-linejoin="round" stroke-linecap="round"${extra}/>`;
/** A collar or neck band: a thick outlined stroke with square ends. */
const bandStroke = (d: string, p: Palette, width: number) =>
  `<path d="${d}" stroke="${p.outline}" stroke-width="${width + 6}" fill="none" stroke-linecap="butt"/>` +
  `<path d="${d}" stroke="${p.band}" stroke-width="${width}" fill="none" stroke-linecap="butt"/>`;
const stitched = (d: string, stroke: string, width = 2.2) => path(d, stroke, width, 'none', ' stroke-dasharray="7 5"');
const button = (x: number, y: number, r: number, p: Palette, metal = false) =>
  `<circle cx="${f(x)}" cy="${f(y)}" r="${r}" fill="${metal ? p.metal : p.band}" stroke="${p.outline}" stroke-width="2"/>` +
  (metal
    ? `<circle cx="${f(x - r * 0.3)}" cy="${f(y - r * 0.3)}" r="${f(r * 0.35)}" fill="#ffffff" opacity="0.45"/>`
    : `<circle cx="${f(x - r * 0.3)}" cy="${f(y)}" r="1.8" fill="${p.outline}"/><circle cx="${f(x + r * 0.3)}" cy="${f(y)}" r="1.8" fill="${p.outline}"/>`);

// ---------- bottoms: jeans, trousers ----------

interface LegSpec {
  waist: number;
  hip: number;
  kneeOut: number;
  kneeIn: number;
  hemOut: number;
  hemIn: number;
  hemY: number;
  crotchY: number;
}

const WAIST_Y = 150;
const BAND_H = 52;
const KNEE_Y = 700;

const LEGS: Partial<Record<GarmentShape, LegSpec>> = {
  'jeans-skinny': { waist: 140, hip: 168, kneeOut: 122, kneeIn: 30, hemOut: 108, hemIn: 44, hemY: 1100, crotchY: 450 },
  'jeans-slim': { waist: 145, hip: 172, kneeOut: 135, kneeIn: 26, hemOut: 126, hemIn: 36, hemY: 1100, crotchY: 460 },
  'jeans-straight': { waist: 148, hip: 176, kneeOut: 152, kneeIn: 20, hemOut: 152, hemIn: 24, hemY: 1100, crotchY: 470 },
  'jeans-wide': { waist: 148, hip: 182, kneeOut: 194, kneeIn: 12, hemOut: 222, hemIn: 12, hemY: 1110, crotchY: 480 },
  'jeans-tapered': { waist: 150, hip: 190, kneeOut: 150, kneeIn: 22, hemOut: 120, hemIn: 40, hemY: 1090, crotchY: 490 },
  'jeans-flare': { waist: 140, hip: 168, kneeOut: 128, kneeIn: 30, hemOut: 182, hemIn: 6, hemY: 1110, crotchY: 450 },
  'jeans-cropped': { waist: 148, hip: 176, kneeOut: 154, kneeIn: 20, hemOut: 156, hemIn: 22, hemY: 990, crotchY: 470 },
  'trousers-classic': { waist: 145, hip: 175, kneeOut: 150, kneeIn: 20, hemOut: 148, hemIn: 24, hemY: 1110, crotchY: 470 },
  'trousers-wide': { waist: 145, hip: 185, kneeOut: 200, kneeIn: 10, hemOut: 226, hemIn: 8, hemY: 1115, crotchY: 480 },
  chinos: { waist: 145, hip: 172, kneeOut: 140, kneeIn: 24, hemOut: 130, hemIn: 34, hemY: 1090, crotchY: 465 },
  joggers: { waist: 150, hip: 185, kneeOut: 152, kneeIn: 22, hemOut: 118, hemIn: 42, hemY: 1080, crotchY: 490 },
  cargo: { waist: 150, hip: 186, kneeOut: 168, kneeIn: 16, hemOut: 160, hemIn: 22, hemY: 1100, crotchY: 485 },
};

function bottoms(shape: GarmentShape, s: LegSpec, p: Palette): Parts {
  const isJeans = shape.startsWith('jeans');
  const isJoggers = shape === 'joggers';
  const bandH = isJoggers ? 74 : BAND_H;
  const bandBottom = WAIST_Y + bandH;
  const right: Pt[] = [
    [CX + s.waist, WAIST_Y],
    [CX + s.waist + 4, bandBottom],
    [CX + s.hip - 6, 300],
    [CX + s.hip, 360],
    [CX + s.kneeOut, KNEE_Y],
    [CX + s.hemOut, s.hemY],
    [CX + s.hemIn, s.hemY + 4],
    [CX + s.kneeIn, KNEE_Y],
  ];
  const crotchCtl: Pt = [CX + s.kneeIn * 0.6, s.crotchY + 30];
  const toPath = () => {
    const r = right.map(([x, y]) => `${f(x)} ${f(y)}`);
    const l = right.map(mirror).map(([x, y]) => `${f(x)} ${f(y)}`);
    return (
      `M${l[0]} L${r[0]} L${r[1]} C${f(CX + s.waist + 20)} ${f(bandBottom + 30)} ${r[2]} ${r[3]} L${r[4]} L${r[5]} L${r[6]} L${r[7]} ` +
      `Q${f(crotchCtl[0])} ${f(crotchCtl[1])} ${CX} ${s.crotchY} Q${f(2 * CX - crotchCtl[0])} ${f(crotchCtl[1])} ${l[7]} ` +
      `L${l[6]} L${l[5]} L${l[4]} L${l[3]} C${l[2]} ${f(CX - s.waist - 20)} ${f(bandBottom + 30)} ${l[1]} Z`
    );
  };
  const body = toPath();
  const inside: string[] = [];
  const over: string[] = [];
  // Waistband.
  const band = poly([[CX - s.waist, WAIST_Y], [CX + s.waist, WAIST_Y], [CX + s.waist + 4, bandBottom], [CX - s.waist - 4, bandBottom]]);
  over.push(path(band, p.outline, 2.5, p.band));
  if (isJoggers) {
    for (let x = CX - s.waist + 14; x < CX + s.waist - 8; x += 16) inside.push(line([x, WAIST_Y + 6], [x + 2, bandBottom - 6], p.outline, 1.5, ' opacity="0.35"'));
    over.push(...[-1, 1].map((d) =>
      path(`M${CX + d * 14} ${WAIST_Y + 40} C${CX + d * 24} ${WAIST_Y + 120} ${CX + d * 6} ${WAIST_Y + 170} ${CX + d * 30} ${WAIST_Y + 240}`, p.inside, 7) +
      `<rect x="${CX + d * 30 - 5}" y="${WAIST_Y + 236}" width="10" height="22" rx="3" fill="${p.metal}"/>`));
    over.push(`<circle cx="${CX - 14}" cy="${WAIST_Y + 40}" r="6" fill="${p.inside}"/><circle cx="${CX + 14}" cy="${WAIST_Y + 40}" r="6" fill="${p.inside}"/>`);
  } else {
    over.push(stitched(`M${CX - s.waist + 6} ${WAIST_Y + 8} L${CX + s.waist - 6} ${WAIST_Y + 8}`, p.stitch));
    over.push(stitched(`M${CX - s.waist - 2} ${bandBottom - 8} L${CX + s.waist + 2} ${bandBottom - 8}`, p.stitch));
    for (const x of [CX - s.waist + 28, CX - s.waist * 0.42, CX + s.waist * 0.42, CX + s.waist - 28]) {
      over.push(`<rect x="${f(x - 8)}" y="${WAIST_Y - 8}" width="16" height="${bandH + 18}" rx="3" fill="${p.band}" stroke="${p.outline}" stroke-width="2"/>`);
    }
    over.push(button(CX, WAIST_Y + bandH / 2, isJeans ? 13 : 9, p, isJeans));
  }
  // Fly and centre seam.
  if (!isJoggers) {
    inside.push(line([CX, bandBottom], [CX, s.crotchY - 10], p.seam, 3));
    inside.push(stitched(`M${CX + 26} ${bandBottom} L${CX + 26} ${s.crotchY - 90} Q${CX + 26} ${s.crotchY - 45} ${CX + 2} ${s.crotchY - 30}`, p.stitch));
  } else {
    inside.push(line([CX, bandBottom], [CX, s.crotchY - 10], p.seam, 2.5));
  }
  // Pockets.
  for (const d of [-1, 1]) {
    const sx = (x: number) => CX + d * x;
    if (isJeans) {
      const pocket = `M${f(sx(s.waist - 70))} ${bandBottom} Q${f(sx(s.waist - 60))} ${bandBottom + 95} ${f(sx(s.hip - 4))} ${bandBottom + 115}`;
      inside.push(path(pocket, p.seam, 3), stitched(`M${f(sx(s.waist - 82))} ${bandBottom} Q${f(sx(s.waist - 72))} ${bandBottom + 108} ${f(sx(s.hip - 6))} ${bandBottom + 128}`, p.stitch));
      over.push(`<circle cx="${f(sx(s.waist - 68))}" cy="${bandBottom + 6}" r="5" fill="${p.metal}"/>`, `<circle cx="${f(sx(s.hip - 8))}" cy="${bandBottom + 112}" r="5" fill="${p.metal}"/>`);
    } else if (shape === 'cargo') {
      inside.push(line([sx(s.waist - 45), bandBottom], [sx(s.hip - 6), bandBottom + 110], p.seam, 3));
      const x0 = sx(s.kneeOut - 8);
      const x1 = sx(s.kneeOut - 118);
      const [l, r] = d > 0 ? [x1, x0] : [x0, x1];
      over.push(path(poly([[l, 500], [r, 500], [r, 660], [l, 660]]), p.outline, 2.5, p.fill));
      over.push(path(poly([[l - 4, 490], [r + 4, 490], [r + 4, 545], [l - 4, 545]]), p.outline, 2.5, p.band));
      over.push(stitched(`M${l + 8} 650 L${r - 8} 650`, p.stitch), button((l + r) / 2, 530, 8, p));
    } else {
      inside.push(line([sx(s.waist - 45), bandBottom], [sx(s.hip - 6), bandBottom + 120], p.seam, 3));
      inside.push(stitched(`M${f(sx(s.waist - 55))} ${bandBottom} L${f(sx(s.hip - 14))} ${bandBottom + 126}`, p.stitch, 1.8));
    }
  }
  // Legs: creases, knee fades, hems, inner seams.
  for (const d of [-1, 1]) {
    const mid = (a: number, b: number) => CX + d * (a + b) / 2;
    if (shape === 'trousers-classic' || shape === 'trousers-wide') {
      inside.push(line([mid(s.hip * 0.9, 0), bandBottom + 20], [mid(s.hemOut, s.hemIn), s.hemY - 10], '#ffffff', 3, ' opacity="0.28"'));
      inside.push(line([mid(s.hip * 0.9, 0) + 3, bandBottom + 20], [mid(s.hemOut, s.hemIn) + 3, s.hemY - 10], p.seam, 1.5, ' opacity="0.6"'));
    }
    if (isJeans) {
      inside.push(`<ellipse cx="${f(mid(s.hip, s.kneeIn))}" cy="520" rx="${f((s.hip - s.kneeIn) * 0.36)}" ry="170" fill="#ffffff" opacity="0.13" filter="url(#soft)"/>`);
      for (let i = 0; i < 4; i++) {
        const y = s.crotchY - 40 + i * 20;
        inside.push(path(`M${f(CX + d * (s.kneeIn + 14))} ${y + 30} q${d * 30} ${-6 - i * 2} ${d * (64 - i * 9)} ${-22 - i * 4}`, '#ffffff', 2.5, 'none', ' opacity="0.12"'));
      }
    }
    if (isJoggers) {
      const cuff = poly([[CX + d * s.hemOut, s.hemY - 70], [CX + d * s.hemIn, s.hemY - 66], [CX + d * s.hemIn, s.hemY + 4], [CX + d * s.hemOut, s.hemY]]);
      over.push(path(cuff, p.outline, 2.5, p.band));
      for (let x = Math.min(s.hemIn, s.hemOut) + 10; x < Math.max(s.hemIn, s.hemOut) - 4; x += 12) {
        over.push(line([CX + d * x, s.hemY - 60], [CX + d * x, s.hemY - 6], p.outline, 1.2, ' opacity="0.35"'));
      }
    } else if (shape === 'chinos' || shape === 'jeans-cropped') {
      const cuff = poly([[CX + d * (s.hemOut + 3), s.hemY - 46], [CX + d * (s.hemIn - 3), s.hemY - 42], [CX + d * (s.hemIn - 3), s.hemY + 4], [CX + d * (s.hemOut + 3), s.hemY]]);
      over.push(path(cuff, p.outline, 2.5, p.band));
    } else {
      inside.push(stitched(`M${CX + d * s.hemOut} ${s.hemY - 26} L${CX + d * s.hemIn} ${s.hemY - 22}`, p.stitch));
    }
    inside.push(stitched(`M${f(CX + d * (s.kneeIn + 10))} ${KNEE_Y} L${f(CX + d * (s.hemIn + 10))} ${s.hemY - 30}`, p.stitch, 1.8));
  }
  inside.push(`<ellipse cx="${CX}" cy="${KNEE_Y}" rx="260" ry="60" fill="#000000" opacity="0.05" filter="url(#soft)"/>`);
  return {
    behind: [],
    body,
    inside,
    over,
    detail: [CX - 30 - 285, WAIST_Y - 50, 540],
    texture: isJeans ? 'denim' : isJoggers ? 'rib' : shape === 'cargo' || shape === 'chinos' ? 'twill' : 'smooth',
  };
}

// ---------- tops: shirts, knitwear, outerwear, dresses ----------

type Sleeve = 'none' | 'short' | 'long';
type Neck = 'crew' | 'v' | 'hood' | 'shirt' | 'polo' | 'lapel' | 'turtle' | 'stand' | 'scoop' | 'strap';
type Closure = 'none' | 'buttons' | 'zip' | 'double' | 'placket';

interface TopSpec {
  shoulderY: number;
  neckHalf: number;
  shoulderHalf: number;
  bodyHalf: number;
  hemHalf: number;
  hemY: number;
  armpitY: number;
  sleeve: Sleeve;
  /** Sleeve length (long: shoulder to cuff) and angle from vertical, degrees. */
  sleeveLen?: number;
  sleeveAngle?: number;
  neck: Neck;
  neckDepth: number;
  closure: Closure;
  /** Quilting: distance between stitched channels. */
  quilt?: number;
  rib?: boolean;
  pockets?: 'kangaroo' | 'chest' | 'patch' | 'welt' | 'chest-one';
  belt?: number;
  /** Fitted waist and skirt (dresses): waist y and hem half width. */
  skirt?: { waistY: number; waistHalf: number };
  yoke?: boolean;
  texture: Texture;
}

const TOPS: Partial<Record<GarmentShape, TopSpec>> = {
  tshirt: { shoulderY: 230, neckHalf: 72, shoulderHalf: 200, bodyHalf: 190, hemHalf: 196, hemY: 1000, armpitY: 430, sleeve: 'short', neck: 'crew', neckDepth: 70, closure: 'none', texture: 'smooth' },
  longsleeve: { shoulderY: 210, neckHalf: 68, shoulderHalf: 178, bodyHalf: 168, hemHalf: 170, hemY: 1000, armpitY: 400, sleeve: 'long', sleeveLen: 660, sleeveAngle: 14, neck: 'crew', neckDepth: 64, closure: 'none', texture: 'rib' },
  shirt: { shoulderY: 210, neckHalf: 62, shoulderHalf: 190, bodyHalf: 182, hemHalf: 186, hemY: 1040, armpitY: 410, sleeve: 'long', sleeveLen: 660, sleeveAngle: 14, neck: 'shirt', neckDepth: 40, closure: 'placket', pockets: 'chest-one', yoke: true, texture: 'smooth' },
  blouse: { shoulderY: 220, neckHalf: 76, shoulderHalf: 186, bodyHalf: 180, hemHalf: 196, hemY: 960, armpitY: 420, sleeve: 'long', sleeveLen: 620, sleeveAngle: 16, neck: 'v', neckDepth: 170, closure: 'none', texture: 'smooth' },
  polo: { shoulderY: 230, neckHalf: 64, shoulderHalf: 198, bodyHalf: 188, hemHalf: 192, hemY: 990, armpitY: 430, sleeve: 'short', neck: 'polo', neckDepth: 40, closure: 'none', texture: 'knit' },
  hoodie: { shoulderY: 270, neckHalf: 82, shoulderHalf: 210, bodyHalf: 200, hemHalf: 196, hemY: 1060, armpitY: 470, sleeve: 'long', sleeveLen: 640, sleeveAngle: 14, neck: 'hood', neckDepth: 70, closure: 'none', rib: true, pockets: 'kangaroo', texture: 'smooth' },
  'hoodie-zip': { shoulderY: 270, neckHalf: 82, shoulderHalf: 210, bodyHalf: 200, hemHalf: 196, hemY: 1060, armpitY: 470, sleeve: 'long', sleeveLen: 640, sleeveAngle: 14, neck: 'hood', neckDepth: 60, closure: 'zip', rib: true, pockets: 'welt', texture: 'smooth' },
  sweatshirt: { shoulderY: 230, neckHalf: 76, shoulderHalf: 212, bodyHalf: 200, hemHalf: 192, hemY: 1010, armpitY: 440, sleeve: 'long', sleeveLen: 650, sleeveAngle: 15, neck: 'crew', neckDepth: 66, closure: 'none', rib: true, texture: 'smooth' },
  sweater: { shoulderY: 220, neckHalf: 74, shoulderHalf: 204, bodyHalf: 196, hemHalf: 190, hemY: 1010, armpitY: 430, sleeve: 'long', sleeveLen: 650, sleeveAngle: 15, neck: 'crew', neckDepth: 62, closure: 'none', rib: true, texture: 'knit' },
  turtleneck: { shoulderY: 260, neckHalf: 64, shoulderHalf: 176, bodyHalf: 166, hemHalf: 168, hemY: 1040, armpitY: 450, sleeve: 'long', sleeveLen: 640, sleeveAngle: 12, neck: 'turtle', neckDepth: 20, closure: 'none', texture: 'rib' },
  cardigan: { shoulderY: 210, neckHalf: 70, shoulderHalf: 200, bodyHalf: 192, hemHalf: 190, hemY: 1020, armpitY: 420, sleeve: 'long', sleeveLen: 650, sleeveAngle: 15, neck: 'v', neckDepth: 300, closure: 'buttons', rib: true, pockets: 'patch', texture: 'knit' },
  dress: { shoulderY: 170, neckHalf: 70, shoulderHalf: 158, bodyHalf: 150, hemHalf: 290, hemY: 1130, armpitY: 350, sleeve: 'short', neck: 'v', neckDepth: 130, closure: 'none', belt: 530, skirt: { waistY: 530, waistHalf: 128 }, texture: 'smooth' },
  top: { shoulderY: 300, neckHalf: 110, shoulderHalf: 150, bodyHalf: 168, hemHalf: 178, hemY: 960, armpitY: 360, sleeve: 'none', neck: 'strap', neckDepth: 30, closure: 'none', texture: 'smooth' },
  tank: { shoulderY: 210, neckHalf: 86, shoulderHalf: 122, bodyHalf: 168, hemHalf: 174, hemY: 1000, armpitY: 440, sleeve: 'none', neck: 'scoop', neckDepth: 150, closure: 'none', texture: 'rib' },
  puffer: { shoulderY: 230, neckHalf: 80, shoulderHalf: 222, bodyHalf: 216, hemHalf: 214, hemY: 930, armpitY: 450, sleeve: 'long', sleeveLen: 640, sleeveAngle: 15, neck: 'stand', neckDepth: 20, closure: 'zip', quilt: 92, texture: 'smooth' },
  'puffer-long': { shoulderY: 200, neckHalf: 80, shoulderHalf: 210, bodyHalf: 204, hemHalf: 230, hemY: 1140, armpitY: 420, sleeve: 'long', sleeveLen: 640, sleeveAngle: 13, neck: 'stand', neckDepth: 20, closure: 'zip', quilt: 100, texture: 'smooth' },
  vest: { shoulderY: 220, neckHalf: 84, shoulderHalf: 160, bodyHalf: 196, hemHalf: 200, hemY: 950, armpitY: 470, sleeve: 'none', neck: 'stand', neckDepth: 20, closure: 'zip', quilt: 86, texture: 'smooth' },
  coat: { shoulderY: 200, neckHalf: 70, shoulderHalf: 206, bodyHalf: 196, hemHalf: 226, hemY: 1140, armpitY: 420, sleeve: 'long', sleeveLen: 660, sleeveAngle: 12, neck: 'lapel', neckDepth: 330, closure: 'buttons', pockets: 'welt', texture: 'twill' },
  trench: { shoulderY: 200, neckHalf: 70, shoulderHalf: 204, bodyHalf: 194, hemHalf: 238, hemY: 1140, armpitY: 420, sleeve: 'long', sleeveLen: 660, sleeveAngle: 12, neck: 'lapel', neckDepth: 280, closure: 'double', belt: 560, pockets: 'welt', texture: 'twill' },
  parka: { shoulderY: 260, neckHalf: 84, shoulderHalf: 214, bodyHalf: 208, hemHalf: 218, hemY: 1080, armpitY: 460, sleeve: 'long', sleeveLen: 640, sleeveAngle: 13, neck: 'hood', neckDepth: 30, closure: 'zip', pockets: 'patch', texture: 'twill' },
  jacket: { shoulderY: 220, neckHalf: 76, shoulderHalf: 212, bodyHalf: 204, hemHalf: 200, hemY: 900, armpitY: 440, sleeve: 'long', sleeveLen: 640, sleeveAngle: 15, neck: 'stand', neckDepth: 20, closure: 'zip', pockets: 'welt', texture: 'smooth' },
  biker: { shoulderY: 220, neckHalf: 70, shoulderHalf: 206, bodyHalf: 196, hemHalf: 194, hemY: 880, armpitY: 430, sleeve: 'long', sleeveLen: 640, sleeveAngle: 15, neck: 'lapel', neckDepth: 200, closure: 'zip', pockets: 'welt', belt: 840, texture: 'smooth' },
  bomber: { shoulderY: 230, neckHalf: 78, shoulderHalf: 220, bodyHalf: 210, hemHalf: 196, hemY: 900, armpitY: 450, sleeve: 'long', sleeveLen: 640, sleeveAngle: 16, neck: 'stand', neckDepth: 20, closure: 'zip', rib: true, pockets: 'welt', texture: 'smooth' },
  'denim-jacket': { shoulderY: 220, neckHalf: 70, shoulderHalf: 210, bodyHalf: 202, hemHalf: 198, hemY: 880, armpitY: 440, sleeve: 'long', sleeveLen: 640, sleeveAngle: 15, neck: 'shirt', neckDepth: 40, closure: 'buttons', pockets: 'chest', yoke: true, texture: 'denim' },
};

function tops(shape: GarmentShape, s: TopSpec, p: Palette): Parts {
  const behind: string[] = [];
  const inside: string[] = [];
  const over: string[] = [];
  const N: Pt = [CX + s.neckHalf, s.shoulderY - 12];
  const S: Pt = [CX + s.shoulderHalf, s.shoulderY + 26];
  const A: Pt = [CX + s.bodyHalf, s.armpitY];
  const right: Pt[] = [N, S];
  let cuff: [Pt, Pt] | null = null;
  if (s.sleeve === 'short') {
    const a = (58 * Math.PI) / 180;
    const len = 230;
    const co: Pt = [S[0] + Math.sin(a) * len, S[1] + Math.cos(a) * len];
    const ci: Pt = [co[0] - Math.cos(a) * 150, co[1] + Math.sin(a) * 150];
    right.push(co, ci);
    cuff = [co, ci];
  } else if (s.sleeve === 'long') {
    const a = ((s.sleeveAngle ?? 14) * Math.PI) / 180;
    const len = s.sleeveLen ?? 640;
    const co: Pt = [S[0] + Math.sin(a) * len, S[1] + Math.cos(a) * len];
    const ci: Pt = [co[0] - Math.cos(a) * 104, co[1] + Math.sin(a) * 104];
    right.push(co, ci);
    cuff = [co, ci];
  }
  right.push(A);
  if (s.skirt) right.push([CX + s.skirt.waistHalf, s.skirt.waistY]);
  right.push([CX + s.hemHalf, s.hemY]);
  const body = `${symmetric(right).slice(0, -2)} Q${CX} ${s.shoulderY - 12 + s.neckDepth * 1.6} ${f(N[0])} ${f(N[1])} Z`;
  const neckBottomY = s.shoulderY - 12 + s.neckDepth * 0.8;

  // Sleeveless armholes: soften with a curve drawn over the corner.
  if (s.sleeve === 'none') {
    for (const d of [-1, 1]) {
      over.push(path(`M${f(CX + d * (S[0] - CX))} ${S[1]} Q${f(CX + d * (s.bodyHalf - 50))} ${s.armpitY - 30} ${f(CX + d * s.bodyHalf)} ${s.armpitY}`, p.seam, 3));
    }
  } else {
    for (const d of [-1, 1]) {
      inside.push(path(`M${f(CX + d * (S[0] - CX))} ${S[1]} Q${f(CX + d * (s.bodyHalf - 10))} ${(S[1] + A[1]) / 2} ${f(CX + d * s.bodyHalf)} ${s.armpitY}`, p.seam, 3));
      inside.push(path(`M${f(CX + d * (s.bodyHalf + 40))} ${s.armpitY + 60} q${d * 30} 50 ${d * 12} 110`, '#000000', 3, 'none', ' opacity="0.1"'));
    }
  }

  // Inside of the back seen through the neckline.
  if (s.neck === 'crew' || s.neck === 'v' || s.neck === 'scoop' || s.neck === 'hood') {
    over.push(path(`M${f(2 * CX - N[0])} ${N[1]} Q${CX} ${s.shoulderY + 22} ${f(N[0])} ${N[1]} Q${CX} ${s.shoulderY - 12 + s.neckDepth * 1.6} ${f(2 * CX - N[0])} ${N[1]} Z`, p.outline, 2.5, p.inside));
  }
  const frontNeck = `M${f(2 * CX - N[0])} ${N[1]} Q${CX} ${s.shoulderY - 12 + s.neckDepth * 1.6} ${f(N[0])} ${N[1]}`;

  switch (s.neck) {
    case 'crew':
    case 'scoop':
      over.push(bandStroke(frontNeck, p, 20), stitched(`M${f(2 * CX - N[0] + 4)} ${N[1] + 14} Q${CX} ${s.shoulderY - 12 + s.neckDepth * 1.6 + 16} ${f(N[0] - 4)} ${N[1] + 14}`, p.stitch, 1.8));
      break;
    case 'v': {
      over.push(bandStroke(`M${f(2 * CX - N[0])} ${N[1]} L${CX} ${neckBottomY} L${f(N[0])} ${N[1]}`, p, 18));
      break;
    }
    case 'turtle': {
      const top = s.shoulderY - 150;
      over.push(path(poly([[CX - s.neckHalf - 6, s.shoulderY + 6], [CX - s.neckHalf + 4, top], [CX + s.neckHalf - 4, top], [CX + s.neckHalf + 6, s.shoulderY + 6]]), p.outline, 2.5, p.band));
      over.push(path(`M${CX - s.neckHalf + 2} ${top + 60} Q${CX} ${top + 74} ${CX + s.neckHalf - 2} ${top + 60}`, p.outline, 2.5));
      for (let x = CX - s.neckHalf + 14; x < CX + s.neckHalf - 8; x += 13) over.push(line([x, top + 8], [x, s.shoulderY - 2], p.outline, 1.2, ' opacity="0.3"'));
      over.push(`<ellipse cx="${CX}" cy="${top + 3}" rx="${s.neckHalf - 6}" ry="9" fill="${p.inside}"/>`);
      break;
    }
    case 'hood': {
      const w = s.neckHalf + 70;
      behind.push(path(`M${CX - w} ${s.shoulderY + 30} C${CX - w - 30} ${s.shoulderY - 150} ${CX - 120} ${s.shoulderY - 250} ${CX} ${s.shoulderY - 250} C${CX + 120} ${s.shoulderY - 250} ${CX + w + 30} ${s.shoulderY - 150} ${CX + w} ${s.shoulderY + 30} Z`, p.outline, 3, p.band));
      behind.push(path(`M${CX - s.neckHalf - 10} ${s.shoulderY} C${CX - s.neckHalf - 20} ${s.shoulderY - 130} ${CX - 70} ${s.shoulderY - 200} ${CX} ${s.shoulderY - 200} C${CX + 70} ${s.shoulderY - 200} ${CX + s.neckHalf + 20} ${s.shoulderY - 130} ${CX + s.neckHalf + 10} ${s.shoulderY} Z`, p.outline, 2.5, p.inside));
      over.push(bandStroke(frontNeck, p, 18));
      if (s.closure !== 'zip' && shape !== 'parka') {
        for (const d of [-1, 1]) {
          over.push(path(`M${CX + d * 34} ${neckBottomY + 8} C${CX + d * 40} ${neckBottomY + 90} ${CX + d * 24} ${neckBottomY + 160} ${CX + d * 36} ${neckBottomY + 230}`, mix(p.fill, '#ffffff', 0.55), 7));
          over.push(`<rect x="${CX + d * 36 - 5}" y="${neckBottomY + 226}" width="10" height="24" rx="3" fill="${p.metal}"/>`);
          over.push(`<circle cx="${CX + d * 34}" cy="${neckBottomY + 6}" r="7" fill="${p.metal}" stroke="${p.outline}" stroke-width="1.5"/>`);
        }
      }
      break;
    }
    case 'shirt':
    case 'polo': {
      const tip = shape === 'denim-jacket' ? 120 : s.neck === 'polo' ? 95 : 105;
      for (const d of [-1, 1]) {
        const n: Pt = [CX + d * s.neckHalf, N[1]];
        over.push(path(poly([[n[0] + d * 10, n[1] - 12], [CX + d * (s.neckHalf + 44), n[1] + 70], [CX + d * 26, n[1] + tip], [CX, n[1] + 40]]), p.outline, 2.5, p.fill));
        over.push(stitched(`M${n[0] + d * 6} ${n[1] + 2} L${CX + d * (s.neckHalf + 30)} ${n[1] + 68} L${CX + d * 30} ${n[1] + tip - 12}`, p.stitch, 1.6));
      }
      over.unshift(path(`M${CX - s.neckHalf - 4} ${N[1] + 4} Q${CX} ${N[1] - 30} ${CX + s.neckHalf + 4} ${N[1] + 4} L${CX} ${N[1] + 40} Z`, p.outline, 2.5, p.band));
      if (s.neck === 'polo') {
        over.push(path(poly([[CX - 20, N[1] + 40], [CX + 20, N[1] + 40], [CX + 20, N[1] + 200], [CX - 20, N[1] + 200]]), p.outline, 2.5, p.fill));
        for (const y of [N[1] + 90, N[1] + 160]) over.push(button(CX, y, 8, p));
      }
      break;
    }
    case 'lapel': {
      const bottom = s.shoulderY - 12 + s.neckDepth;
      for (const d of [-1, 1]) {
        over.push(path(poly([[CX + d * s.neckHalf, N[1]], [CX + d * (s.neckHalf + 70), s.shoulderY + 140], [CX + d * (s.neckHalf + 40), s.shoulderY + 160], [CX + d * (s.neckHalf + 78), s.shoulderY + 200], [CX + d * 8, bottom]]), p.outline, 2.5, p.band));
        over.push(stitched(`M${CX + d * (s.neckHalf + 62)} ${s.shoulderY + 208} L${CX + d * 18} ${bottom - 16}`, p.stitch, 1.6));
      }
      over.push(path(`M${CX - s.neckHalf + 4} ${N[1]} Q${CX} ${N[1] - 16} ${CX + s.neckHalf - 4} ${N[1]} L${CX + 8} ${bottom} L${CX - 8} ${bottom} Z`, p.outline, 2, p.inside));
      break;
    }
    case 'stand': {
      const top = s.shoulderY - 95;
      over.push(path(poly([[CX - s.neckHalf - 8, s.shoulderY + 10], [CX - s.neckHalf + 4, top], [CX + s.neckHalf - 4, top], [CX + s.neckHalf + 8, s.shoulderY + 10]]), p.outline, 2.5, p.band));
      over.push(`<ellipse cx="${CX}" cy="${top + 3}" rx="${s.neckHalf - 8}" ry="10" fill="${p.inside}"/>`);
      if (s.rib) for (let x = CX - s.neckHalf + 12; x < CX + s.neckHalf - 6; x += 12) over.push(line([x, top + 12], [x, s.shoulderY + 4], p.outline, 1.2, ' opacity="0.35"'));
      else over.push(stitched(`M${CX - s.neckHalf + 4} ${top + 14} L${CX + s.neckHalf - 4} ${top + 14}`, p.stitch, 1.6));
      break;
    }
    case 'strap': {
      for (const d of [-1, 1]) {
        behind.push(path(`M${CX + d * 95} ${s.shoulderY + 10} C${CX + d * 110} ${s.shoulderY - 90} ${CX + d * 120} ${s.shoulderY - 160} ${CX + d * 132} ${s.shoulderY - 200}`, p.outline, 11), path(`M${CX + d * 95} ${s.shoulderY + 10} C${CX + d * 110} ${s.shoulderY - 90} ${CX + d * 120} ${s.shoulderY - 160} ${CX + d * 132} ${s.shoulderY - 200}`, p.band, 7));
      }
      over.push(stitched(`M${CX - s.neckHalf} ${N[1] + 18} Q${CX} ${N[1] + 60} ${CX + s.neckHalf} ${N[1] + 18}`, p.stitch, 1.6));
      break;
    }
  }

  // Closures down the front.
  const closureTop = s.neck === 'lapel' ? s.shoulderY - 12 + s.neckDepth : s.neck === 'stand' ? s.shoulderY - 95 : s.neck === 'hood' ? neckBottomY + 4 : N[1] + 40;
  const hemBand = s.rib ? 64 : 0;
  if (s.closure === 'zip') {
    const x = shape === 'biker' ? CX + 70 : CX;
    over.push(line([x, closureTop + 4], [s.neck === 'lapel' ? CX + 20 : x, s.hemY - 4], p.outline, 12), line([x, closureTop + 4], [s.neck === 'lapel' ? CX + 20 : x, s.hemY - 4], p.metal, 6, ' stroke-dasharray="3 3"'));
    over.push(`<rect x="${x - 9}" y="${closureTop + 8}" width="18" height="40" rx="5" fill="${p.metal}" stroke="${p.outline}" stroke-width="2"/>`);
  } else if (s.closure === 'buttons') {
    over.push(line([CX, closureTop], [CX, s.hemY - 4], p.outline, 2.5));
    const step = shape === 'coat' ? 150 : 110;
    for (let y = closureTop + 40; y < s.hemY - hemBand - 40; y += step) over.push(button(CX + 24, y, shape === 'coat' ? 15 : 10, p, shape === 'denim-jacket'));
  } else if (s.closure === 'double') {
    over.push(line([CX + 60, closureTop], [CX + 60, s.hemY - 4], p.outline, 2.5));
    for (let y = closureTop + 30; y < (s.belt ?? s.hemY) - 40; y += 110) for (const dx of [-60, 50]) over.push(button(CX + dx, y, 13, p));
  } else if (s.closure === 'placket') {
    over.push(path(poly([[CX - 22, N[1] + 40], [CX + 22, N[1] + 40], [CX + 22, s.hemY + 2], [CX - 22, s.hemY + 2]]), p.outline, 2, p.fill));
    for (let y = N[1] + 80; y < s.hemY - 40; y += 105) over.push(button(CX, y, 9, p));
  }

  // Quilting channels with a puffed look.
  if (s.quilt) {
    for (let y = s.shoulderY + 70; y < s.hemY - 20; y += s.quilt) {
      inside.push(`<rect x="0" y="${y - s.quilt / 2}" width="${CANVAS_W}" height="${s.quilt}" fill="url(#puff)"/>`);
      inside.push(path(`M0 ${y + s.quilt / 2} Q${CX} ${y + s.quilt / 2 + 14} ${CANVAS_W} ${y + s.quilt / 2}`, p.seam, 3));
    }
  }
  // Ribbed hem and cuffs.
  if (s.rib) {
    const y0 = s.hemY - hemBand;
    over.push(path(poly([[CX - s.hemHalf + 2, y0], [CX + s.hemHalf - 2, y0], [CX + s.hemHalf - 2, s.hemY], [CX - s.hemHalf + 2, s.hemY]]), p.outline, 2.5, p.band));
    for (let x = CX - s.hemHalf + 14; x < CX + s.hemHalf - 8; x += 13) over.push(line([x, y0 + 6], [x, s.hemY - 6], p.outline, 1.2, ' opacity="0.3"'));
  }
  if (cuff) {
    const [co, ci] = cuff;
    const depth = s.rib ? 70 : s.sleeve === 'long' && (s.neck === 'shirt' || shape === 'denim-jacket') ? 60 : 0;
    for (const d of [-1, 1]) {
      const a: Pt = d > 0 ? co : mirror(co);
      const b: Pt = d > 0 ? ci : mirror(ci);
      if (depth > 0) {
        const ux = (S[0] - co[0]) / Math.hypot(S[0] - co[0], S[1] - co[1]);
        const uy = (S[1] - co[1]) / Math.hypot(S[0] - co[0], S[1] - co[1]);
        const dx = d * ux * depth;
        const dy = uy * depth;
        over.push(path(poly([a, b, [b[0] + dx, b[1] + dy], [a[0] + dx, a[1] + dy]]), p.outline, 2.5, p.band));
        if (s.rib) for (let i = 1; i < 8; i++) {
          const t = i / 8;
          over.push(line([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t], [a[0] + (b[0] - a[0]) * t + dx, a[1] + (b[1] - a[1]) * t + dy], p.outline, 1.2, ' opacity="0.3"'));
        }
        else over.push(button((a[0] + b[0]) / 2 + dx / 2, (a[1] + b[1]) / 2 + dy / 2, 7, p, shape === 'denim-jacket'));
      } else if (s.sleeve === 'long') {
        const dx = d * ((S[0] - co[0]) / 20);
        over.push(stitched(`M${f(a[0] + dx)} ${f(a[1] - 30)} L${f(b[0] + dx)} ${f(b[1] - 30)}`, p.stitch, 1.8));
      } else {
        over.push(stitched(`M${f(a[0] - d * 10)} ${f(a[1] - 20)} L${f(b[0] - d * 14)} ${f(b[1] - 10)}`, p.stitch, 1.8));
      }
    }
  }
  if (!s.rib && !s.skirt) inside.push(stitched(`M${CX - s.hemHalf + 6} ${s.hemY - 26} L${CX + s.hemHalf - 6} ${s.hemY - 26}`, p.stitch, 1.8));

  // Pockets.
  for (const d of [-1, 1]) {
    const x = (v: number) => CX + d * v;
    if (s.pockets === 'patch') {
      const top = s.hemY - (shape === 'parka' ? 360 : 250);
      const h = shape === 'parka' ? 190 : 150;
      over.push(path(poly([[x(60), top], [x(170), top], [x(170), top + h], [x(60), top + h]]), p.outline, 2.5, p.fill));
      if (shape === 'parka') over.push(path(poly([[x(54), top - 10], [x(176), top - 10], [x(176), top + 50], [x(54), top + 50]]), p.outline, 2.5, p.band), button(x(115), top + 30, 8, p));
      else over.push(stitched(`M${x(66)} ${top + 14} L${x(164)} ${top + 14}`, p.stitch, 1.6));
    } else if (s.pockets === 'welt') {
      const y = s.hemY - (s.rib ? 250 : 230);
      over.push(path(poly([[x(80), y], [x(150), y - 40], [x(158), y - 28], [x(88), y + 12]]), p.outline, 2.5, p.band));
    } else if (s.pockets === 'chest') {
      const top = s.shoulderY + 170;
      over.push(path(poly([[x(70), top], [x(170), top], [x(170), top + 120], [x(120), top + 140], [x(70), top + 120]]), p.outline, 2.5, p.fill));
      over.push(path(poly([[x(66), top - 8], [x(174), top - 8], [x(174), top + 36], [x(120), top + 54], [x(66), top + 36]]), p.outline, 2.5, p.band));
      over.push(button(x(120), top + 34, 9, p, true), stitched(`M${x(78)} ${top + 112} L${x(120)} ${top + 128} L${x(162)} ${top + 112}`, p.stitch, 1.6));
    } else if (s.pockets === 'chest-one' && d > 0) {
      const top = s.shoulderY + 190;
      over.push(path(poly([[x(70), top], [x(160), top], [x(160), top + 100], [x(115), top + 116], [x(70), top + 100]]), p.outline, 2.5, p.fill), stitched(`M${x(76)} ${top + 10} L${x(154)} ${top + 10}`, p.stitch, 1.6));
    }
  }
  if (s.pockets === 'kangaroo') {
    const top = s.hemY - 300;
    over.push(path(`M${CX - 150} ${top + 60} L${CX - 110} ${top} L${CX + 110} ${top} L${CX + 150} ${top + 60} L${CX + 170} ${top + 236} L${CX - 170} ${top + 236} Z`, p.outline, 2.5, p.fill));
    over.push(stitched(`M${CX - 140} ${top + 62} L${CX - 104} ${top + 10}`, p.stitch, 1.6), stitched(`M${CX + 140} ${top + 62} L${CX + 104} ${top + 10}`, p.stitch, 1.6));
  }
  // Yoke seam (shirts, denim jackets).
  if (s.yoke) {
    inside.push(path(`M${CX - s.bodyHalf} ${s.shoulderY + 120} Q${CX} ${s.shoulderY + 136} ${CX + s.bodyHalf} ${s.shoulderY + 120}`, p.seam, 3));
    if (shape === 'denim-jacket') {
      inside.push(stitched(`M${CX - s.bodyHalf} ${s.shoulderY + 132} Q${CX} ${s.shoulderY + 148} ${CX + s.bodyHalf} ${s.shoulderY + 132}`, p.stitch));
      for (const d of [-1, 1]) inside.push(stitched(`M${CX + d * 130} ${s.shoulderY + 300} L${CX + d * 120} ${s.hemY - 70}`, p.stitch), stitched(`M${CX + d * 142} ${s.shoulderY + 300} L${CX + d * 132} ${s.hemY - 70}`, p.stitch));
      const y0 = s.hemY - 70;
      over.push(path(poly([[CX - s.hemHalf, y0], [CX + s.hemHalf, y0], [CX + s.hemHalf, s.hemY], [CX - s.hemHalf, s.hemY]]), p.outline, 2.5, p.band), stitched(`M${CX - s.hemHalf + 8} ${y0 + 12} L${CX + s.hemHalf - 8} ${y0 + 12}`, p.stitch));
    }
  }
  // Belt.
  if (s.belt) {
    const y = s.belt;
    const half = s.skirt ? s.skirt.waistHalf + 4 : s.bodyHalf + 8;
    over.push(path(poly([[CX - half, y - 20], [CX + half, y - 20], [CX + half, y + 20], [CX - half, y + 20]]), p.outline, 2.5, p.band));
    if (shape === 'biker') over.push(`<rect x="${CX - 130}" y="${y - 16}" width="30" height="32" rx="4" fill="none" stroke="${p.metal}" stroke-width="6"/>`);
    else over.push(`<rect x="${CX - 26}" y="${y - 24}" width="52" height="48" rx="6" fill="none" stroke="${shape === 'dress' ? p.outline : p.metal}" stroke-width="6"/>`);
    if (shape === 'trench') over.push(path(`M${CX + 30} ${y + 18} C${CX + 60} ${y + 120} ${CX + 40} ${y + 200} ${CX + 70} ${y + 260}`, p.outline, 34), path(`M${CX + 30} ${y + 18} C${CX + 60} ${y + 120} ${CX + 40} ${y + 200} ${CX + 70} ${y + 260}`, p.band, 30));
  }
  // Skirt folds.
  if (s.skirt) {
    for (let i = -3; i <= 3; i++) {
      if (i === 0) continue;
      const x0 = CX + i * (s.skirt.waistHalf / 4);
      const x1 = CX + i * (s.hemHalf / 4);
      inside.push(path(`M${f(x0)} ${s.skirt.waistY + 30} Q${f((x0 + x1) / 2 + i * 6)} ${(s.skirt.waistY + s.hemY) / 2} ${f(x1)} ${s.hemY - 10}`, i % 2 ? '#000000' : '#ffffff', 6, 'none', ` opacity="${i % 2 ? 0.08 : 0.12}" filter="url(#soft)"`));
    }
  }
  // Knit cables down the front of sweaters and cardigans.
  if (shape === 'sweater') {
    for (const dx of [-90, 0, 90]) {
      for (let y = s.shoulderY + 120; y < s.hemY - 90; y += 44) {
        inside.push(path(`M${CX + dx - 18} ${y} C${CX + dx - 18} ${y + 22} ${CX + dx + 18} ${y + 22} ${CX + dx + 18} ${y + 44}`, p.seam, 4), path(`M${CX + dx + 18} ${y} C${CX + dx + 18} ${y + 22} ${CX + dx - 18} ${y + 22} ${CX + dx - 18} ${y + 44}`, p.seam, 4));
      }
      inside.push(line([CX + dx - 30, s.shoulderY + 110], [CX + dx - 30, s.hemY - 80], p.seam, 2), line([CX + dx + 30, s.shoulderY + 110], [CX + dx + 30, s.hemY - 80], p.seam, 2));
    }
  }
  const detailX = s.neck === 'strap' ? CX - 240 : CX - 270;
  const detailY = s.neck === 'hood' ? s.shoulderY - 210 : s.neck === 'turtle' || s.neck === 'stand' ? s.shoulderY - 150 : s.shoulderY - 80;
  return { behind, body, inside, over, detail: [detailX, detailY, 540], texture: s.texture };
}

// ---------- underwear ----------

function underwear(shape: GarmentShape, p: Palette): Parts {
  const behind: string[] = [];
  const inside: string[] = [];
  const over: string[] = [];
  if (shape === 'bra') {
    const bandTop = 640;
    const band = poly([[CX - 250, bandTop], [CX + 250, bandTop], [CX + 260, bandTop + 70], [CX - 260, bandTop + 70]]);
    const cup = (d: number) =>
      `M${CX + d * 12} ${bandTop + 10} C${CX + d * 20} 520 ${CX + d * 70} 420 ${CX + d * 140} 390 C${CX + d * 200} 430 ${CX + d * 250} 540 ${CX + d * 250} ${bandTop + 10} Z`;
    for (const d of [-1, 1]) {
      behind.push(path(`M${CX + d * 142} 392 C${CX + d * 150} 300 ${CX + d * 170} 220 ${CX + d * 190} 150`, p.outline, 12), path(`M${CX + d * 142} 392 C${CX + d * 150} 300 ${CX + d * 170} 220 ${CX + d * 190} 150`, p.band, 8));
      over.push(`<rect x="${CX + d * 168 - 12}" y="250" width="24" height="14" rx="3" fill="${p.metal}" transform="rotate(${d * 14} ${CX + d * 168} 257)"/>`);
    }
    const body = `${band} ${cup(-1)} ${cup(1)}`;
    for (const d of [-1, 1]) {
      inside.push(path(`M${CX + d * 40} ${bandTop} C${CX + d * 80} 520 ${CX + d * 110} 450 ${CX + d * 140} 392`, p.seam, 2.5));
      inside.push(`<ellipse cx="${CX + d * 150}" cy="540" rx="60" ry="80" fill="#ffffff" opacity="0.14" filter="url(#soft)"/>`);
      over.push(path(`M${CX + d * 140} 390 C${CX + d * 200} 430 ${CX + d * 250} 540 ${CX + d * 250} ${bandTop + 10}`, p.outline, 3));
      over.push(stitched(`M${CX + d * 30} ${bandTop - 4} C${CX + d * 60} 520 ${CX + d * 100} 430 ${CX + d * 140} 404`, p.stitch, 1.6));
    }
    over.push(stitched(`M${CX - 246} ${bandTop + 12} L${CX + 246} ${bandTop + 12}`, p.stitch, 1.6), stitched(`M${CX - 254} ${bandTop + 58} L${CX + 254} ${bandTop + 58}`, p.stitch, 1.6));
    over.push(`<path d="M${CX - 14} ${bandTop - 6} q14 -14 28 0 q-14 14 -28 0 Z" fill="${p.band}" stroke="${p.outline}" stroke-width="2"/>`);
    return { behind, body, inside, over, detail: [CX - 250, 330, 500], texture: 'lace' };
  }
  if (shape === 'briefs') {
    const top = 380;
    const body = `M${CX - 250} ${top} L${CX + 250} ${top} L${CX + 252} ${top + 60} C${CX + 230} ${top + 200} ${CX + 120} ${top + 330} ${CX + 70} ${top + 420} L${CX - 70} ${top + 420} C${CX - 120} ${top + 330} ${CX - 230} ${top + 200} ${CX - 252} ${top + 60} Z`;
    over.push(path(poly([[CX - 250, top], [CX + 250, top], [CX + 252, top + 60], [CX - 252, top + 60]]), p.outline, 2.5, p.band));
    for (let x = CX - 236; x < CX + 240; x += 14) over.push(line([x, top + 8], [x, top + 52], p.outline, 1.1, ' opacity="0.25"'));
    for (const d of [-1, 1]) {
      inside.push(stitched(`M${CX + d * 246} ${top + 74} C${CX + d * 222} ${top + 206} ${CX + d * 114} ${top + 326} ${CX + d * 66} ${top + 406}`, p.stitch, 1.8));
      inside.push(path(`M${CX + d * 70} ${top + 420} C${CX + d * 80} ${top + 300} ${CX + d * 90} ${top + 200} ${CX + d * 60} ${top + 60}`, p.seam, 2.5));
    }
    inside.push(`<ellipse cx="${CX}" cy="${top + 180}" rx="90" ry="90" fill="#ffffff" opacity="0.12" filter="url(#soft)"/>`);
    return { behind, body, inside, over, detail: [CX - 240, top - 60, 480], texture: 'rib' };
  }
  if (shape === 'boxers') {
    const top = 300;
    const body = `M${CX - 240} ${top} L${CX + 240} ${top} L${CX + 248} ${top + 80} L${CX + 262} ${top + 560} L${CX + 30} ${top + 580} L${CX} ${top + 400} L${CX - 30} ${top + 580} L${CX - 262} ${top + 560} L${CX - 248} ${top + 80} Z`;
    over.push(path(poly([[CX - 240, top], [CX + 240, top], [CX + 248, top + 80], [CX - 248, top + 80]]), p.outline, 2.5, p.inside));
    over.push(`<rect x="${CX - 70}" y="${top + 26}" width="140" height="28" rx="4" fill="#ffffff" opacity="0.8"/>`, `<rect x="${CX - 54}" y="${top + 36}" width="108" height="8" rx="2" fill="${p.inside}"/>`);
    inside.push(path(`M${CX - 90} ${top + 80} C${CX - 100} ${top + 260} ${CX - 40} ${top + 380} ${CX} ${top + 400} C${CX + 40} ${top + 380} ${CX + 100} ${top + 260} ${CX + 90} ${top + 80}`, p.seam, 3));
    inside.push(stitched(`M${CX - 78} ${top + 84} C${CX - 88} ${top + 254} ${CX - 32} ${top + 368} ${CX} ${top + 386}`, p.stitch, 1.8));
    for (const d of [-1, 1]) {
      inside.push(stitched(`M${CX + d * 258} ${top + 530} L${CX + d * 36} ${top + 550}`, p.stitch, 1.8));
      inside.push(line([CX + d * 252, top + 90], [CX + d * 262, top + 550], p.seam, 2.5));
      inside.push(`<ellipse cx="${CX + d * 150}" cy="${top + 300}" rx="70" ry="150" fill="#ffffff" opacity="0.1" filter="url(#soft)"/>`);
    }
    return { behind, body, inside, over, detail: [CX - 260, top - 50, 520], texture: 'smooth' };
  }
  // Socks: two socks side by side, toes to the right.
  const sock = (x: number, y: number) =>
    `M${x} ${y} L${x + 150} ${y} L${x + 150} ${y + 520} C${x + 150} ${y + 560} ${x + 170} ${y + 580} ${x + 230} ${y + 590} C${x + 300} ${y + 600} ${x + 310} ${y + 700} ${x + 240} ${y + 710} L${x + 60} ${y + 720} C${x - 10} ${y + 720} ${x - 20} ${y + 640} ${x} ${y + 580} Z`;
  const body = `${sock(CX - 260, 180)} ${sock(CX + 20, 240)}`;
  for (const [x, y] of [[CX - 260, 180], [CX + 20, 240]] as const) {
    over.push(path(poly([[x, y], [x + 150, y], [x + 150, y + 110], [x, y + 110]]), p.outline, 2.5, p.band));
    for (let i = x + 12; i < x + 146; i += 12) over.push(line([i, y + 8], [i, y + 102], p.outline, 1.2, ' opacity="0.3"'));
    over.push(path(`M${x + 230} ${y + 590} C${x + 300} ${y + 600} ${x + 310} ${y + 700} ${x + 240} ${y + 710} C${x + 250} ${y + 680} ${x + 250} ${y + 620} ${x + 230} ${y + 590} Z`, p.outline, 2.5, p.band));
    over.push(path(`M${x} ${y + 580} C${x - 20} ${y + 640} ${x - 10} ${y + 720} ${x + 60} ${y + 720} C${x + 40} ${y + 690} ${x + 20} ${y + 640} ${x} ${y + 580} Z`, p.outline, 2.5, p.band));
  }
  return { behind, body, inside, over, detail: [CX - 280, 160, 560], texture: 'knit' };
}

// ---------- composition ----------

function textureDefs(kind: Texture, p: Palette): string {
  switch (kind) {
    case 'denim':
      return `<pattern id="tex" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(-35)"><rect width="8" height="8" fill="none"/><line x1="0" y1="2" x2="8" y2="2" stroke="#ffffff" stroke-width="1.4" opacity="0.14"/><line x1="0" y1="6" x2="8" y2="6" stroke="#000000" stroke-width="1" opacity="0.12"/></pattern>`;
    case 'twill':
      return `<pattern id="tex" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="3" x2="6" y2="3" stroke="#000000" stroke-width="1" opacity="0.08"/></pattern>`;
    case 'rib':
      return `<pattern id="tex" width="10" height="10" patternUnits="userSpaceOnUse"><line x1="3" y1="0" x2="3" y2="10" stroke="#000000" stroke-width="2" opacity="0.07"/><line x1="8" y1="0" x2="8" y2="10" stroke="#ffffff" stroke-width="1.5" opacity="0.07"/></pattern>`;
    case 'knit':
      return `<pattern id="tex" width="14" height="12" patternUnits="userSpaceOnUse"><path d="M0 0 L7 8 L14 0" stroke="#000000" stroke-width="1.6" fill="none" opacity="0.12"/><path d="M0 4 L7 12 L14 4" stroke="#ffffff" stroke-width="1.2" fill="none" opacity="0.1"/></pattern>`;
    case 'lace':
      return `<pattern id="tex" width="24" height="24" patternUnits="userSpaceOnUse"><circle cx="12" cy="12" r="7" stroke="${p.seam}" stroke-width="1.4" fill="none" opacity="0.55"/><circle cx="0" cy="0" r="4" stroke="${p.seam}" stroke-width="1.2" fill="none" opacity="0.5"/><circle cx="24" cy="24" r="4" stroke="${p.seam}" stroke-width="1.2" fill="none" opacity="0.5"/></pattern>`;
    default:
      return `<pattern id="tex" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="4" height="4" fill="none"/></pattern>`;
  }
}

function partsOf(shape: GarmentShape, p: Palette): Parts {
  const legs = LEGS[shape];
  if (legs) return bottoms(shape, legs, p);
  if (shape === 'skirt') {
    const top = 190;
    const body = `M${CX - 175} ${top} L${CX + 175} ${top} L${CX + 180} ${top + 60} L${CX + 290} ${1010} Q${CX} ${1040} ${CX - 290} ${1010} L${CX - 180} ${top + 60} Z`;
    const over = [path(poly([[CX - 175, top], [CX + 175, top], [CX + 180, top + 60], [CX - 180, top + 60]]), p.outline, 2.5, p.band)];
    const inside: string[] = [];
    for (let i = -9; i <= 9; i++) {
      const x0 = CX + i * 19;
      const x1 = CX + i * 31;
      inside.push(line([x0, top + 62], [x1, 1016 - Math.abs(i) * 1.5], i % 2 ? '#000000' : '#ffffff', 3, ` opacity="${i % 2 ? 0.13 : 0.16}"`));
    }
    return { behind: [], body, inside, over, detail: [CX - 240, top - 40, 480], texture: 'smooth' };
  }
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
  const viewBox = input.view === 'detail' ? `${dx} ${dy} ${dw} ${f((dw * 4) / 3)}` : `0 0 ${CANVAS_W} ${CANVAS_H}`;
  const bgTop = input.view === 'detail' ? '#efece7' : '#f5f3ef';
  const bgBottom = input.view === 'detail' ? '#e3dfd8' : '#e9e5df';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pw}" height="${f((pw * CANVAS_H) / CANVAS_W)}" viewBox="${viewBox}">`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></linearGradient>`,
    '<linearGradient id="light" x1="0" y1="0" x2="1" y2="0.25"><stop offset="0" stop-color="#ffffff" stop-opacity="0.2"/><stop offset="0.38" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.62" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.24"/></linearGradient>',
    '<linearGradient id="drop" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.06"/><stop offset="1" stop-color="#000000" stop-opacity="0.12"/></linearGradient>',
    '<linearGradient id="puff" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000000" stop-opacity="0.2"/><stop offset="0.35" stop-color="#ffffff" stop-opacity="0.12"/><stop offset="0.6" stop-color="#ffffff" stop-opacity="0.06"/><stop offset="1" stop-color="#000000" stop-opacity="0.22"/></linearGradient>',
    '<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="18"/></filter>',
    '<filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="14"/></filter>',
    textureDefs(parts.texture, p),
    `<clipPath id="cut"><path d="${parts.body}" fill-rule="nonzero"/></clipPath>`,
    '</defs>',
    `<rect x="-400" y="-400" width="${CANVAS_W + 800}" height="${CANVAS_H + 800}" fill="url(#bg)"/>`,
    `<ellipse cx="${CX}" cy="${CANVAS_H - 70}" rx="300" ry="26" fill="#000000" opacity="0.08" filter="url(#soft)"/>`,
    `<g opacity="0.22" filter="url(#shadow)" transform="translate(10 16)"><path d="${parts.body}" fill="#3a3530"/></g>`,
    ...parts.behind,
    `<path d="${parts.body}" fill="${p.fill}"/>`,
    '<g clip-path="url(#cut)">',
    `<rect x="0" y="0" width="${CANVAS_W}" height="${CANVAS_H}" fill="url(#tex)"/>`,
    ...parts.inside,
    `<rect x="0" y="0" width="${CANVAS_W}" height="${CANVAS_H}" fill="url(#drop)"/>`,
    '</g>',
    `<path d="${parts.body}" fill="url(#light)"/>`,
    `<path d="${parts.body}" fill="none" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"/>`,
    ...parts.over,
    '</svg>',
  ].join('\n');
}
