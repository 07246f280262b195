// Drawings of tops, knitwear, dresses and outerwear (see garment.svg.ts).
import type { GarmentShape } from './seed.catalog-data.ts';
import {
  CANVAS_W,
  CX,
  button,
  f,
  line,
  mirror,
  path,
  poly,
  stitched,
  symmetric,
  type Palette,
  type Parts,
  type Pt,
} from './garment.kit.ts';
import { drawNeckline } from './garment.necklines.ts';
import { drawTrims } from './garment.trims.ts';
import type { TopDraw, TopSpec } from './garment.top-spec.ts';

// prettier-ignore
export const TOPS: Partial<Record<GarmentShape, TopSpec>> = {
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

/** Tops, knitwear, dresses and outerwear from a {@link TopSpec}: sleeves, neckline, closure, pockets, quilting, belt. */
export function tops(shape: GarmentShape, s: TopSpec, p: Palette): Parts {
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
      over.push(
        path(
          `M${f(CX + d * (S[0] - CX))} ${S[1]} Q${f(CX + d * (s.bodyHalf - 50))} ${s.armpitY - 30} ${f(CX + d * s.bodyHalf)} ${s.armpitY}`,
          p.seam,
          3,
        ),
      );
    }
  } else {
    for (const d of [-1, 1]) {
      inside.push(
        path(
          `M${f(CX + d * (S[0] - CX))} ${S[1]} Q${f(CX + d * (s.bodyHalf - 10))} ${(S[1] + A[1]) / 2} ${f(CX + d * s.bodyHalf)} ${s.armpitY}`,
          p.seam,
          3,
        ),
      );
      inside.push(
        path(
          `M${f(CX + d * (s.bodyHalf + 40))} ${s.armpitY + 60} q${d * 30} 50 ${d * 12} 110`,
          '#000000',
          3,
          'none',
          ' opacity="0.1"',
        ),
      );
    }
  }

  const d: TopDraw = { shape, s, p, N, S, A, neckBottomY, cuff, behind, inside, over };
  drawNeckline(d);
  drawClosureAndHems(d);
  drawTrims(d);
  const detailX = s.neck === 'strap' ? CX - 240 : CX - 270;
  const detailY =
    s.neck === 'hood'
      ? s.shoulderY - 210
      : s.neck === 'turtle' || s.neck === 'stand'
        ? s.shoulderY - 150
        : s.shoulderY - 80;
  return { behind, body, inside, over, detail: [detailX, detailY, 540], texture: s.texture };
}

