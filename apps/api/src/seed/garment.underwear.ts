// Drawings of underwear and socks (see garment.svg.ts).
import type { GarmentShape } from './seed.catalog-data.ts';
import { CX, line, path, poly, stitched, type Palette, type Parts } from './garment.kit.ts';

/** Bra, briefs, boxers or a pair of socks. */
export function underwear(shape: GarmentShape, p: Palette): Parts {
  const behind: string[] = [];
  const inside: string[] = [];
  const over: string[] = [];
  if (shape === 'bra') {
    const bandTop = 640;
    const band = poly([
      [CX - 250, bandTop],
      [CX + 250, bandTop],
      [CX + 260, bandTop + 70],
      [CX - 260, bandTop + 70],
    ]);
    const cup = (d: number) =>
      `M${CX + d * 12} ${bandTop + 10} C${CX + d * 20} 520 ${CX + d * 70} 420 ${CX + d * 140} 390 C${CX + d * 200} 430 ${CX + d * 250} 540 ${CX + d * 250} ${bandTop + 10} Z`;
    for (const d of [-1, 1]) {
      behind.push(
        path(
          `M${CX + d * 142} 392 C${CX + d * 150} 300 ${CX + d * 170} 220 ${CX + d * 190} 150`,
          p.outline,
          12,
        ),
        path(`M${CX + d * 142} 392 C${CX + d * 150} 300 ${CX + d * 170} 220 ${CX + d * 190} 150`, p.band, 8),
      );
      over.push(
        `<rect x="${CX + d * 168 - 12}" y="250" width="24" height="14" rx="3" fill="${p.metal}" transform="rotate(${d * 14} ${CX + d * 168} 257)"/>`,
      );
    }
    const body = `${band} ${cup(-1)} ${cup(1)}`;
    for (const d of [-1, 1]) {
      inside.push(
        path(
          `M${CX + d * 40} ${bandTop} C${CX + d * 80} 520 ${CX + d * 110} 450 ${CX + d * 140} 392`,
          p.seam,
          2.5,
        ),
      );
      inside.push(
        `<ellipse cx="${CX + d * 150}" cy="540" rx="85" ry="110" fill="url(#glow)" opacity="0.9"/>`,
      );
      over.push(
        path(
          `M${CX + d * 140} 390 C${CX + d * 200} 430 ${CX + d * 250} 540 ${CX + d * 250} ${bandTop + 10}`,
          p.outline,
          3,
        ),
      );
      over.push(
        stitched(
          `M${CX + d * 30} ${bandTop - 4} C${CX + d * 60} 520 ${CX + d * 100} 430 ${CX + d * 140} 404`,
          p.stitch,
          1.6,
        ),
      );
    }
    over.push(
      stitched(`M${CX - 246} ${bandTop + 12} L${CX + 246} ${bandTop + 12}`, p.stitch, 1.6),
      stitched(`M${CX - 254} ${bandTop + 58} L${CX + 254} ${bandTop + 58}`, p.stitch, 1.6),
    );
    over.push(
      `<path d="M${CX - 14} ${bandTop - 6} q14 -14 28 0 q-14 14 -28 0 Z" fill="${p.band}" stroke="${p.outline}" stroke-width="2"/>`,
    );
    return { behind, body, inside, over, detail: [CX - 250, 330, 500], texture: 'lace' };
  }
  if (shape === 'briefs') {
    const top = 380;
    const body = `M${CX - 250} ${top} L${CX + 250} ${top} L${CX + 252} ${top + 60} C${CX + 230} ${top + 200} ${CX + 120} ${top + 330} ${CX + 70} ${top + 420} L${CX - 70} ${top + 420} C${CX - 120} ${top + 330} ${CX - 230} ${top + 200} ${CX - 252} ${top + 60} Z`;
    over.push(
      path(
        poly([
          [CX - 250, top],
          [CX + 250, top],
          [CX + 252, top + 60],
          [CX - 252, top + 60],
        ]),
        p.outline,
        2.5,
        p.band,
      ),
    );
    for (let x = CX - 236; x < CX + 240; x += 14)
      over.push(line([x, top + 8], [x, top + 52], p.outline, 1.1, ' opacity="0.25"'));
    for (const d of [-1, 1]) {
      inside.push(
        stitched(
          `M${CX + d * 246} ${top + 74} C${CX + d * 222} ${top + 206} ${CX + d * 114} ${top + 326} ${CX + d * 66} ${top + 406}`,
          p.stitch,
          1.8,
        ),
      );
      inside.push(
        path(
          `M${CX + d * 70} ${top + 420} C${CX + d * 80} ${top + 300} ${CX + d * 90} ${top + 200} ${CX + d * 60} ${top + 60}`,
          p.seam,
          2.5,
        ),
      );
    }
    inside.push(`<ellipse cx="${CX}" cy="${top + 180}" rx="120" ry="120" fill="url(#glow)" opacity="0.8"/>`);
    return { behind, body, inside, over, detail: [CX - 240, top - 60, 480], texture: 'rib' };
  }
  if (shape === 'boxers') {
    const top = 300;
    const body = `M${CX - 240} ${top} L${CX + 240} ${top} L${CX + 248} ${top + 80} L${CX + 262} ${top + 560} L${CX + 30} ${top + 580} L${CX} ${top + 400} L${CX - 30} ${top + 580} L${CX - 262} ${top + 560} L${CX - 248} ${top + 80} Z`;
    over.push(
      path(
        poly([
          [CX - 240, top],
          [CX + 240, top],
          [CX + 248, top + 80],
          [CX - 248, top + 80],
        ]),
        p.outline,
        2.5,
        p.inside,
      ),
    );
    over.push(
      `<rect x="${CX - 70}" y="${top + 26}" width="140" height="28" rx="4" fill="#ffffff" opacity="0.8"/>`,
      `<rect x="${CX - 54}" y="${top + 36}" width="108" height="8" rx="2" fill="${p.inside}"/>`,
    );
    inside.push(
      path(
        `M${CX - 90} ${top + 80} C${CX - 100} ${top + 260} ${CX - 40} ${top + 380} ${CX} ${top + 400} C${CX + 40} ${top + 380} ${CX + 100} ${top + 260} ${CX + 90} ${top + 80}`,
        p.seam,
        3,
      ),
    );
    inside.push(
      stitched(
        `M${CX - 78} ${top + 84} C${CX - 88} ${top + 254} ${CX - 32} ${top + 368} ${CX} ${top + 386}`,
        p.stitch,
        1.8,
      ),
    );
    for (const d of [-1, 1]) {
      inside.push(stitched(`M${CX + d * 258} ${top + 530} L${CX + d * 36} ${top + 550}`, p.stitch, 1.8));
      inside.push(line([CX + d * 252, top + 90], [CX + d * 262, top + 550], p.seam, 2.5));
      inside.push(
        `<ellipse cx="${CX + d * 150}" cy="${top + 300}" rx="95" ry="200" fill="url(#glow)" opacity="0.7"/>`,
      );
    }
    return { behind, body, inside, over, detail: [CX - 260, top - 50, 520], texture: 'smooth' };
  }
  // Socks: two socks side by side, toes to the right.
  const sock = (x: number, y: number) =>
    `M${x} ${y} L${x + 150} ${y} L${x + 150} ${y + 520} C${x + 150} ${y + 560} ${x + 170} ${y + 580} ${x + 230} ${y + 590} C${x + 300} ${y + 600} ${x + 310} ${y + 700} ${x + 240} ${y + 710} L${x + 60} ${y + 720} C${x - 10} ${y + 720} ${x - 20} ${y + 640} ${x} ${y + 580} Z`;
  const body = `${sock(CX - 260, 180)} ${sock(CX + 20, 240)}`;
  for (const [x, y] of [
    [CX - 260, 180],
    [CX + 20, 240],
  ] as const) {
    over.push(
      path(
        poly([
          [x, y],
          [x + 150, y],
          [x + 150, y + 110],
          [x, y + 110],
        ]),
        p.outline,
        2.5,
        p.band,
      ),
    );
    for (let i = x + 12; i < x + 146; i += 12)
      over.push(line([i, y + 8], [i, y + 102], p.outline, 1.2, ' opacity="0.3"'));
    over.push(
      path(
        `M${x + 230} ${y + 590} C${x + 300} ${y + 600} ${x + 310} ${y + 700} ${x + 240} ${y + 710} C${x + 250} ${y + 680} ${x + 250} ${y + 620} ${x + 230} ${y + 590} Z`,
        p.outline,
        2.5,
        p.band,
      ),
    );
    over.push(
      path(
        `M${x} ${y + 580} C${x - 20} ${y + 640} ${x - 10} ${y + 720} ${x + 60} ${y + 720} C${x + 40} ${y + 690} ${x + 20} ${y + 640} ${x} ${y + 580} Z`,
        p.outline,
        2.5,
        p.band,
      ),
    );
  }
  return { behind, body, inside, over, detail: [CX - 280, 160, 560], texture: 'knit' };
}
