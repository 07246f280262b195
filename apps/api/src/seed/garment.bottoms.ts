// Drawings of jeans, trousers and skirts (see garment.svg.ts).
import type { GarmentShape } from './seed.catalog-data.ts';
import {
  CX,
  f,
  line,
  mirror,
  path,
  poly,
  stitched,
  button,
  type Palette,
  type Parts,
  type Pt,
} from './garment.kit.ts';

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

// prettier-ignore
export const LEGS: Partial<Record<GarmentShape, LegSpec>> = {
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

/** Jeans and trousers: waistband, fly, pockets, creases or fades, hems (cuffs for joggers and chinos). */
export function bottoms(shape: GarmentShape, s: LegSpec, p: Palette): Parts {
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
  const band = poly([
    [CX - s.waist, WAIST_Y],
    [CX + s.waist, WAIST_Y],
    [CX + s.waist + 4, bandBottom],
    [CX - s.waist - 4, bandBottom],
  ]);
  over.push(path(band, p.outline, 2.5, p.band));
  if (isJoggers) {
    for (let x = CX - s.waist + 14; x < CX + s.waist - 8; x += 16)
      inside.push(line([x, WAIST_Y + 6], [x + 2, bandBottom - 6], p.outline, 1.5, ' opacity="0.35"'));
    over.push(
      ...[-1, 1].map(
        (d) =>
          path(
            `M${CX + d * 14} ${WAIST_Y + 40} C${CX + d * 24} ${WAIST_Y + 120} ${CX + d * 6} ${WAIST_Y + 170} ${CX + d * 30} ${WAIST_Y + 240}`,
            p.inside,
            7,
          ) +
          `<rect x="${CX + d * 30 - 5}" y="${WAIST_Y + 236}" width="10" height="22" rx="3" fill="${p.metal}"/>`,
      ),
    );
    over.push(
      `<circle cx="${CX - 14}" cy="${WAIST_Y + 40}" r="6" fill="${p.inside}"/><circle cx="${CX + 14}" cy="${WAIST_Y + 40}" r="6" fill="${p.inside}"/>`,
    );
  } else {
    over.push(stitched(`M${CX - s.waist + 6} ${WAIST_Y + 8} L${CX + s.waist - 6} ${WAIST_Y + 8}`, p.stitch));
    over.push(
      stitched(`M${CX - s.waist - 2} ${bandBottom - 8} L${CX + s.waist + 2} ${bandBottom - 8}`, p.stitch),
    );
    for (const x of [CX - s.waist + 28, CX - s.waist * 0.42, CX + s.waist * 0.42, CX + s.waist - 28]) {
      over.push(
        `<rect x="${f(x - 8)}" y="${WAIST_Y - 8}" width="16" height="${bandH + 18}" rx="3" fill="${p.band}" stroke="${p.outline}" stroke-width="2"/>`,
      );
    }
    over.push(button(CX, WAIST_Y + bandH / 2, isJeans ? 13 : 9, p, isJeans));
  }
  // Fly and centre seam.
  if (!isJoggers) {
    inside.push(line([CX, bandBottom], [CX, s.crotchY - 10], p.seam, 3));
    inside.push(
      stitched(
        `M${CX + 26} ${bandBottom} L${CX + 26} ${s.crotchY - 90} Q${CX + 26} ${s.crotchY - 45} ${CX + 2} ${s.crotchY - 30}`,
        p.stitch,
      ),
    );
  } else {
    inside.push(line([CX, bandBottom], [CX, s.crotchY - 10], p.seam, 2.5));
  }
  // Pockets.
  for (const d of [-1, 1]) {
    const sx = (x: number) => CX + d * x;
    if (isJeans) {
      const pocket = `M${f(sx(s.waist - 70))} ${bandBottom} Q${f(sx(s.waist - 60))} ${bandBottom + 95} ${f(sx(s.hip - 4))} ${bandBottom + 115}`;
      inside.push(
        path(pocket, p.seam, 3),
        stitched(
          `M${f(sx(s.waist - 82))} ${bandBottom} Q${f(sx(s.waist - 72))} ${bandBottom + 108} ${f(sx(s.hip - 6))} ${bandBottom + 128}`,
          p.stitch,
        ),
      );
      over.push(
        `<circle cx="${f(sx(s.waist - 68))}" cy="${bandBottom + 6}" r="5" fill="${p.metal}"/>`,
        `<circle cx="${f(sx(s.hip - 8))}" cy="${bandBottom + 112}" r="5" fill="${p.metal}"/>`,
      );
    } else if (shape === 'cargo') {
      inside.push(line([sx(s.waist - 45), bandBottom], [sx(s.hip - 6), bandBottom + 110], p.seam, 3));
      const x0 = sx(s.kneeOut - 8);
      const x1 = sx(s.kneeOut - 118);
      const [l, r] = d > 0 ? [x1, x0] : [x0, x1];
      over.push(
        path(
          poly([
            [l, 500],
            [r, 500],
            [r, 660],
            [l, 660],
          ]),
          p.outline,
          2.5,
          p.fill,
        ),
      );
      over.push(
        path(
          poly([
            [l - 4, 490],
            [r + 4, 490],
            [r + 4, 545],
            [l - 4, 545],
          ]),
          p.outline,
          2.5,
          p.band,
        ),
      );
      over.push(stitched(`M${l + 8} 650 L${r - 8} 650`, p.stitch), button((l + r) / 2, 530, 8, p));
    } else {
      inside.push(line([sx(s.waist - 45), bandBottom], [sx(s.hip - 6), bandBottom + 120], p.seam, 3));
      inside.push(
        stitched(
          `M${f(sx(s.waist - 55))} ${bandBottom} L${f(sx(s.hip - 14))} ${bandBottom + 126}`,
          p.stitch,
          1.8,
        ),
      );
    }
  }
  // Legs: creases, knee fades, hems, inner seams.
  for (const d of [-1, 1]) {
    const mid = (a: number, b: number) => CX + (d * (a + b)) / 2;
    if (shape === 'trousers-classic' || shape === 'trousers-wide') {
      inside.push(
        line(
          [mid(s.hip * 0.9, 0), bandBottom + 20],
          [mid(s.hemOut, s.hemIn), s.hemY - 10],
          '#ffffff',
          3,
          ' opacity="0.28"',
        ),
      );
      inside.push(
        line(
          [mid(s.hip * 0.9, 0) + 3, bandBottom + 20],
          [mid(s.hemOut, s.hemIn) + 3, s.hemY - 10],
          p.seam,
          1.5,
          ' opacity="0.6"',
        ),
      );
    }
    if (isJeans) {
      inside.push(
        `<ellipse cx="${f(mid(s.hip, s.kneeIn))}" cy="520" rx="${f((s.hip - s.kneeIn) * 0.5)}" ry="220" fill="url(#glow)" opacity="0.8"/>`,
      );
      for (let i = 0; i < 4; i++) {
        const y = s.crotchY - 40 + i * 20;
        inside.push(
          path(
            `M${f(CX + d * (s.kneeIn + 14))} ${y + 30} q${d * 30} ${-6 - i * 2} ${d * (64 - i * 9)} ${-22 - i * 4}`,
            '#ffffff',
            2.5,
            'none',
            ' opacity="0.12"',
          ),
        );
      }
    }
    if (isJoggers) {
      const cuff = poly([
        [CX + d * s.hemOut, s.hemY - 70],
        [CX + d * s.hemIn, s.hemY - 66],
        [CX + d * s.hemIn, s.hemY + 4],
        [CX + d * s.hemOut, s.hemY],
      ]);
      over.push(path(cuff, p.outline, 2.5, p.band));
      for (let x = Math.min(s.hemIn, s.hemOut) + 10; x < Math.max(s.hemIn, s.hemOut) - 4; x += 12) {
        over.push(
          line([CX + d * x, s.hemY - 60], [CX + d * x, s.hemY - 6], p.outline, 1.2, ' opacity="0.35"'),
        );
      }
    } else if (shape === 'chinos' || shape === 'jeans-cropped') {
      const cuff = poly([
        [CX + d * (s.hemOut + 3), s.hemY - 46],
        [CX + d * (s.hemIn - 3), s.hemY - 42],
        [CX + d * (s.hemIn - 3), s.hemY + 4],
        [CX + d * (s.hemOut + 3), s.hemY],
      ]);
      over.push(path(cuff, p.outline, 2.5, p.band));
    } else {
      inside.push(
        stitched(`M${CX + d * s.hemOut} ${s.hemY - 26} L${CX + d * s.hemIn} ${s.hemY - 22}`, p.stitch),
      );
    }
    inside.push(
      stitched(
        `M${f(CX + d * (s.kneeIn + 10))} ${KNEE_Y} L${f(CX + d * (s.hemIn + 10))} ${s.hemY - 30}`,
        p.stitch,
        1.8,
      ),
    );
  }
  inside.push(`<ellipse cx="${CX}" cy="${KNEE_Y}" rx="300" ry="90" fill="url(#dim)" opacity="0.35"/>`);
  return {
    behind: [],
    body,
    inside,
    over,
    detail: [CX - 30 - 285, WAIST_Y - 50, 540],
    texture: isJeans
      ? 'denim'
      : isJoggers
        ? 'rib'
        : shape === 'cargo' || shape === 'chinos'
          ? 'twill'
          : 'smooth',
  };
}

/** A pleated midi skirt. */
export function skirt(p: Palette): Parts {
  const top = 190;
  const body = `M${CX - 175} ${top} L${CX + 175} ${top} L${CX + 180} ${top + 60} L${CX + 290} ${1010} Q${CX} ${1040} ${CX - 290} ${1010} L${CX - 180} ${top + 60} Z`;
  const over = [
    path(
      poly([
        [CX - 175, top],
        [CX + 175, top],
        [CX + 180, top + 60],
        [CX - 180, top + 60],
      ]),
      p.outline,
      2.5,
      p.band,
    ),
  ];
  const inside: string[] = [];
  for (let i = -9; i <= 9; i++) {
    const x0 = CX + i * 19;
    const x1 = CX + i * 31;
    inside.push(
      line(
        [x0, top + 62],
        [x1, 1016 - Math.abs(i) * 1.5],
        i % 2 ? '#000000' : '#ffffff',
        3,
        ` opacity="${i % 2 ? 0.13 : 0.16}"`,
      ),
    );
  }
  return { behind: [], body, inside, over, detail: [CX - 240, top - 40, 480], texture: 'smooth' };
}
