import type { z } from 'zod';
import type { AddOrUpdateItemBody, Cart, CartContents, SplitCart } from './cart.schema.ts';
import type { Wishlist, WishlistContents } from './wishlist.schema.ts';
import type {
  Banner,
  BrandDetails,
  Category,
  CategoryTreeNode,
  City,
  PickupPoint,
  Product,
  ProductCard,
  ProductList,
  RelatedProducts,
} from './catalog.schema.ts';
import type { BannerSlot } from './enums.ts';
import type { Suggestions } from './suggest.schema.ts';
import type {
  CodeSent,
  Customer,
  RegisterByMobileBody,
  RegisterByMobileConfirmBody,
  SignedIn,
  UpdateCustomerBody,
  UpdatePasswordBody,
} from './customer.schema.ts';
import type { Order, OrderDraft } from './order.schema.ts';
import type { HalykAuth } from './payment.schema.ts';
import type { KaspiPayment, KaspiStartBody } from './kaspi.schema.ts';
import type { ContentPage, ContentPageSummary, SellerDetails } from './content.schema.ts';
import type {
  CreateQuestionBody,
  CreateReviewBody,
  MyQuestion,
  MyReview,
  QuestionPage,
  ReviewPage,
  ReviewSummary,
} from './review.schema.ts';
import type { ReviewSort } from './enums.ts';
import type { FitSuggestion } from './measurement.schema.ts';
import type { StockAlertSubscribeBody, StockAlertSubscription } from './stock-alert.schema.ts';
import type { CarrierCityChoice, CitySearchAnswer } from './shipping.schema.ts';

import {
  transport,
  type ApiClientOptions,
  type Call,
  type ClientState,
  type ProductListParams,
} from './client.transport.ts';

export { ApiError, type ApiClientOptions, type ProductListParams } from './client.transport.ts';

const enc = encodeURIComponent;

/** Catalogue, city and banner calls. */
const catalogCalls = (call: Call) => ({
  cities: () => call<City[]>('GET', '/api/city/list'),
  /** One city by id, a carrier-found one too, with the carrier's period (decision 073). */
  city: (cityId: number) => call<City>('GET', `/api/city/${cityId}`),
  /** Cities whose name starts with `q` (Russian or Kazakh): the shop's and the carrier's (decision 073). */
  searchCities: (q: string) => call<CitySearchAnswer>('GET', '/api/city/search', undefined, { q }),
  /** Finds or makes the shop's row for a carrier city after checking it with the carrier (decision 073). */
  chooseCarrierCity: (body: CarrierCityChoice) => call<City>('POST', '/api/city/carrier', body),
  pickupPoints: (cityId: number) => call<PickupPoint[]>('GET', `/api/city/${cityId}/pickup-points`),
  categories: (gender?: number) => call<Category[]>('GET', '/api/catalog/categories', undefined, { gender }),
  products: (q: ProductListParams) => call<ProductList>('GET', '/api/catalog/products', undefined, q),
  product: (slug: string, cityId: number) =>
    call<Product>('GET', `/api/catalog/product/${enc(slug)}`, undefined, { cityId }),
  /** Product-page sliders: similar products of the category and more of the brand. */
  relatedProducts: (slug: string, cityId: number) =>
    call<RelatedProducts>('GET', `/api/catalog/product/${enc(slug)}/related`, undefined, { cityId }),
  /** Cards in the order of `ids` (unknown or inactive ids left out). */
  productsByIds: (ids: readonly number[], cityId: number) =>
    call<ProductCard[]>('GET', '/api/catalog/products/by-ids', undefined, { ids, cityId }),
  categoryTree: (gender?: number) =>
    call<CategoryTreeNode[]>('GET', '/api/catalog/category-tree', undefined, { gender }),
  brands: () => call<BrandDetails[]>('GET', '/api/catalog/brands'),
  /** Slug and last change date (YYYY-MM-DD) of every active product (the sitemap). */
  /** Suggestions while typing `q` (issue 35 item 3): products, categories and brands; `lang` ru or kk. */
  suggest: (q: string, cityId: number, lang: 'ru' | 'kk') =>
    call<Suggestions>('GET', '/api/catalog/suggest', undefined, { q, cityId, lang }),
  productSlugs: () => call<{ slug: string; updatedAt: string }[]>('GET', '/api/catalog/product-slugs'),
  /** Banners of the slots (spec §9), active now, by slot and position. */
  banners: (slots: readonly BannerSlot[]) =>
    call<Banner[]>('GET', '/api/catalog/banners', undefined, { slot: slots }),
});

