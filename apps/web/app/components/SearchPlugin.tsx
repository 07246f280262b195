import { useRootData } from '../lib/root-data.ts';

/**
 * The optional search plugin script of spec §1: rendered only when the public configuration names one
 * (SEARCH_PLUGIN_ENABLED=true with SEARCH_PLUGIN_URL, app/lib/public-config.server.ts). Async, so it never
 * blocks the page; React places it in the document head.
 */
export function SearchPlugin() {
  const url = useRootData()?.publicConfig.searchPluginUrl;
  return url ? <script async src={url} data-testid="search-plugin" /> : null;
}
