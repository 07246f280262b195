import type { Route } from './+types/robots';
import { siteOrigin } from '../../lib/public-config.server.ts';

/**
 * `/robots.txt` (SEO): crawlers may index the catalogue, not the cart, the account, search results or the API;
 * points to the sitemap at the public origin.
 */
export function loader({ request }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    'Disallow: /Cart',
    'Disallow: /cart',
    'Disallow: /personal',
    'Disallow: /auth/',
    'Disallow: /search',
    'Disallow: /api/',
    '',
    `Sitemap: ${siteOrigin(request)}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
