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
import type { StockScope } from './catalog.listing.repository.ts';

// Rows → contract shapes. 0/1 integers become booleans; exact stock units become levels (spec §3).

/** Which units count as regional for a city: none when it is hidden from customers (spec §4). */
export const scopeOf = (city: CityRow): StockScope => ({
  regionalCityId: city.visible_for_customers === 1 ? city.id : null,
});

/** City row → City (spec §3). */
export const toCity = (c: CityRow): City => ({
  id: c.id,
  name: c.name,
  timeZone: c.time_zone,
  visibleForCustomers: c.visible_for_customers === 1,
  courierAvailable: c.courier_available === 1,
  deliveryDays: Number(c.delivery_days),
});

/** Pickup point row → PickupPoint with the fields of spec §3 (`regionId` is the city id). */
export const toPickupPoint = (p: PickupPointRow): PickupPoint => ({
  id: p.id,
  regionId: p.city_id,
  title: p.title,
  buildingName: p.building_name,
  addressCity: p.address_city,
  addressStreetNumber: p.address_street_number,
  addressEntranceNumber: p.address_entrance_number,
  addressFloor: p.address_floor,
  addressApartmentNumber: p.address_apartment_number,
  addressComment: p.address_comment,
  openingHours: p.opening_hours,
  longitude: Number(p.longitude),
  latitude: Number(p.latitude),
});

/** Category row → Category (kind and gender of spec §3). */
export const toCategory = (c: CategoryRow): Category => ({
  id: c.id,
  slug: c.slug,
  name: c.name,
  kind: c.kind,
  gender: c.gender,
});

/** Product image row → responsive Image (URLs made by the media module). */
export const toImage = (i: ProductImageRow) => productImage(i);

/** Brand row → Brand. */
const toBrand = (b: BrandRow): Brand => ({ id: b.id, slug: b.slug, name: b.name });

/**
 * Product row → ProductCard for one city. `price`/`original_price` are the cheapest size's, `max_price` the
 * dearest size's (catalog.prices.expressions.ts, decision 032).
 * @param stock exact units: `regional` in the city, `global` over visible cities (never sent out).
 * @param cityVisible whether the city shows its stock to customers (spec §4).
 * @param onProductPage uses the product-page label 'Доставка из другого города' (spec §4).
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
  > & { max_price: number },
  brand: BrandRow,
  image: ProductImageRow | undefined,
  stock: { regional: number; global: number },
  cityVisible: boolean,
  onProductPage = false,
): ProductCard {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    brand: toBrand(brand),
    categoryKind: p.kind,
    gender: p.gender,
    colour: { name: p.colour_name, hex: p.colour_hex },
    price: p.price,
    originalPrice: p.original_price,
    maxPrice: p.max_price,
    image: image ? toImage(image) : null,
    ...stockLevels(stock.regional, stock.global, cityVisible, onProductPage),
    arrivalDate: p.arrival_date,
  };
}

/** Banner row → Banner (spec §9 slots) with its responsive picture. */
export const toBanner = (b: BannerRow): Banner => ({
  id: b.id,
  slot: b.slot as BannerSlot,
  position: b.position,
  title: b.title,
  subtitle: b.subtitle,
  buttonText: b.button_text,
  href: b.href,
  image: bannerImage(b),
  theme: b.theme,
});
