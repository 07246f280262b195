import { type RouteConfig, index, prefix, route } from '@react-router/dev/routes';

// The route table of spec §2, one module per route. Paths match case-insensitively, so /Cart and /cart
// are the same route (spec §2 sends to /cart).
export default [
  index('routes/catalog/home.tsx'),
  route('home-zhenshiny', 'routes/catalog/home-segment.tsx', { id: 'home-zhenshiny' }),
  route('home-muzhchiny', 'routes/catalog/home-segment.tsx', { id: 'home-muzhchiny' }),
  route('category/:slug', 'routes/catalog/category.tsx'),
  route('product/:slug', 'routes/catalog/product.tsx'),
  // «Ваш размер» (issue 35 item 6): read by the product page after it has shown.
  route('product/:slug/fit', 'routes/catalog/fit.ts'),
  route('brands', 'routes/catalog/brands.tsx'),
  route('carousel', 'routes/catalog/carousel.tsx'),
  // Search results and catalogue-wide lists (`?q=`, `?brand=`, `?discount=1`): the header's search box.
  route('search', 'routes/catalog/search.tsx'),
  route('sitemap.xml', 'routes/catalog/sitemap.ts'),
  route('robots.txt', 'routes/catalog/robots.ts'),
  ...prefix('Cart', [
    index('routes/cart/cart.tsx'),
    route('checkout', 'routes/cart/checkout.tsx'),
    route('thankyou', 'routes/cart/thankyou.tsx'),
    // The Kaspi payment's state, polled by the thank-you page's Kaspi panel (issue 33).
    route('kaspi-status', 'routes/cart/kaspi-status.ts'),
    // An order's fiscal receipts, polled while one is being made (issue 32).
    route('receipts', 'routes/cart/receipts.ts'),
  ]),
  // Information pages (spec §2): the index and the eight pages, whose texts are content (API module `content`).
  route('info', 'routes/info/index.tsx'),
  route('info/:slug', 'routes/info/page.tsx'),
  route('auth/sign-in', 'routes/auth/sign-in.tsx'),
  route('auth/sign-out', 'routes/auth/sign-out.tsx'),
  // The header's city chooser (its form, and the page of its city search without JS, decision 073) and the
  // wishlist hearts' resource route (forms that work without JS).
  route('city', 'routes/city.tsx'),
  route('wishlist', 'routes/wishlist/toggle.tsx'),
  // «Сообщить о поступлении» (issue 35 item 4): the product page's form, and the unsubscribe link's page.
  route('stock-alert', 'routes/stock-alert/subscribe.tsx'),
  route('stock-alert/off/:token', 'routes/stock-alert/off.tsx'),
  route('personal', 'routes/personal/layout.tsx', [
    index('routes/personal/profile.tsx'),
    route('orders', 'routes/personal/orders-index.tsx'),
    route('orders/pending', 'routes/personal/orders.tsx', { id: 'orders-pending' }),
    route('orders/completed', 'routes/personal/orders.tsx', { id: 'orders-completed' }),
    route('orders/details/:id', 'routes/personal/order-details.tsx'),
    route('wishlist', 'routes/personal/wishlist.tsx'),
    // Issue 10: the customer's reviews and questions (type questions or reviews, spec §2) and the review form.
    route('content/:type', 'routes/personal/content.tsx'),
    route('review', 'routes/personal/review.tsx'),
    // Any other /personal path: a visitor is sent to / (spec §2), a signed-in customer sees the 404 screen.
    route('*', 'routes/personal/unknown.tsx'),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
