import { z } from 'zod';
import { dataOf, ExternalId, IdParam, Image, Tenge, Uuid } from './common.schema.ts';
import { PickupPoint } from './catalog.schema.ts';

/** Largest quantity of one cart line: adding beyond it keeps the line at this cap. */
export const CART_LINE_MAX_QTY = 999;

/**
 * Body of `PUT /api/cart/add-or-update-item` (spec §7). `qty` is a delta: a resulting quantity of
 * 0 or less deletes the line (spec §4). No `uuid` creates a new cart.
 */
export const AddOrUpdateItemBody = z
  .object({
    uuid: Uuid.nullish(),
    externalId: ExternalId,
    regionId: z
      .number({ message: 'Должно быть целым числом' })
      .int({ message: 'Должно быть целым числом' })
      .positive(),
    qty: z
      .number({ message: 'Должно быть целым числом' })
      .int({ message: 'Должно быть целым числом' })
      .min(-CART_LINE_MAX_QTY, { message: `Не меньше -${CART_LINE_MAX_QTY}` })
      .max(CART_LINE_MAX_QTY, { message: `Не больше ${CART_LINE_MAX_QTY}` }),
  })
  .strict();
export type AddOrUpdateItemBody = z.infer<typeof AddOrUpdateItemBody>;

/** Path params of `GET /api/cart/get-by-uuid/{uuid}/{cityId}` (spec §7). */
export const CartParams = z.object({ uuid: Uuid, cityId: IdParam });
export type CartParams = z.infer<typeof CartParams>;
/** Path params of `GET /api/cart/split-cart-items-by-region-id/{cartUuid}/{cityId}` (spec §7). */
export const SplitParams = z.object({ cartUuid: Uuid, cityId: IdParam });
export type SplitParams = z.infer<typeof SplitParams>;

/** Cart line (spec §3) with what the cart page needs to show it. Prices in tenge per unit. */
export const CartItem = z.object({
  externalId: z.string(),
  qty: z.number().int(),
  inStock: z.boolean(),
  price: Tenge,
  originalPrice: Tenge,
  deliveryInformation: z.string(),
  productId: z.number().int(),
  slug: z.string(),
  name: z.string(),
  brandName: z.string(),
  size: z.string(),
  colourName: z.string(),
  image: Image.nullable(),
  /** Decoded stock count of this SKU in the city (spec §9: 0, 4 or 6); caps the line in the total count. */
  stockCount: z.number().int(),
});
export type CartItem = z.infer<typeof CartItem>;

export const Cart = z.object({
  uuid: Uuid,
  items: z.array(CartItem),
  /** Sum of qty with each line capped at its stock (spec §9). */
  totalCount: z.number().int(),
  /** Sum of price × qty over lines in stock, tenge. */
  totalAmount: Tenge,
  /** Sum of (originalPrice − price) × qty over lines in stock, tenge. */
  totalSavings: Tenge,
});
export type Cart = z.infer<typeof Cart>;

/** A delivery method offered in a city (spec §4: 1 pickup, 2 local courier); `price` in tenge. */
export const DeliveryMethodOption = z.object({ id: z.number().int(), name: z.string(), price: Tenge });
export type DeliveryMethodOption = z.infer<typeof DeliveryMethodOption>;
/**
 * A payment method offered (spec §4: 1 cash on delivery, 2 card on delivery, 3 card online), with the
 * delivery methods of the city that allow it (`deliveryMethodIds`, spec §3 split cart).
 */
export const PaymentMethodOption = z.object({
  id: z.number().int(),
  name: z.string(),
  deliveryMethodIds: z.array(z.number().int()),
});
export type PaymentMethodOption = z.infer<typeof PaymentMethodOption>;

/** The carrier's door delivery (spec §4 method 2 by carrier; issue 34 item 2): tariff, price in tenge, working days. */
export const CarrierDoorOption = z.object({
  carrier: z.string(),
  tariffCode: z.number().int(),
  tariffName: z.string(),
  price: Tenge,
  periodMinDays: z.number().int().nonnegative(),
  periodMaxDays: z.number().int().nonnegative(),
  /** The shop's signed quote for door delivery: sent back in the order's `carrier` (decision 069). */
  quoteToken: z.string(),
});
export type CarrierDoorOption = z.infer<typeof CarrierDoorOption>;

/**
 * Carrier delivery for a city the shop does not serve itself (issue 34 item 2): `available` false with the plain
 * `message` (in the shopper's language) when the carrier cannot answer now; its points are in
 * `availablePickupPointList` and its door delivery in `door`.
 */
