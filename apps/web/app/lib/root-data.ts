import { useRouteLoaderData } from 'react-router';
import type { Messages as CompiledMessages } from '@lingui/core';
import type { City, Customer, SellerDetails } from '@kiim/contract';
import type { Lang } from '@kiim/contract/text';

/** The allow-listed public configuration that reaches the browser (lib/public-config.server.ts). */
export interface PublicConfig {
  /** Address of the optional search plugin script of spec §1, or null when it is off. */
  searchPluginUrl: string | null;
  /** The real map of pickup points (tile URL template and its attribution), or null: the drawn scheme only. */
  map: MapConfig | null;
}

/** A raster tile source for the optional pickup-point map (MAP_TILE_URL, MAP_ATTRIBUTION). */
export interface MapConfig {
  tileUrl: string;
  attribution: string;
}

/** A wishlist entry as the header and the hearts need it: which product, added in which size. */
export interface WishlistMark {
  productId: number;
  externalId: string;
}

/** What the root loader gives every page (root.tsx): the header's data and the public configuration. */
export interface RootData {
  customer: Customer | null;
  cities: City[];
  city: City | null;
  /** The cart's count with each line capped at its stock (spec §9). */
  cartCount: number;
  /** The wishlist's products and the size each was added in (header count, filled hearts). */
  wishlist: WishlistMark[];
  publicConfig: PublicConfig;
  /** The seller's legal details and customer service for the footer (null when the API could not give them). */
  seller: SellerDetails | null;
  /** The page's language (issue 13: `?lang=`, else the `lang` cookie, else Russian). */
  lang: Lang;
  /** The compiled messages of that language, of the areas every page shows (lib/text.ts `SHELL_TEXTS`). */
  messages: CompiledMessages;
  /** Public origin of the shop, for the hreflang alternates of every page. */
  origin: string;
}

/**
 * The root loader's data from any component (undefined while the root failed, e.g. in its error boundary).
 * Lives apart from root.tsx so the header and the hearts need not import the root module (no import circle).
 */
export const useRootData = () => useRouteLoaderData<RootData>('root');
