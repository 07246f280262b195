import type { Route } from './+types/sitemap';
import { apiFor } from '../../lib/api.server.ts';
import { siteOrigin } from '../../lib/public-config.server.ts';
import { LANGS, type Lang } from '@kiim/contract/text';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The address of a page in a language (issue 13): Russian as it is, Kazakh with `?lang=kk`. */
const inLang = (loc: string, lang: Lang) => (lang === 'kk' ? `${loc}?lang=kk` : loc);

/** One page in both languages: a `<url>` per language, each listing both as `hreflang` alternates. */
function entries(origin: string, u: { loc: string; priority: string; lastmod?: string }): string[] {
  const alternates = LANGS.map(
    (l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escape(origin + inLang(u.loc, l))}"/>`,
  ).join('');
  return LANGS.map(
    (l) =>
      `<url><loc>${escape(origin + inLang(u.loc, l))}</loc>${alternates}${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}<priority>${u.priority}</priority></url>`,
  );
}

/**
 * `/sitemap.xml` (SEO): the home pages, brands, the information index and its published pages (spec §2), every
 * category and every active product, with absolute URLs
 * (PUBLIC_URL) and the products' last change dates, each in Russian and in Kazakh (`?lang=kk`) with `hreflang`
 * alternates (issue 13). Cached by browsers and crawlers for an hour.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFor(request, context);
  const origin = siteOrigin(request);
  const [tree, products, infoPages] = await Promise.all([
    api.categoryTree(),
    api.productSlugs(),
    api.contentPages(),
  ]);
  const urls: { loc: string; priority: string; lastmod?: string }[] = [
    { loc: '/', priority: '1.0' },
    { loc: '/home-zhenshiny', priority: '0.9' },
    { loc: '/home-muzhchiny', priority: '0.9' },
    { loc: '/brands', priority: '0.5' },
    { loc: '/info', priority: '0.3' },
    ...infoPages.map((p) => ({ loc: `/info/${p.slug}`, priority: '0.3', lastmod: p.updatedAt })),
    ...tree.flatMap((n) => n.categories.map((c) => ({ loc: `/category/${c.slug}`, priority: '0.8' }))),
    ...products.map((p) => ({ loc: `/product/${p.slug}`, priority: '0.6', lastmod: p.updatedAt })),
  ];
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.flatMap((u) => entries(origin, u)).join('\n') +
    '\n</urlset>\n';
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