export const CarrierDelivery = z.object({
  carrier: z.string(),
  available: z.boolean(),
  message: z.string().nullable(),
  door: CarrierDoorOption.nullable(),
});
export type CarrierDelivery = z.infer<typeof CarrierDelivery>;

/**
 * Answer of `GET /api/cart/split-cart-items-by-region-id/{cartUuid}/{cityId}` (spec §3, §7). `carrierDelivery`
 * is present only for a carrier city with lines to send (issue 34 item 2).
 */
export const SplitCart = z.object({
  available: z.array(CartItem),
  notAvailable: z.array(CartItem),
  availablePickupPointList: z.array(PickupPoint),
  availableDeliveryMethods: z.array(DeliveryMethodOption),
  availablePaymentMethods: z.array(PaymentMethodOption),
  carrierDelivery: CarrierDelivery.optional(),
});
export type SplitCart = z.infer<typeof SplitCart>;

/** Answer of `PUT /api/cart/add-or-update-item`: the cart for `regionId` (spec §7 reads `data.uuid`). */
export const AddOrUpdateItemResponse = dataOf(Cart);
/** Answer of `GET /api/cart/get-by-uuid/{uuid}/{cityId}` (spec §7 reads `data.cart.uuid`, `data.cart.items`). */
export const CartByUuidResponse = dataOf(z.object({ cart: Cart }));
/** Answer of `GET /api/cart/split-cart-items-by-region-id/{cartUuid}/{cityId}` (spec §7). */
export const SplitCartResponse = dataOf(SplitCart);

/**
 * A customer token as a client sends it in a path or body (spec §7): the opaque text issued at sign-in.
 * Only its shape is checked here; the API resolves it (403 when unknown, revoked or expired, spec §8).
 */
export const CustomerToken = z
  .string({ message: 'Обязательное поле' })
  .trim()
  .min(1, { message: 'Обязательное поле' })
  .max(200, { message: 'Слишком длинный токен' });

/** Body of `DELETE /api/cart/item` (spec §7: body uuid, externalId): removes one line whatever its qty. */
export const CartItemBody = z.object({ uuid: Uuid, externalId: ExternalId }).strict();
export type CartItemBody = z.infer<typeof CartItemBody>;

/** Body of `DELETE /api/cart/items` (spec §7: body uuid): removes every line, the cart stays. */
export const CartUuidBody = z.object({ uuid: Uuid }).strict();
export type CartUuidBody = z.infer<typeof CartUuidBody>;

/** Path params of `GET /api/cart/get-by-customer-token/{token}/{cityId}` (spec §7). */
export const CartByCustomerTokenParams = z.object({ token: CustomerToken, cityId: IdParam });
export type CartByCustomerTokenParams = z.infer<typeof CartByCustomerTokenParams>;

/**
 * Body of `PUT /api/cart/update-customer-id-by-customer-token` and of the wishlist's call of the same name
 * (spec §7: body uuid, token): attaches an anonymous cart (wishlist) to the customer of `token`.
 */
export const AttachToCustomerBody = z.object({ uuid: Uuid, token: CustomerToken }).strict();
export type AttachToCustomerBody = z.infer<typeof AttachToCustomerBody>;

/**
 * Body of `POST /api/cart/merge` and `POST /api/wishlist/merge` (spec §7: body sourceUuid, destinationUuid).
 * The two must differ.
 */
export const MergeBody = z
  .object({ sourceUuid: Uuid, destinationUuid: Uuid })
  .strict()
  .refine((b) => b.sourceUuid.toLowerCase() !== b.destinationUuid.toLowerCase(), {
    path: ['destinationUuid'],
    message: 'Нельзя объединить с самой собой',
  });
export type MergeBody = z.infer<typeof MergeBody>;

/**
 * A cart's lines without prices: the answer of the calls that change a cart but name no city (delete,
 * clear, attach, merge). Lines in the order they were added.
 */
export const CartContents = z.object({
  uuid: Uuid,
  items: z.array(z.object({ externalId: z.string(), qty: z.number().int() })),
});
export type CartContents = z.infer<typeof CartContents>;

/** Answer of `DELETE /api/cart/item`, `DELETE /api/cart/items`, the attach and the merge calls. */
export const CartContentsResponse = dataOf(CartContents);
/** Answer of `GET /api/cart/get-by-customer-token/{token}/{cityId}` (spec §7 reads `data.uuid`, `data.items`). */
export const CartByCustomerTokenResponse = dataOf(Cart);