/** Cart and wishlist calls (spec §7). */
const listCalls = (call: Call) => ({
  addOrUpdateCartItem: (body: AddOrUpdateItemBody) => call<Cart>('PUT', '/api/cart/add-or-update-item', body),
  cartByUuid: (uuid: string, cityId: number) =>
    call<{ cart: Cart }>('GET', `/api/cart/get-by-uuid/${enc(uuid)}/${cityId}`),
  splitCart: (uuid: string, cityId: number) =>
    call<SplitCart>('GET', `/api/cart/split-cart-items-by-region-id/${enc(uuid)}/${cityId}`),
  /** The signed-in customer's cart (spec §7; the client's token in the path); ApiError 404 code 3001 when none (spec §8). */
  cartByCustomerToken: (cityId: number) =>
    call<Cart>('GET', (token) => `/api/cart/get-by-customer-token/${enc(token ?? '')}/${cityId}`),
  removeCartItem: (uuid: string, externalId: string) =>
    call<CartContents>('DELETE', '/api/cart/item', { uuid, externalId }),
  clearCart: (uuid: string) => call<CartContents>('DELETE', '/api/cart/items', { uuid }),
  /** Attaches the anonymous cart `uuid` to the client's customer (body token, spec §7). */
  attachCart: (uuid: string) =>
    call<CartContents>(
      'PUT',
      '/api/cart/update-customer-id-by-customer-token',
      (token: string | undefined) => ({ uuid, token }),
    ),
  mergeCarts: (sourceUuid: string, destinationUuid: string) =>
    call<CartContents>('POST', '/api/cart/merge', { sourceUuid, destinationUuid }),

  /**
   * Adds a product (by a SKU's externalId) to the wishlist `uuid`, or to the customer's / a new one. The token
   * goes in X-Authorization (spec §7), which the API reads before the `token` query.
   */
  addWishlistItem: (q: { uuid?: string; externalId: string }) =>
    call<WishlistContents>('POST', '/api/wishlist/item', undefined, {
      uuid: q.uuid,
      externalId: q.externalId,
    }),
  removeWishlistItem: (uuid: string, externalId: string) =>
    call<WishlistContents>('DELETE', '/api/wishlist/item', undefined, { uuid, externalId }),
  wishlistByUuid: (uuid: string, cityId: number) =>
    call<Wishlist>('GET', `/api/wishlist/get-by-uuid/${cityId}/${enc(uuid)}`),
  /** The signed-in customer's wishlist (token in X-Authorization); ApiError 404 code 3001 when none (spec §8). */
  wishlistByCustomerToken: (cityId: number) =>
    call<Wishlist>('GET', `/api/wishlist/get-by-customer-token/${cityId}`),
  /** Attaches the anonymous wishlist `uuid` to the client's customer (body token, spec §7). */
  attachWishlist: (uuid: string) =>
    call<WishlistContents>(
      'PUT',
      '/api/wishlist/update-customer-id-by-customer-token',
      (token: string | undefined) => ({ uuid, token }),
    ),
  mergeWishlists: (sourceUuid: string, destinationUuid: string) =>
    call<WishlistContents>('POST', '/api/wishlist/merge', { sourceUuid, destinationUuid }),
});

