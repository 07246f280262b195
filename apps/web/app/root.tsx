import {
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  data,
  isRouteErrorResponse,
  type ShouldRevalidateFunction,
} from 'react-router';
import { COOKIE } from '@kiim/contract/enums';
import type { Route } from './+types/root';
import { accountMiddleware, customerOf, isApiStatus, withoutApi } from './lib/api.server.ts';
import { isUnavailablePage } from './lib/unavailable.ts';
import { clearCookie, readCookie, shopCookie } from './lib/cookies.server.ts';
import { headerLists, shopperOf } from './lib/lists.server.ts';
import { publicConfig, siteOrigin } from './lib/public-config.server.ts';
import { langCookie, langOf, rememberLanguage, shellTexts } from './lib/lang.server.ts';
import { useT } from './lib/text.ts';
import { useRootData } from './lib/root-data.ts';
import { LangAlternates } from './components/LangSwitch.tsx';
import type { RootData } from './lib/root-data.ts';
import { Header } from './components/Header.tsx';
import { Footer } from './components/Footer.tsx';
import { SignInDialog } from './components/sign-in/SignInDialog.tsx';
import { NotFound } from './components/NotFound.tsx';
import { SearchPlugin } from './components/SearchPlugin.tsx';
import { BuildWatcher } from './components/BuildWatcher.tsx';
import { NavigationProgress } from './components/NavigationProgress.tsx';
import { RELOAD_GUARD_SCRIPT } from './lib/new-build.ts';
import { useNonce } from './lib/nonce.ts';
import { PageStyles } from './lib/page-styles.tsx';
import { DeferredScripts } from './lib/deferred-scripts.tsx';
import { useHydratedMark } from './lib/hydration.ts';

/**
 * Every request first goes through the account middleware (spec §8 request rules: a refreshed token is written
 * back to the cookie, a forced logout sends to /; spec §2 customer_gender cookie rule).
 */
export const middleware: Route.MiddlewareFunction[] = [accountMiddleware];

/** The stylesheet is not a link: it is inline in the head ({@link PageStyles}, issue 14). */
export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/**
 * Data every page shows in its header: the signed-in customer (spec §4: a present, valid token means
 * signed in), the cities and the current one (cookie `city_id`, default 1; set with `stock_api_region_id` and
 * `region_name` on the first visit, spec §3), the cart's capped count (spec §9) and the wishlist's products.
 * An invalid token is cleared (spec §8: any 403 logs out). The footer's seller details come with them.
 * The API failing (down, 5xx) never fails this loader: the header shows no customer and no cities, and the page
 * or its error screen keeps its texts (they are the storefront's own, issue 27 item 8).
 * The page's language and the texts of every page only (issue 13, 14); `?lang=` also stores the choice in the
 * `lang` cookie.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shopper = shopperOf(request, context);
  const { headers, cityId } = shopper;
  const { lang, fromQuery } = langOf(request);
  if (fromQuery) headers.append('Set-Cookie', langCookie(lang));
  const onCartPage = /^\/cart\/?$/i.test(new URL(request.url).pathname);
  const [customer, cities, lists, seller] = await Promise.all([
    customerOf(request, context).catch((e) => {
      if (!isApiStatus(e, 401, 403)) return withoutApi(e, null);
      headers.append('Set-Cookie', clearCookie(COOKIE.customerToken));
      return null;
    }),
    shopper.api.cities().catch((e) => withoutApi(e, [])),
    // Cart and wishlist errors are swallowed (spec §8): the header then shows them empty.
    headerLists(shopper, onCartPage),
    // The footer's legal details: configuration the API always has; without them the footer shows its links only.
    shopper.api.seller().catch(() => null),
  ]);
  // A signed-in shopper's switch (`?lang=`) is stored with the customer too (issue 13).
  if (fromQuery && customer) await rememberLanguage(request, shopper.api);
  // A city found through the carrier (decision 073) is not on the header's list: it is read by itself, with the
  // carrier's period; unknown or unreadable, the first city is taken instead.
  const city =
    cities.find((c) => c.id === cityId) ??
    (cityId && cities.length > 0 ? await shopper.api.city(cityId).catch(() => null) : null) ??
    cities[0] ??
    null;
  if (city && (!readCookie(request, COOKIE.cityId) || city.id !== cityId)) {
    // The first city loaded becomes the current city (spec §3); its cookies are kept for a year (spec §9).
    headers.append('Set-Cookie', shopCookie(COOKIE.cityId, String(city.id)));
    headers.append('Set-Cookie', shopCookie(COOKIE.stockApiRegionId, String(city.id)));
    headers.append('Set-Cookie', shopCookie(COOKIE.regionName, city.name));
  }
  const i18n = { lang, messages: shellTexts(lang), origin: siteOrigin(request) };
  return data<RootData>(
    { customer, cities, city, ...lists, publicConfig: publicConfig(), seller, ...i18n },
    { headers },
  );
}

/**
 * The page's headers: none of the routes' own (their cookies still pass, React Router's default), but a 503 page
 * (issue 27) keeps the Retry-After its error carried.
 */
export const headers: Route.HeadersFunction = ({ errorHeaders }) => {
  const headers = new Headers();
  const retry = errorHeaders?.get('retry-after');
  if (retry) headers.set('retry-after', retry);
  return headers;
};

/**
 * The root data does not change on plain navigation (links, dialog steps, GET forms such as the search box):
 * it is reloaded only after a form submission (sign-in, city, cart, wishlist, profile).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
  nextUrl,
}) =>
  (formMethod !== undefined && formMethod.toUpperCase() !== 'GET') || nextUrl.searchParams.has('lang')
    ? defaultShouldRevalidate
    : false;

export function Layout({ children }: { children: React.ReactNode }) {
  // The answer's CSP nonce for the inline scripts (issue 11 §8; empty in the browser).
  const nonce = useNonce() || undefined;
  const lang = useRootData()?.lang ?? 'ru';
  useHydratedMark();
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d1d1f" />
        {/* The reload guard of spec §9 runs before any script part loads, so it also catches their failures. Its
            text is the server's only (as the starter's, lib/deferred-scripts.tsx): the browser ran it already. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? RELOAD_GUARD_SCRIPT : '' }}
        />
        <PageStyles nonce={nonce} />
        <Meta />
        <Links />
        <LangAlternates />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <DeferredScripts nonce={nonce} />
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
      <NavigationProgress />
      <BuildWatcher />
    </>
  );
}

/**
 * Any error below the root: the 404 screen for 404s (spec §2), «the shop is unavailable for a minute» for a 503 of
 * the API's database (issue 27: its texts come with the error, the root data may be missing), a polite apology
 * otherwise.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useT();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const unavailable =
    isRouteErrorResponse(error) && isUnavailablePage(error.data) ? error.data.unavailable : null;
  if (!notFound && !unavailable && typeof window === 'undefined') console.warn(error);
  return (
    <>
      <Header />
      <main className="page">
        {notFound ? (
          <NotFound />
        ) : unavailable ? (
          <section className="message-page">
            <h1>{unavailable.title}</h1>
            <p>{unavailable.text}</p>
          </section>
        ) : (
          <section className="message-page">
            <h1>{t('error.title')}</h1>
            <p>{t('error.text')}</p>
            <a className="button" href="/">
              {t('common.toHome')}
            </a>
          </section>
        )}
      </main>
      <Footer />
    </>
  );
}
