import type { Route } from './+types/sitemap';
import { apiFor } from '../../lib/api.server.ts';
import { siteOrigin } from '../../lib/public-config.server.ts';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * `/sitemap.xml` (SEO): the home pages, brands, every category and every active product, with absolute URLs
 * (PUBLIC_URL) and the products' last change dates. Cached by browsers and crawlers for an hour.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFor(request, context);
  const origin = siteOrigin(request);
  const [tree, products] = await Promise.all([api.categoryTree(), api.productSlugs()]);
  const urls = [
    { loc: '/', priority: '1.0' },
    { loc: '/home-zhenshiny', priority: '0.9' },
    { loc: '/home-muzhchiny', priority: '0.9' },
    { loc: '/brands', priority: '0.5' },
    ...tree.flatMap((n) => n.categories.map((c) => ({ loc: `/category/${c.slug}`, priority: '0.8' }))),
    ...products.map((p) => ({ loc: `/product/${p.slug}`, priority: '0.6', lastmod: p.updatedAt })),
  ];
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls
      .map((u) => `<url><loc>${escape(origin + u.loc)}</loc>${'lastmod' in u && u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}<priority>${u.priority}</priority></url>`)
      .join('\n') +
    '\n</urlset>\n';
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}
