/** The API contract shared by the API (validation, OpenAPI) and the storefront (typed client). */
export * from './enums.ts';
export * from './errors.ts';
export * from './common.schema.ts';
export * from './catalog.schema.ts';
export * from './cart.schema.ts';
export * from './cart.totals.ts';
export * from './wishlist.schema.ts';
export * from './customer.schema.ts';
export * from './order.schema.ts';
export * from './payment.schema.ts';
export * from './staff.permissions.ts';
export * from './staff.schema.ts';
export * from './content.schema.ts';
export * from './checkout.rules.ts';
export * from './phone.rules.ts';
export * from './format.ts';
export * from './client.ts';
