// The types of a top's drawing (garment.tops.ts), apart so that its part drawers (necklines, trims) and the
// top itself import them without importing one another.
import type { GarmentShape } from './seed.catalog-data.ts';
import type { Palette, Pt, Texture } from './garment.kit.ts';

type Sleeve = 'none' | 'short' | 'long';
type Neck = 'crew' | 'v' | 'hood' | 'shirt' | 'polo' | 'lapel' | 'turtle' | 'stand' | 'scoop' | 'strap';
type Closure = 'none' | 'buttons' | 'zip' | 'double' | 'placket';

export interface TopSpec {
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

/** What the parts of a top are drawn from and into: its spec, key points and the three layers. */
export interface TopDraw {
  shape: GarmentShape;
  s: TopSpec;
  p: Palette;
  /** Right neck point, right shoulder point, right armpit. */
  N: Pt;
  S: Pt;
  A: Pt;
  /** Lowest point of the front neckline. */
  neckBottomY: number;
  /** Right sleeve's cuff edge (outer, inner), null without sleeves. */
  cuff: readonly [Pt, Pt] | null;
  behind: string[];
  inside: string[];
  over: string[];
}
