import type { Banner, BannerSlot, Brand, Category, City, PickupPoint, ProductCard } from '@kiim/contract';
import { bannerImage, productImage } from '#app/modules/media/media.url.ts';
import type {
  BannerRow,
  BrandRow,
  CategoryRow,
  CityRow,
  PickupPointRow,
  ProductImageRow,
  ProductRow,
} from './catalog.table.ts';
import { stockLevels } from '#app/modules/inventory/inventory.rules.ts';
import { asIs, type Say } from './catalog.texts.ts';
import type { StockScope } from './catalog.listing.repository.ts';

// Rows → contract shapes. 0/1 integers become booleans; exact stock units become levels (spec §3). Texts shoppers
// read go through `say`, the shopper's language (docs/decisions/046; Russian as it is by default).

/** Which units count as regional for a city: none when it is hidden from customers (spec §4). */
export const scopeOf = (city: CityRow): StockScope => ({
  regionalCityId: city.visible_for_customers === 1 ? city.id : null,
});

/** A text that may be absent in `say`'s language. */
export const sayOrNull = (say: Say, text: string | null): string | null => (text === null ? null : say(text));

/** City row → City (spec §3), its name in the shopper's language. */
export const toCity = (c: CityRow, say: Say = asIs): City => ({
  id: c.id,
  name: say(c.name),
  timeZone: c.time_zone,
  visibleForCustomers: c.visible_for_customers === 1,
  courierAvailable: c.courier_available === 1,
  deliveryDays: Number(c.delivery_days),
  ...(Number(c.carrier_found) === 1 ? { carrierFound: true } : {}),
});

/** Pickup point row → PickupPoint with the fields of spec §3 (`regionId` is the city id), texts in `say`'s language. */
export const toPickupPoint = (p: PickupPointRow, say: Say = asIs): PickupPoint => ({
  id: p.id,
  regionId: p.city_id,
  title: say(p.title),
  buildingName: sayOrNull(say, p.building_name),
  addressCity: say(p.address_city),
  addressStreetNumber: say(p.address_street_number),
  addressEntranceNumber: p.address_entrance_number,
  addressFloor: p.address_floor,
  addressApartmentNumber: sayOrNull(say, p.address_apartment_number),
  addressComment: sayOrNull(say, p.address_comment),
  openingHours: say(p.opening_hours),
  longitude: Number(p.longitude),
  latitude: Number(p.latitude),
});

/** Category row → Category (kind and gender of spec §3), its name in `say`'s language. */
export const toCategory = (c: CategoryRow, say: Say = asIs): Category => ({
  id: c.id,
  slug: c.slug,
  name: say(c.name),
  kind: c.kind,
  gender: c.gender,
});

/** Product image row → responsive Image (URLs made by the media module), its alt text in `say`'s language. */
export const toImage = (i: ProductImageRow, say: Say = asIs) =>
  productImage(say === asIs ? i : { ...i, alt: say(i.alt) });

/** Brand row → Brand. */
const toBrand = (b: BrandRow): Brand => ({ id: b.id, slug: b.slug, name: b.name });

/**
 * Product row → ProductCard for one city. `price`/`original_price` are the cheapest size's, `max_price` the
 * dearest size's (catalog.prices.expressions.ts, decision 032).
 * @param stock exact units: `regional` in the city, `global` over visible cities (never sent out).
 * @param cityVisible whether the city shows its stock to customers (spec §4).
 * @param onProductPage uses the product-page label 'Доставка из другого города' (spec §4).
 * @param say the shopper's language for the name, colour and picture's alt text.
 */
export function toProductCard(
  p: Pick<
    ProductRow,
    | 'id'
    | 'slug'
    | 'name'
    | 'kind'
    | 'gender'
    | 'colour_name'
    | 'colour_hex'
    | 'price'
    | 'original_price'
    | 'arrival_date'
  > & { max_price: number; rating_sum?: number; rating_count?: number },
  brand: BrandRow,
  image: ProductImageRow | undefined,
  stock: { regional: number; global: number },
  cityVisible: boolean,
  onProductPage = false,
  say: Say = asIs,
): ProductCard {
  return {
    id: p.id,
    slug: p.slug,
    name: say(p.name),
    brand: toBrand(brand),
    categoryKind: p.kind,
    gender: p.gender,
    colour: { name: say(p.colour_name), hex: p.colour_hex },
    price: p.price,
    originalPrice: p.original_price,
    maxPrice: p.max_price,
    image: image ? toImage(image, say) : null,
    ...stockLevels(stock.regional, stock.global, cityVisible, onProductPage),
    arrivalDate: p.arrival_date,
    ...(p.rating_count === undefined ? {} : { rating: ratingOf(p.rating_sum ?? 0, p.rating_count) }),
  };
}

/**
 * The card's rating from the sum and count of published reviews' ratings (1–5): the average rounded to one decimal,
 * null when there are none (decision 058).
 */
export function ratingOf(sum: number, count: number): ProductCard['rating'] {
  return count > 0 ? { average: Math.round((sum / count) * 10) / 10, count } : null;
}

/** Banner row → Banner (spec §9 slots) with its responsive picture, its texts in `say`'s language. */
export const toBanner = (b: BannerRow, say: Say = asIs): Banner => ({
  id: b.id,
  slot: b.slot as BannerSlot,
  position: b.position,
  title: say(b.title),
  subtitle: sayOrNull(say, b.subtitle),
  buttonText: sayOrNull(say, b.button_text),
  href: b.href,
  image: bannerImage(say === asIs ? b : { ...b, alt: say(b.alt) }),
  theme: b.theme,
});
