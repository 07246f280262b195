import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/root';
import stylesHref from './admin.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesHref },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** The document of every back-office page (Russian, never indexed). */
export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>Kiim — панель управления</title>
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
  return <Outlet />;
}

/**
 * Shown while the first page's data loads. The back office is a single-page app (decision 014), so a browser without
 * JavaScript is told so instead of waiting on «Загрузка…» (decision 030).
 */
export function HydrateFallback() {
  return (
    <>
      <p className="page-loading">Загрузка панели управления…</p>
      <noscript>
        <p className="page-loading">
          Панель управления работает только с включённым JavaScript. Включите его в настройках браузера и
          обновите страницу.
        </p>
      </noscript>
    </>
  );
}

/** Errors outside the signed-in layout (the layout has its own boundary with the navigation). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main className="centered">
      <ErrorPanel error={error} />
    </main>
  );
}

/** A refusal or failure as staff read it: 403 «Нет доступа», 404, or a generic error. */
export function ErrorPanel({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [title, text] =
    status === 403
      ? [
          'Нет доступа',
          'Этот раздел недоступен для вашей роли. Если он нужен вам для работы, обратитесь к владельцу магазина.',
        ]
      : status === 404
        ? ['Страница не найдена', 'Проверьте адрес или вернитесь на главную панели.']
        : ['Что-то пошло не так', 'Обновите страницу. Если ошибка повторится, сообщите владельцу магазина.'];
  return (
    <section className="panel error-panel" data-status={status}>
      <h1>{title}</h1>
      <p>{text}</p>
      <a className="button" href="/admin/">
        На главную
      </a>
    </section>
  );
}
