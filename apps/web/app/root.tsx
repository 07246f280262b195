import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  isRouteErrorResponse,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from 'react-router';
import { COOKIE } from '@kiim/contract/enums';
import type { City, Customer } from '@kiim/contract';
import type { Route } from './+types/root';
import stylesHref from './styles.css?url';
import { accountMiddleware, apiFor, isApiStatus } from './lib/api.server.ts';
import { clearCookie, currentCityId, readCookie, shopCookie } from './lib/cookies.server.ts';
import { loadHeaderLists } from './lib/cart-wishlist.server.ts';
import { Header } from './components/Header.tsx';
import { Footer } from './components/Footer.tsx';
import { SignInDialog } from './components/SignInDialog.tsx';
import { NotFound } from './components/NotFound.tsx';
import { SearchPlugin } from './components/SearchPlugin.tsx';
import { publicConfig, type PublicConfig } from './lib/public-config.server.ts';

/**
 * Every request first goes through the account middleware (spec §8 request rules: a refreshed token is written
 * back to the cookie, a forced logout sends to /; spec §2 customer_gender cookie rule).
 */
export const middleware: Route.MiddlewareFunction[] = [accountMiddleware];

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesHref },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export interface RootData {
  customer: Customer | null;
  cities: City[];
  city: City | null;
  cartCount: number;
  /** The wishlist's products and the size each was added in (header count, filled hearts). */
  wishlist: { productId: number; externalId: string }[];
  /** The allow-listed public configuration (the search plugin of spec §1). */
  publicConfig: PublicConfig;
}

/**
 * Data every page shows in its header: the signed-in customer (spec §4: a present, valid token means
 * signed in), the cities and the current one (cookie `city_id`, default 1; set with `stock_api_region_id` and
 * `region_name` on the first visit, spec §3), the cart's capped count (spec §9) and the wishlist's products.
 * An invalid token is cleared (spec §8: any 403 logs out).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFor(request, context);
  const cityId = currentCityId(request);
  const headers = new Headers();
  const [customer, cities, lists] = await Promise.all([
    api.token
      ? api.customer().catch((e) => {
          if (isApiStatus(e, 401, 403)) {
            headers.append('Set-Cookie', clearCookie(COOKIE.customerToken));
            return null;
          }
          throw e;
        })
      : null,
    api.cities(),
    // Cart and wishlist errors are swallowed (spec §8): the header then shows them empty.
    loadHeaderLists(request, api, cityId, headers),
  ]);
  const city = cities.find((c) => c.id === cityId) ?? cities[0] ?? null;
  if (city && (!readCookie(request, COOKIE.cityId) || city.id !== cityId)) {
    // The first city loaded becomes the current city (spec §3); its cookies are kept for a year (spec §9).
    headers.append('Set-Cookie', shopCookie(COOKIE.cityId, String(city.id)));
    headers.append('Set-Cookie', shopCookie(COOKIE.stockApiRegionId, String(city.id)));
    headers.append('Set-Cookie', shopCookie(COOKIE.regionName, city.name));
  }
  return data<RootData>({ customer, cities, city, ...lists, publicConfig: publicConfig() }, { headers });
}

/** The root data does not change on plain navigation: reload it only after a form submission. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && formMethod !== 'GET' ? defaultShouldRevalidate : false;

/** Root data from any component (undefined while the root failed). */
export const useRootData = () => useRouteLoaderData<RootData>('root');

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d1d1f" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <Header />
      <main className="page">
        <Outlet />
      </main>
      <Footer />
      <SignInDialog />
      <SearchPlugin />
    </>
  );
}

/** Any error below the root: the 404 screen for 404s (spec §2), a polite apology otherwise. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound && typeof window === 'undefined') console.warn(error);
  return (
    <>
      <Header />
      <main className="page">
        {notFound ? (
          <NotFound />
        ) : (
          <section className="message-page">
            <h1>Что-то пошло не так</h1>
            <p>Мы уже разбираемся. Попробуйте обновить страницу через минуту.</p>
            <a className="button" href="/">
              На главную
            </a>
          </section>
        )}
      </main>
      <Footer />
    </>
  );
}
