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
    .refine((v) => /^https:\/\//.test(v) || (v.startsWith('/') && !v.startsWith('//')), {
      message: 'https:// address or a local path',
    })
    .optional(),
  /**
   * Optional real map of pickup points (checkout, /info/stores): a raster tile URL template with `{z}`, `{x}`, `{y}`
   * (and optionally `{s}`) over https, e.g. `https://tile.openstreetmap.org/{z}/{x}/{y}.png`. Unset: the drawn
   * scheme only (and nothing of a map library is ever loaded).
   */
  MAP_TILE_URL: z
    .string()
    .refine((v) => /^https:\/\/[^\s]+$/.test(v) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p)), {
      message: 'https:// URL template with {z}, {x} and {y}',
    })
    .optional(),
  /** Attribution the tile provider requires, shown on the map (required with MAP_TILE_URL). */
  MAP_ATTRIBUTION: z.string().max(300).optional(),
});

function load() {
  const parsed = Env.safeParse(process.env);
  if (!parsed.success)
    throw new Error(
      `Invalid storefront configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  const e = parsed.data;
  const problems: string[] = [];
  if (e.SEARCH_PLUGIN_ENABLED === 'true' && !e.SEARCH_PLUGIN_URL)
    problems.push('SEARCH_PLUGIN_URL: required when SEARCH_PLUGIN_ENABLED=true');
  if (e.MAP_TILE_URL && !e.MAP_ATTRIBUTION)
    problems.push('MAP_ATTRIBUTION: required when MAP_TILE_URL is set');
  if (problems.length)
    throw new Error(`Invalid storefront configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return e;
}

const env = load();

/** The allow-listed public configuration. */
export function publicConfig(): PublicConfig {
  return {
    searchPluginUrl: env.SEARCH_PLUGIN_ENABLED === 'true' ? (env.SEARCH_PLUGIN_URL ?? null) : null,
    map: env.MAP_TILE_URL ? { tileUrl: env.MAP_TILE_URL, attribution: env.MAP_ATTRIBUTION ?? '' } : null,
  };
}

/** Origin for absolute links (canonical, Open Graph, sitemap): PUBLIC_URL, else the request's own origin. */
export function siteOrigin(request: Request): string {
  return (env.PUBLIC_URL ?? new URL(request.url).origin).replace(/\/+$/, '');
}
