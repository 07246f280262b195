// Necklines, collars and hoods of the tops (see garment.tops.ts).
import { CX, bandStroke, button, f, line, mix, path, poly, stitched, type Pt } from './garment.kit.ts';
import type { TopDraw } from './garment.top-spec.ts';

/** Neckline of a top: the inside of the back, then the band, collar, lapels, hood or straps. */
export function drawNeckline(d: TopDraw): void {
  const { shape, s, p, N, neckBottomY, behind, over } = d;
  // Inside of the back seen through the neckline.
  if (s.neck === 'crew' || s.neck === 'v' || s.neck === 'scoop' || s.neck === 'hood') {
    over.push(
      path(
        `M${f(2 * CX - N[0])} ${N[1]} Q${CX} ${s.shoulderY + 22} ${f(N[0])} ${N[1]} Q${CX} ${s.shoulderY - 12 + s.neckDepth * 1.6} ${f(2 * CX - N[0])} ${N[1]} Z`,
        p.outline,
        2.5,
        p.inside,
      ),
    );
  }
  const frontNeck = `M${f(2 * CX - N[0])} ${N[1]} Q${CX} ${s.shoulderY - 12 + s.neckDepth * 1.6} ${f(N[0])} ${N[1]}`;

  switch (s.neck) {
    case 'crew':
    case 'scoop':
      over.push(
        bandStroke(frontNeck, p, 20),
        stitched(
          `M${f(2 * CX - N[0] + 4)} ${N[1] + 14} Q${CX} ${s.shoulderY - 12 + s.neckDepth * 1.6 + 16} ${f(N[0] - 4)} ${N[1] + 14}`,
          p.stitch,
          1.8,
        ),
      );
      break;
    case 'v': {
      over.push(bandStroke(`M${f(2 * CX - N[0])} ${N[1]} L${CX} ${neckBottomY} L${f(N[0])} ${N[1]}`, p, 18));
      break;
    }
    case 'turtle': {
      const top = s.shoulderY - 150;
      over.push(
        path(
          poly([
            [CX - s.neckHalf - 6, s.shoulderY + 6],
            [CX - s.neckHalf + 4, top],
            [CX + s.neckHalf - 4, top],
            [CX + s.neckHalf + 6, s.shoulderY + 6],
          ]),
          p.outline,
          2.5,
          p.band,
        ),
      );
      over.push(
        path(
          `M${CX - s.neckHalf + 2} ${top + 60} Q${CX} ${top + 74} ${CX + s.neckHalf - 2} ${top + 60}`,
          p.outline,
          2.5,
        ),
      );
      for (let x = CX - s.neckHalf + 14; x < CX + s.neckHalf - 8; x += 13)
        over.push(line([x, top + 8], [x, s.shoulderY - 2], p.outline, 1.2, ' opacity="0.3"'));
      over.push(`<ellipse cx="${CX}" cy="${top + 3}" rx="${s.neckHalf - 6}" ry="9" fill="${p.inside}"/>`);
      break;
    }
    case 'hood': {
      const w = s.neckHalf + 70;
      behind.push(
        path(
          `M${CX - w} ${s.shoulderY + 30} C${CX - w - 30} ${s.shoulderY - 150} ${CX - 120} ${s.shoulderY - 250} ${CX} ${s.shoulderY - 250} C${CX + 120} ${s.shoulderY - 250} ${CX + w + 30} ${s.shoulderY - 150} ${CX + w} ${s.shoulderY + 30} Z`,
          p.outline,
          3,
          p.band,
        ),
      );
      behind.push(
        path(
          `M${CX - s.neckHalf - 10} ${s.shoulderY} C${CX - s.neckHalf - 20} ${s.shoulderY - 130} ${CX - 70} ${s.shoulderY - 200} ${CX} ${s.shoulderY - 200} C${CX + 70} ${s.shoulderY - 200} ${CX + s.neckHalf + 20} ${s.shoulderY - 130} ${CX + s.neckHalf + 10} ${s.shoulderY} Z`,
          p.outline,
          2.5,
          p.inside,
        ),
      );
      over.push(bandStroke(frontNeck, p, 18));
      if (s.closure !== 'zip' && shape !== 'parka') {
        for (const d of [-1, 1]) {
          over.push(
            path(
              `M${CX + d * 34} ${neckBottomY + 8} C${CX + d * 40} ${neckBottomY + 90} ${CX + d * 24} ${neckBottomY + 160} ${CX + d * 36} ${neckBottomY + 230}`,
              mix(p.fill, '#ffffff', 0.55),
              7,
            ),
          );
          over.push(
            `<rect x="${CX + d * 36 - 5}" y="${neckBottomY + 226}" width="10" height="24" rx="3" fill="${p.metal}"/>`,
          );
          over.push(
            `<circle cx="${CX + d * 34}" cy="${neckBottomY + 6}" r="7" fill="${p.metal}" stroke="${p.outline}" stroke-width="1.5"/>`,
          );
        }
      }
      break;
    }
    case 'shirt':
    case 'polo': {
      const tip = shape === 'denim-jacket' ? 120 : s.neck === 'polo' ? 95 : 105;
      for (const d of [-1, 1]) {
        const n: Pt = [CX + d * s.neckHalf, N[1]];
        over.push(
          path(
            poly([
              [n[0] + d * 10, n[1] - 12],
              [CX + d * (s.neckHalf + 44), n[1] + 70],
              [CX + d * 26, n[1] + tip],
              [CX, n[1] + 40],
            ]),
            p.outline,
            2.5,
            p.fill,
          ),
        );
        over.push(
          stitched(
            `M${n[0] + d * 6} ${n[1] + 2} L${CX + d * (s.neckHalf + 30)} ${n[1] + 68} L${CX + d * 30} ${n[1] + tip - 12}`,
            p.stitch,
            1.6,
          ),
        );
      }
      over.unshift(
        path(
          `M${CX - s.neckHalf - 4} ${N[1] + 4} Q${CX} ${N[1] - 30} ${CX + s.neckHalf + 4} ${N[1] + 4} L${CX} ${N[1] + 40} Z`,
          p.outline,
          2.5,
          p.band,
        ),
      );
      if (s.neck === 'polo') {
        over.push(
          path(
            poly([
              [CX - 20, N[1] + 40],
              [CX + 20, N[1] + 40],
              [CX + 20, N[1] + 200],
              [CX - 20, N[1] + 200],
            ]),
            p.outline,
            2.5,
            p.fill,
          ),
        );
        for (const y of [N[1] + 90, N[1] + 160]) over.push(button(CX, y, 8, p));
      }
      break;
    }
    case 'lapel': {
      const bottom = s.shoulderY - 12 + s.neckDepth;
      for (const d of [-1, 1]) {
        over.push(
          path(
            poly([
              [CX + d * s.neckHalf, N[1]],
              [CX + d * (s.neckHalf + 70), s.shoulderY + 140],
              [CX + d * (s.neckHalf + 40), s.shoulderY + 160],
              [CX + d * (s.neckHalf + 78), s.shoulderY + 200],
              [CX + d * 8, bottom],
            ]),
            p.outline,
            2.5,
            p.band,
          ),
        );
        over.push(
          stitched(
            `M${CX + d * (s.neckHalf + 62)} ${s.shoulderY + 208} L${CX + d * 18} ${bottom - 16}`,
            p.stitch,
            1.6,
          ),
        );
      }
      over.push(
        path(
          `M${CX - s.neckHalf + 4} ${N[1]} Q${CX} ${N[1] - 16} ${CX + s.neckHalf - 4} ${N[1]} L${CX + 8} ${bottom} L${CX - 8} ${bottom} Z`,
          p.outline,
          2,
          p.inside,
        ),
      );
      break;
    }
    case 'stand': {
      const top = s.shoulderY - 95;
      over.push(
        path(
          poly([
            [CX - s.neckHalf - 8, s.shoulderY + 10],
            [CX - s.neckHalf + 4, top],
            [CX + s.neckHalf - 4, top],
            [CX + s.neckHalf + 8, s.shoulderY + 10],
          ]),
          p.outline,
          2.5,
          p.band,
        ),
      );
      over.push(`<ellipse cx="${CX}" cy="${top + 3}" rx="${s.neckHalf - 8}" ry="10" fill="${p.inside}"/>`);
      if (s.rib)
        for (let x = CX - s.neckHalf + 12; x < CX + s.neckHalf - 6; x += 12)
          over.push(line([x, top + 12], [x, s.shoulderY + 4], p.outline, 1.2, ' opacity="0.35"'));
      else
        over.push(
          stitched(`M${CX - s.neckHalf + 4} ${top + 14} L${CX + s.neckHalf - 4} ${top + 14}`, p.stitch, 1.6),
        );
      break;
    }
    case 'strap': {
      for (const d of [-1, 1]) {
        behind.push(
          path(
            `M${CX + d * 95} ${s.shoulderY + 10} C${CX + d * 110} ${s.shoulderY - 90} ${CX + d * 120} ${s.shoulderY - 160} ${CX + d * 132} ${s.shoulderY - 200}`,
            p.outline,
            11,
          ),
          path(
            `M${CX + d * 95} ${s.shoulderY + 10} C${CX + d * 110} ${s.shoulderY - 90} ${CX + d * 120} ${s.shoulderY - 160} ${CX + d * 132} ${s.shoulderY - 200}`,
            p.band,
            7,
          ),
        );
      }
      over.push(
        stitched(
          `M${CX - s.neckHalf} ${N[1] + 18} Q${CX} ${N[1] + 60} ${CX + s.neckHalf} ${N[1] + 18}`,
          p.stitch,
          1.6,
        ),
      );
      break;
    }
  }
}
