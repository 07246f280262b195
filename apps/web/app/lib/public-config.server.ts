import { z } from 'zod';
import type { PublicConfig } from './root-data.ts';

// Storefront configuration from the environment, validated once at start. Only what `publicConfig()` returns
// ever reaches the browser: an explicit allow-list (conventions: "what may reach the browser is an explicit
// allow-list"). Everything else stays on the server.

const Env = z.object({
  /** Public origin of the shop, for canonical links, Open Graph and the sitemap (as the API's PUBLIC_URL). */
  PUBLIC_URL: z.string().url().optional(),
  /** Spec §1: the optional search plugin script is loaded only when this is `true`. */
  SEARCH_PLUGIN_ENABLED: z.enum(['true', 'false']).default('false'),
  /** Address of the search plugin script (https, or a local path such as `/plugins/search.js`). */
  SEARCH_PLUGIN_URL: z
    .string()
    .refine((v) => /^https:\/\//.test(v) || (v.startsWith('/') && !v.startsWith('//')), { message: 'https:// address or a local path' })
    .optional(),
});

function load() {
  const parsed = Env.safeParse(process.env);
  if (!parsed.success)
    throw new Error(`Invalid storefront configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  const e = parsed.data;
  if (e.SEARCH_PLUGIN_ENABLED === 'true' && !e.SEARCH_PLUGIN_URL)
    throw new Error('Invalid storefront configuration:\n  SEARCH_PLUGIN_URL: required when SEARCH_PLUGIN_ENABLED=true');
  return e;
}

const env = load();

/** The allow-listed public configuration. */
export function publicConfig(): PublicConfig {
  return { searchPluginUrl: env.SEARCH_PLUGIN_ENABLED === 'true' ? (env.SEARCH_PLUGIN_URL ?? null) : null };
}

/** Origin for absolute links (canonical, Open Graph, sitemap): PUBLIC_URL, else the request's own origin. */
export function siteOrigin(request: Request): string {
  return (env.PUBLIC_URL ?? new URL(request.url).origin).replace(/\/+$/, '');
}