/** Front closure (zip, buttons, placket), quilting, ribbed hem and cuffs, hem stitching. */
export function drawClosureAndHems(d: TopDraw): void {
  const { shape, s, p, N, S, neckBottomY, cuff, inside, over } = d;
  // Closures down the front.
  const closureTop =
    s.neck === 'lapel'
      ? s.shoulderY - 12 + s.neckDepth
      : s.neck === 'stand'
        ? s.shoulderY - 95
        : s.neck === 'hood'
          ? neckBottomY + 4
          : N[1] + 40;
  const hemBand = s.rib ? 64 : 0;
  if (s.closure === 'zip') {
    const x = shape === 'biker' ? CX + 70 : CX;
    over.push(
      line([x, closureTop + 4], [s.neck === 'lapel' ? CX + 20 : x, s.hemY - 4], p.outline, 12),
      line(
        [x, closureTop + 4],
        [s.neck === 'lapel' ? CX + 20 : x, s.hemY - 4],
        p.metal,
        6,
        ' stroke-dasharray="3 3"',
      ),
    );
    over.push(
      `<rect x="${x - 9}" y="${closureTop + 8}" width="18" height="40" rx="5" fill="${p.metal}" stroke="${p.outline}" stroke-width="2"/>`,
    );
  } else if (s.closure === 'buttons') {
    over.push(line([CX, closureTop], [CX, s.hemY - 4], p.outline, 2.5));
    const step = shape === 'coat' ? 150 : 110;
    for (let y = closureTop + 40; y < s.hemY - hemBand - 40; y += step)
      over.push(button(CX + 24, y, shape === 'coat' ? 15 : 10, p, shape === 'denim-jacket'));
  } else if (s.closure === 'double') {
    over.push(line([CX + 60, closureTop], [CX + 60, s.hemY - 4], p.outline, 2.5));
    for (let y = closureTop + 30; y < (s.belt ?? s.hemY) - 40; y += 110)
      for (const dx of [-60, 50]) over.push(button(CX + dx, y, 13, p));
  } else if (s.closure === 'placket') {
    over.push(
      path(
        poly([
          [CX - 22, N[1] + 40],
          [CX + 22, N[1] + 40],
          [CX + 22, s.hemY + 2],
          [CX - 22, s.hemY + 2],
        ]),
        p.outline,
        2,
        p.fill,
      ),
    );
    for (let y = N[1] + 80; y < s.hemY - 40; y += 105) over.push(button(CX, y, 9, p));
  }

  // Quilting channels with a puffed look.
  if (s.quilt) {
    for (let y = s.shoulderY + 70; y < s.hemY - 20; y += s.quilt) {
      inside.push(
        `<rect x="0" y="${y - s.quilt / 2}" width="${CANVAS_W}" height="${s.quilt}" fill="url(#puff)"/>`,
      );
      inside.push(
        path(
          `M0 ${y + s.quilt / 2} Q${CX} ${y + s.quilt / 2 + 14} ${CANVAS_W} ${y + s.quilt / 2}`,
          p.seam,
          3,
        ),
      );
    }
  }
  // Ribbed hem and cuffs.
  if (s.rib) {
    const y0 = s.hemY - hemBand;
    over.push(
      path(
        poly([
          [CX - s.hemHalf + 2, y0],
          [CX + s.hemHalf - 2, y0],
          [CX + s.hemHalf - 2, s.hemY],
          [CX - s.hemHalf + 2, s.hemY],
        ]),
        p.outline,
        2.5,
        p.band,
      ),
    );
    for (let x = CX - s.hemHalf + 14; x < CX + s.hemHalf - 8; x += 13)
      over.push(line([x, y0 + 6], [x, s.hemY - 6], p.outline, 1.2, ' opacity="0.3"'));
  }
  if (cuff) {
    const [co, ci] = cuff;
    const depth = s.rib
      ? 70
      : s.sleeve === 'long' && (s.neck === 'shirt' || shape === 'denim-jacket')
        ? 60
        : 0;
    for (const d of [-1, 1]) {
      const a: Pt = d > 0 ? co : mirror(co);
      const b: Pt = d > 0 ? ci : mirror(ci);
      if (depth > 0) {
        const ux = (S[0] - co[0]) / Math.hypot(S[0] - co[0], S[1] - co[1]);
        const uy = (S[1] - co[1]) / Math.hypot(S[0] - co[0], S[1] - co[1]);
        const dx = d * ux * depth;
        const dy = uy * depth;
        over.push(path(poly([a, b, [b[0] + dx, b[1] + dy], [a[0] + dx, a[1] + dy]]), p.outline, 2.5, p.band));
        if (s.rib)
          for (let i = 1; i < 8; i++) {
            const t = i / 8;
            over.push(
              line(
                [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t],
                [a[0] + (b[0] - a[0]) * t + dx, a[1] + (b[1] - a[1]) * t + dy],
                p.outline,
                1.2,
                ' opacity="0.3"',
              ),
            );
          }
        else
          over.push(
            button((a[0] + b[0]) / 2 + dx / 2, (a[1] + b[1]) / 2 + dy / 2, 7, p, shape === 'denim-jacket'),
          );
      } else if (s.sleeve === 'long') {
        const dx = d * ((S[0] - co[0]) / 20);
        over.push(
          stitched(`M${f(a[0] + dx)} ${f(a[1] - 30)} L${f(b[0] + dx)} ${f(b[1] - 30)}`, p.stitch, 1.8),
        );
      } else {
        over.push(
          stitched(
            `M${f(a[0] - d * 10)} ${f(a[1] - 20)} L${f(b[0] - d * 14)} ${f(b[1] - 10)}`,
            p.stitch,
            1.8,
          ),
        );
      }
    }
  }
  if (!s.rib && !s.skirt)
    inside.push(
      stitched(`M${CX - s.hemHalf + 6} ${s.hemY - 26} L${CX + s.hemHalf - 6} ${s.hemY - 26}`, p.stitch, 1.8),
    );
}