/** Customer account calls (spec §7): codes, sign-in, registration, recovery, profile, token exchange. */
const customerCalls = (call: Call, state: ClientState) => ({
  authByMobile: (mobile: string) =>
    call<z.infer<typeof CodeSent>>('POST', '/api/customer/auth-by-mobile', { mobile }),
  authByMobileConfirm: (mobile: string, code: string) =>
    call<SignedIn>('POST', '/api/customer/auth-by-mobile/confirm', { mobile, code }),
  customer: () => call<Customer>('GET', '/api/customer/get-customer-by-token'),
  /** Revokes the token; the client forgets it even when the call fails (spec §4). */
  logout: async (token: string) => {
    try {
      return await call<unknown>('POST', '/api/customer/logout', { token });
    } finally {
      state.token = undefined;
    }
  },
  registerByMobile: (body: RegisterByMobileBody) =>
    call<CodeSent>('POST', '/api/customer/register-by-mobile', body),
  registerByMobileConfirm: (body: z.input<typeof RegisterByMobileConfirmBody>) =>
    call<SignedIn>('POST', '/api/customer/register-by-mobile/confirm', body),
  authByMobilePassword: (mobile: string, password: string) =>
    call<SignedIn>('POST', '/api/customer/auth-by-mobile-password', { mobile, password }),
  /** Sends an SMS, so never repeated although it is a GET. */
  codeForRecoverPassword: (mobile: string) =>
    call<CodeSent>(
      'GET',
      '/api/customer/get-code-for-recover-password',
      undefined,
      { mobile },
      { idempotent: false },
    ),
  confirmRecoverPasswordCode: (mobile: string, code: string) =>
    call<SignedIn>('POST', '/api/customer/confirm-recover-password-code', { mobile, code }),
  updatePassword: (body: UpdatePasswordBody) =>
    call<{ ok: true }>('POST', '/api/customer/update-password', body),
  updateCustomer: (body: z.input<typeof UpdateCustomerBody>) =>
    call<Customer>('POST', '/api/customer/update', body),
  /** Exchanges a token (expired or not) for a new one (spec §7 `data.token`). */
  authByExpiredToken: (token: string) =>
    call<SignedIn>('POST', '/api/customer/auth-by-expired-token', { token }),
});

/** Order and card payment calls. */
const orderCalls = (call: Call) => ({
  createOrder: (order: z.input<typeof OrderDraft>) =>
    call<{ order: Order }>('POST', '/api/order/create', { order }),
  orders: (state: 'pending' | 'completed') =>
    call<{ items: Order[] }>('GET', '/api/order/list', undefined, { state }),
  order: (number: string) => call<Order>('GET', `/api/order/details/${enc(number)}`),
  /** Cancels the customer's order (stock released, a card payment returned); ApiError 409 code 4014 when too late. */
  cancelOrder: (number: string) => call<{ order: Order }>('POST', '/api/order/cancel', { number }),
  /** Starts a card payment: ePay's script URL and the payment object for `halyk.pay` (spec §7). */
  halykAuth: (orderNumber: string) => call<HalykAuth>('POST', '/api/payment/halyk/auth', { orderNumber }),
  /** Asks ePay for the order's payment status and applies it (the shopper is back from the payment page). */
  halykStatus: (orderNumber: string) =>
    call<{ order: Order }>('POST', '/api/payment/halyk/status', { orderNumber }),
  /**
   * Starts (or answers the open) Kaspi payment of the customer's Kaspi order (issue 33): a QR, the app link or an
   * invoice to `phone`. ApiError 409 4021 not payable, 502 4020 Kaspi unavailable.
   */
  kaspiStart: (body: KaspiStartBody) => call<KaspiPayment>('POST', '/api/payment/kaspi/start', body),
  /** The order's Kaspi payment as the shop last read it (the thank-you page asks every `pollSeconds`). */
  kaspiStatus: (orderNumber: string) =>
    call<KaspiPayment>('POST', '/api/payment/kaspi/status', { orderNumber }),
});

/** Information pages and the seller's details (module `content`). */
const contentCalls = (call: Call) => ({
  contentPages: (locale?: string) =>
    call<ContentPageSummary[]>('GET', '/api/content/pages', undefined, { locale }),
  contentPage: (slug: string, locale?: string) =>
    call<ContentPage>('GET', `/api/content/pages/${enc(slug)}`, undefined, { locale }),
  seller: () => call<SellerDetails>('GET', '/api/content/seller'),
});

