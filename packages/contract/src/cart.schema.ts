import { z } from 'zod';
import { ExternalId, IdParam, Image, Tenge, Uuid } from './common.schema.ts';
import { PickupPoint } from './catalog.schema.ts';

/**
 * Body of `PUT /api/cart/add-or-update-item` (spec §7). `qty` is a delta: a resulting quantity of
 * 0 or less deletes the line (spec §4). No `uuid` creates a new cart.
 */
export const AddOrUpdateItemBody = z
  .object({
    uuid: Uuid.nullish(),
    externalId: ExternalId,
    regionId: z.number({ message: 'Должно быть целым числом' }).int({ message: 'Должно быть целым числом' }).positive(),
    qty: z
      .number({ message: 'Должно быть целым числом' })
      .int({ message: 'Должно быть целым числом' })
      .min(-999, { message: 'Не меньше -999' })
      .max(999, { message: 'Не больше 999' }),
  })
  .strict();
export type AddOrUpdateItemBody = z.infer<typeof AddOrUpdateItemBody>;

export const CartParams = z.object({ uuid: Uuid, cityId: IdParam });
export const SplitParams = z.object({ cartUuid: Uuid, cityId: IdParam });

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

export const DeliveryMethodOption = z.object({ id: z.number().int(), name: z.string(), price: Tenge });
export const PaymentMethodOption = z.object({ id: z.number().int(), name: z.string() });

/** Answer of `GET /api/cart/split-cart-items-by-region-id/{cartUuid}/{cityId}` (spec §3, §7). */
export const SplitCart = z.object({
  available: z.array(CartItem),
  notAvailable: z.array(CartItem),
  availablePickupPointList: z.array(PickupPoint),
  availableDeliveryMethods: z.array(DeliveryMethodOption),
  availablePaymentMethods: z.array(PaymentMethodOption),
});
export type SplitCart = z.infer<typeof SplitCart>;
