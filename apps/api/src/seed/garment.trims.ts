// Pockets, yokes, belts, skirt folds and knit cables of the tops (see garment.tops.ts).
import { CX, button, f, line, path, poly, stitched } from './garment.kit.ts';
import type { TopDraw } from './garment.top-spec.ts';

/** Pockets, yoke, belt, skirt folds and cables of a top, as its spec asks. */
export function drawTrims(d: TopDraw): void {
  const { shape, s, p, inside, over } = d;
  // Pockets.
  for (const d of [-1, 1]) {
    const x = (v: number) => CX + d * v;
    if (s.pockets === 'patch') {
      const top = s.hemY - (shape === 'parka' ? 360 : 250);
      const h = shape === 'parka' ? 190 : 150;
      over.push(
        path(
          poly([
            [x(60), top],
            [x(170), top],
            [x(170), top + h],
            [x(60), top + h],
          ]),
          p.outline,
          2.5,
          p.fill,
        ),
      );
      if (shape === 'parka')
        over.push(
          path(
            poly([
              [x(54), top - 10],
              [x(176), top - 10],
              [x(176), top + 50],
              [x(54), top + 50],
            ]),
            p.outline,
            2.5,
            p.band,
          ),
          button(x(115), top + 30, 8, p),
        );
      else over.push(stitched(`M${x(66)} ${top + 14} L${x(164)} ${top + 14}`, p.stitch, 1.6));
    } else if (s.pockets === 'welt') {
      const y = s.hemY - (s.rib ? 250 : 230);
      over.push(
        path(
          poly([
            [x(80), y],
            [x(150), y - 40],
            [x(158), y - 28],
            [x(88), y + 12],
          ]),
          p.outline,
          2.5,
          p.band,
        ),
      );
    } else if (s.pockets === 'chest') {
      const top = s.shoulderY + 170;
      over.push(
        path(
          poly([
            [x(70), top],
            [x(170), top],
            [x(170), top + 120],
            [x(120), top + 140],
            [x(70), top + 120],
          ]),
          p.outline,
          2.5,
          p.fill,
        ),
      );
      over.push(
        path(
          poly([
            [x(66), top - 8],
            [x(174), top - 8],
            [x(174), top + 36],
            [x(120), top + 54],
            [x(66), top + 36],
          ]),
          p.outline,
          2.5,
          p.band,
        ),
      );
      over.push(
        button(x(120), top + 34, 9, p, true),
        stitched(`M${x(78)} ${top + 112} L${x(120)} ${top + 128} L${x(162)} ${top + 112}`, p.stitch, 1.6),
      );
    } else if (s.pockets === 'chest-one' && d > 0) {
      const top = s.shoulderY + 190;
      over.push(
        path(
          poly([
            [x(70), top],
            [x(160), top],
            [x(160), top + 100],
            [x(115), top + 116],
            [x(70), top + 100],
          ]),
          p.outline,
          2.5,
          p.fill,
        ),
        stitched(`M${x(76)} ${top + 10} L${x(154)} ${top + 10}`, p.stitch, 1.6),
      );
    }
  }
  if (s.pockets === 'kangaroo') {
    const top = s.hemY - 300;
    over.push(
      path(
        `M${CX - 150} ${top + 60} L${CX - 110} ${top} L${CX + 110} ${top} L${CX + 150} ${top + 60} L${CX + 170} ${top + 236} L${CX - 170} ${top + 236} Z`,
        p.outline,
        2.5,
        p.fill,
      ),
    );
    over.push(
      stitched(`M${CX - 140} ${top + 62} L${CX - 104} ${top + 10}`, p.stitch, 1.6),
      stitched(`M${CX + 140} ${top + 62} L${CX + 104} ${top + 10}`, p.stitch, 1.6),
    );
  }
  // Yoke seam (shirts, denim jackets).
  if (s.yoke) {
    inside.push(
      path(
        `M${CX - s.bodyHalf} ${s.shoulderY + 120} Q${CX} ${s.shoulderY + 136} ${CX + s.bodyHalf} ${s.shoulderY + 120}`,
        p.seam,
        3,
      ),
    );
    if (shape === 'denim-jacket') {
      inside.push(
        stitched(
          `M${CX - s.bodyHalf} ${s.shoulderY + 132} Q${CX} ${s.shoulderY + 148} ${CX + s.bodyHalf} ${s.shoulderY + 132}`,
          p.stitch,
        ),
      );
      for (const d of [-1, 1])
        inside.push(
          stitched(`M${CX + d * 130} ${s.shoulderY + 300} L${CX + d * 120} ${s.hemY - 70}`, p.stitch),
          stitched(`M${CX + d * 142} ${s.shoulderY + 300} L${CX + d * 132} ${s.hemY - 70}`, p.stitch),
        );
      const y0 = s.hemY - 70;
      over.push(
        path(
          poly([
            [CX - s.hemHalf, y0],
            [CX + s.hemHalf, y0],
            [CX + s.hemHalf, s.hemY],
            [CX - s.hemHalf, s.hemY],
          ]),
          p.outline,
          2.5,
          p.band,
        ),
        stitched(`M${CX - s.hemHalf + 8} ${y0 + 12} L${CX + s.hemHalf - 8} ${y0 + 12}`, p.stitch),
      );
    }
  }
  // Belt.
  if (s.belt) {
    const y = s.belt;
    const half = s.skirt ? s.skirt.waistHalf + 4 : s.bodyHalf + 8;
    over.push(
      path(
        poly([
          [CX - half, y - 20],
          [CX + half, y - 20],
          [CX + half, y + 20],
          [CX - half, y + 20],
        ]),
        p.outline,
        2.5,
        p.band,
      ),
    );
    if (shape === 'biker')
      over.push(
        `<rect x="${CX - 130}" y="${y - 16}" width="30" height="32" rx="4" fill="none" stroke="${p.metal}" stroke-width="6"/>`,
      );
    else
      over.push(
        `<rect x="${CX - 26}" y="${y - 24}" width="52" height="48" rx="6" fill="none" stroke="${shape === 'dress' ? p.outline : p.metal}" stroke-width="6"/>`,
      );
    if (shape === 'trench')
      over.push(
        path(
          `M${CX + 30} ${y + 18} C${CX + 60} ${y + 120} ${CX + 40} ${y + 200} ${CX + 70} ${y + 260}`,
          p.outline,
          34,
        ),
        path(
          `M${CX + 30} ${y + 18} C${CX + 60} ${y + 120} ${CX + 40} ${y + 200} ${CX + 70} ${y + 260}`,
          p.band,
          30,
        ),
      );
  }
  // Skirt folds.
  if (s.skirt) {
    for (let i = -3; i <= 3; i++) {
      if (i === 0) continue;
      const x0 = CX + i * (s.skirt.waistHalf / 4);
      const x1 = CX + i * (s.hemHalf / 4);
      inside.push(
        path(
          `M${f(x0)} ${s.skirt.waistY + 30} Q${f((x0 + x1) / 2 + i * 6)} ${(s.skirt.waistY + s.hemY) / 2} ${f(x1)} ${s.hemY - 10}`,
          i % 2 ? '#000000' : '#ffffff',
          6,
          'none',
          ` opacity="${i % 2 ? 0.06 : 0.09}"`,
        ),
      );
    }
  }
  // Knit cables down the front of sweaters and cardigans.
  if (shape === 'sweater') {
    for (const dx of [-90, 0, 90]) {
      for (let y = s.shoulderY + 120; y < s.hemY - 90; y += 44) {
        inside.push(
          path(
            `M${CX + dx - 18} ${y} C${CX + dx - 18} ${y + 22} ${CX + dx + 18} ${y + 22} ${CX + dx + 18} ${y + 44}`,
            p.seam,
            4,
          ),
          path(
            `M${CX + dx + 18} ${y} C${CX + dx + 18} ${y + 22} ${CX + dx - 18} ${y + 22} ${CX + dx - 18} ${y + 44}`,
            p.seam,
            4,
          ),
        );
      }
      inside.push(
        line([CX + dx - 30, s.shoulderY + 110], [CX + dx - 30, s.hemY - 80], p.seam, 2),
        line([CX + dx + 30, s.shoulderY + 110], [CX + dx + 30, s.hemY - 80], p.seam, 2),
      );
    }
  }
}