/** Reviews and questions of products (issue 10): the product page's, the customer's own, writing and votes. */
const feedbackCalls = (call: Call) => ({
  reviewSummary: (slug: string) => call<ReviewSummary>('GET', `/api/review/product/${enc(slug)}/summary`),
  /** «Ваш размер» (issue 35 item 6): with the customer's token when signed in, the reviews' fit only without. */
  fitSuggestion: (slug: string) => call<FitSuggestion>('GET', `/api/catalog/product/${enc(slug)}/fit`),
  productReviews: (slug: string, q: { page?: number; sort?: ReviewSort } = {}) =>
    call<ReviewPage>('GET', `/api/review/product/${enc(slug)}`, undefined, q),
  productQuestions: (slug: string, q: { page?: number } = {}) =>
    call<QuestionPage>('GET', `/api/question/product/${enc(slug)}`, undefined, q),
  /** ApiError 422 code 5001 when the product is not in a completed order of the customer; 409 5002 when already reviewed. */
  createReview: (body: CreateReviewBody) => call<{ review: MyReview }>('POST', '/api/review/create', body),
  myReviews: () => call<{ items: MyReview[] }>('GET', '/api/review/my'),
  markReviewHelpful: (id: string) => call<{ helpfulCount: number }>('POST', `/api/review/${enc(id)}/helpful`),
  askQuestion: (body: CreateQuestionBody) =>
    call<{ question: MyQuestion }>('POST', '/api/question/create', body),
  myQuestions: (q: { page?: number } = {}) =>
    call<{ items: MyQuestion[]; page: number; pageSize: number; total: number; pageCount: number }>(
      'GET',
      '/api/question/my',
      undefined,
      q,
    ),
});

/** «Сообщить о поступлении» (issue 35 item 4): subscribe to a sold-out size, unsubscribe by the link's token. */
const stockAlertCalls = (call: Call) => ({
  /** ApiError 400 bad contact or no consent; 404 SKU or city; 409 in stock in the city; 429 too many. */
  subscribeStockAlert: (body: StockAlertSubscribeBody) =>
    call<StockAlertSubscription>('POST', '/api/stock-alert', body),
  /** ApiError 404 for an unknown token. */
  unsubscribeStockAlert: (token: string) =>
    call<StockAlertSubscription>('POST', '/api/stock-alert/unsubscribe', { token }),
});

/**
 * Typed client of the Kiim API (spec §7 paths exactly). Every method returns the `data` of the answer.
 * Every call goes through the request rules of spec §8 and §9, kept here and nowhere else:
 * - `X-Authorization` carries the token while signed in (spec §7);
 * - a `403 Token has expired` is answered by exchanging the token once (`auth-by-expired-token`, shared
 *   by parallel calls of this client) and repeating the call with the new token (`onTokenRefreshed`);
 *   if the exchange is refused (403), or any other 403 comes while a token was sent, the client forgets
 *   the token and calls `onLoggedOut` (spec §8: log out and send to /);
 * - idempotent calls are retried once on 408, 409, 425, 429, 500, 502, 503, 504 (spec §9).
 * @throws ApiError for any non-2xx answer left after these rules.
 */
export function createApiClient(opts: ApiClientOptions) {
  const { state, call } = transport(opts);
  return {
    /** The current token (after an exchange, the new one; after a forced logout, undefined). */
    get token() {
      return state.token;
    },
    /** True once the client logged the customer out (spec §8). */
    get loggedOut() {
      return state.loggedOut;
    },
    /** A client with the same transport and another token (and, optionally, other headers or hooks). */
    withToken: (token: string | undefined, more: Omit<Partial<ApiClientOptions>, 'token'> = {}) =>
      createApiClient({ ...opts, ...more, token }),
    ...catalogCalls(call),
    ...listCalls(call),
    ...customerCalls(call, state),
    ...orderCalls(call),
    ...contentCalls(call),
    ...feedbackCalls(call),
    ...stockAlertCalls(call),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
