import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

// The back office's screens (issue 15), under the basename /admin. Sign-in and invitations stand alone; everything
// else is inside the signed-in layout with the navigation, each screen behind its permission.
export default [
  route('sign-in', 'routes/sign-in.tsx'),
  route('invitation', 'routes/invitation.tsx'),
  layout('routes/layout.tsx', [
    index('routes/home.tsx'),
    route('security', 'routes/security.tsx'),
    route('staff', 'routes/staff.tsx'),
    route('api-keys', 'routes/api-keys.tsx'),
    route('audit', 'routes/audit.tsx'),
    route('system', 'routes/system.tsx'),
    route('orders', 'routes/orders.tsx'),
    route('orders/:number', 'routes/order.tsx'),
    route('notifications', 'routes/notifications.tsx'),
    route('receipts', 'routes/receipts.tsx'),
    route('customers', 'routes/customers.tsx'),
    route('customers/:id', 'routes/customer.tsx'),
    route('reviews', 'routes/reviews.tsx'),
    route('content', 'routes/content.tsx'),
    route('content/:slug', 'routes/content-page.tsx'),
    route('catalogue', 'routes/catalogue.tsx'),
    route('catalogue/new', 'routes/catalogue-product.tsx', { id: 'catalogue-new' }),
    route('catalogue/cities', 'routes/catalogue-cities.tsx'),
    route('catalogue/categories', 'routes/catalogue-categories.tsx'),
    route('catalogue/brands', 'routes/catalogue-brands.tsx'),
    route('catalogue/pickup-points', 'routes/catalogue-pickup-points.tsx'),
    route('catalogue/banners', 'routes/catalogue-banners.tsx'),
    route('catalogue/exchange', 'routes/catalogue-exchange.tsx'),
    route('catalogue/search', 'routes/catalogue-search.tsx'),
    route('catalogue/:productId', 'routes/catalogue-product.tsx'),
    route('stock', 'routes/stock.tsx'),
    route('stock/demand', 'routes/stock-demand.tsx'),
    route('catalogue/import', 'routes/catalogue-import.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
