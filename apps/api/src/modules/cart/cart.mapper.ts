import {
  CartDeliveryInformation,
  cartTotals,
  type Cart,
  type CartItem,
  type Image,
  type PickupPoint,
} from '@kiim/contract';
import { decodeStock, stockCount } from '#app/modules/inventory/inventory.rules.ts';
import { productImage } from '#app/modules/media/media.url.ts';
import type { CartCityRecord, selectPickupPoints } from './cart.repository.ts';
import type { CartLineRecord } from './cart.lines.repository.ts';
import { asIs, type Say } from '#app/modules/catalog/catalog.texts.ts';

// Pure rules of the cart: rows → contract shapes and totals. No database access here (what a city offers at
// checkout is checkout.policy.ts).

/** The facts about a city that decide what its cart shows (spec §3, §4). `courierPrice` in tenge. */
export interface CartCity {
  id: number;
  visibleForCustomers: boolean;
  courierAvailable: boolean;
  courierPrice: number;
  hasPickupPoints: boolean;
  /** The city's name (a carrier point's `addressCity`). */
  name?: string;
  /** CDEK's code of the city, null when the carrier does not serve it (issue 34). */
  cdekCode?: number | null;
  /** Staff offer the carrier here too, beside the shop's own delivery (decision 070). */
  carrierInOwnCity?: boolean;
}

/**
 * A cart line as the server sees it: the SKU with its quantity, unit prices in tenge and stock in the
 * requested city. Exact unit counts (`cityQuantity`, `visibleQuantity`) never leave the server.
 */
export interface CartLine {
  skuId: number;
  externalId: string;
  /** Quantity in the cart, 1–999. */
  qty: number;
  /** When the line was added (ISO 8601 UTC); lines are ordered by it. */
  addedAt: string;
  productId: number;
  slug: string;
  name: string;
  brandName: string;
  size: string;
  colourName: string;
  /** Selling price per unit, whole tenge. */
  price: number;
  /** Price per unit before discount, whole tenge (equals `price` without a discount). */
  originalPrice: number;
  /** False when the product is no longer sold: the line is then never in stock. */
  productActive: boolean;
  /** The product's first image, or null when it has none. */
  image: Image | null;
  /** Exact units of this SKU in the requested city (whether or not the city is visible). */
  cityQuantity: number;
  /** Exact units of this SKU over all cities visible to customers. */
  visibleQuantity: number;
  /** In stock for this city (spec §4): units in the city, the city visible to customers, product sold. */
  inStock: boolean;
  /** Decoded stock count in the city (spec §9: 0, 4 or 6); 0 when not `inStock`. */
  stockCount: number;
}

/** City record → {@link CartCity}. */
export function toCartCity(row: CartCityRecord): CartCity {
  return {
    id: row.id,
    visibleForCustomers: row.visible_for_customers === 1,
    courierAvailable: row.courier_available === 1,
    courierPrice: Number(row.courier_price),
    hasPickupPoints: Number(row.pickup_point_count) > 0,
    name: row.name,
    cdekCode: row.cdek_code == null ? null : Number(row.cdek_code),
    carrierInOwnCity: Number(row.carrier_in_own_city ?? 0) === 1,
  };
}

/** Joined line record → {@link CartLine} for `city` (spec §4 stock state, spec §9 decoded count). */
export function toCartLine(row: CartLineRecord, city: CartCity): CartLine {
  const productActive = row.is_active === 1;
  const cityQuantity = Number(row.city_quantity);
  const inStock = productActive && city.visibleForCustomers && cityQuantity > 0;
  return {
    skuId: row.sku_id,
    externalId: row.external_id,
    qty: row.qty,
    addedAt: row.added_at,
    productId: row.product_id,
    slug: row.slug,
    name: row.name,
    brandName: row.brand_name,
    size: row.size,
    colourName: row.colour_name,
    price: row.price,
    originalPrice: row.original_price,
    productActive,
    image:
      row.media_key === null
        ? null
        : productImage({
            media_key: row.media_key,
            width: row.image_width ?? 0,
            height: row.image_height ?? 0,
            alt: row.image_alt ?? row.name,
          }),
    cityQuantity,
    visibleQuantity: Number(row.visible_quantity),
    inStock,
    stockCount: inStock ? stockCount(decodeStock(cityQuantity)) : 0,
  };
}

/**
 * `deliveryInformation` of a line (spec §3), see {@link CartDeliveryInformation}: in stock in the city →
 * pickup (free) when the city has pickup points, else courier when it has one; only in another visible city →
 * delivery from there; otherwise not available.
 */
export function deliveryInformation(line: CartLine, city: CartCity): string {
  if (line.inStock) {
    if (city.hasPickupPoints) return CartDeliveryInformation.pickup;
    if (city.courierAvailable) return CartDeliveryInformation.courier;
    return CartDeliveryInformation.inStock;
  }
  if (line.productActive && line.visibleQuantity > 0) return CartDeliveryInformation.otherCity;
  return CartDeliveryInformation.none;
}

/**
 * {@link CartLine} → the contract's `CartItem` (spec §3) for `city`. Prices in tenge per unit; the product and
 * colour names and the picture's alt text in `say`'s language (docs/decisions/046).
 */
function toCartItem(line: CartLine, city: CartCity, say: Say): CartItem {
  return {
    externalId: line.externalId,
    qty: line.qty,
    inStock: line.inStock,
    price: line.price,
    originalPrice: line.originalPrice,
    deliveryInformation: deliveryInformation(line, city),
    productId: line.productId,
    slug: line.slug,
    name: say(line.name),
    brandName: line.brandName,
    size: line.size,
    colourName: say(line.colourName),
    image: line.image && say !== asIs ? { ...line.image, alt: say(line.image.alt) } : line.image,
    stockCount: line.stockCount,
  };
}

/**
 * The cart of spec §3 for `city` from its lines (already in the order they were added), texts in `say`'s language
 * (Russian as it is by default).
 */
export function toCart(uuid: string, lines: readonly CartLine[], city: CartCity, say: Say = asIs): Cart {
  const items = lines.map((line) => toCartItem(line, city, say));
  return { uuid, items, ...cartTotals(items) };
}

/** A text that may be absent in `say`'s language. */
const sayOrNull = (say: Say, text: string | null) => (text === null ? null : say(text));

/**
 * Pickup point row → the contract's `PickupPoint` with every field of spec §3 (`regionId` = its city), its texts in
 * `say`'s language (Russian as it is by default).
 */
export function toPickupPoint(
  row: Awaited<ReturnType<typeof selectPickupPoints>>[number],
  say: Say = asIs,
): PickupPoint {
  return {
    id: row.id,
    regionId: row.city_id,
    title: say(row.title),
    buildingName: sayOrNull(say, row.building_name),
    addressCity: say(row.address_city),
    addressStreetNumber: say(row.address_street_number),
    addressEntranceNumber: row.address_entrance_number,
    addressFloor: row.address_floor,
    addressApartmentNumber: sayOrNull(say, row.address_apartment_number),
    addressComment: sayOrNull(say, row.address_comment),
    openingHours: say(row.opening_hours),
    longitude: Number(row.longitude),
    latitude: Number(row.latitude),
  };
}
