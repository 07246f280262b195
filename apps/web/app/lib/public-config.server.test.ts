import { afterEach, describe, expect, it, vi } from 'vitest';

// The allow-list of public configuration (spec §1: the search plugin script only when its flag is on).

const load = async (env: Record<string, string | undefined>) => {
  vi.resetModules();
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v as string);
  return import('./public-config.server.ts');
};

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('public configuration', () => {
  it('names no search plugin while the flag is off, even with a URL', async () => {
    const c = await load({
      SEARCH_PLUGIN_ENABLED: 'false',
      SEARCH_PLUGIN_URL: 'https://search.example/plugin.js',
    });
    expect(c.publicConfig()).toEqual({ searchPluginUrl: null, map: null });
  });

  it('names the plugin URL when the flag is on, and nothing else reaches the browser', async () => {
    const c = await load({
      SEARCH_PLUGIN_ENABLED: 'true',
      SEARCH_PLUGIN_URL: 'https://search.example/plugin.js',
      OTP_SECRET: 'secret-value',
    });
    expect(c.publicConfig()).toEqual({ searchPluginUrl: 'https://search.example/plugin.js', map: null });
  });

  it('refuses to start with the flag on and no URL, or a URL that is not https or local', async () => {
    await expect(load({ SEARCH_PLUGIN_ENABLED: 'true', SEARCH_PLUGIN_URL: '' })).rejects.toThrow(
      /SEARCH_PLUGIN_URL/,
    );
    await expect(
      load({ SEARCH_PLUGIN_ENABLED: 'true', SEARCH_PLUGIN_URL: 'http://insecure.example/p.js' }),
    ).rejects.toThrow(/SEARCH_PLUGIN_URL/);
    await expect(load({ SEARCH_PLUGIN_ENABLED: 'yes' })).rejects.toThrow(/SEARCH_PLUGIN_ENABLED/);
  });

  it('names a map tile source only when one is configured, with its attribution', async () => {
    const tiles = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
    const c = await load({ MAP_TILE_URL: tiles, MAP_ATTRIBUTION: '© OpenStreetMap' });
    expect(c.publicConfig().map).toEqual({ tileUrl: tiles, attribution: '© OpenStreetMap' });
    await expect(load({ MAP_TILE_URL: tiles, MAP_ATTRIBUTION: undefined })).rejects.toThrow(
      /MAP_ATTRIBUTION: required/,
    );
    await expect(
      load({ MAP_TILE_URL: 'http://tiles.example/{z}/{x}/{y}.png', MAP_ATTRIBUTION: 'x' }),
    ).rejects.toThrow(/MAP_TILE_URL/);
    await expect(
      load({ MAP_TILE_URL: 'https://tiles.example/map.png', MAP_ATTRIBUTION: 'x' }),
    ).rejects.toThrow(/MAP_TILE_URL/);
  });

  it('uses PUBLIC_URL for absolute links, else the request origin', async () => {
    const withUrl = await load({ PUBLIC_URL: 'https://kiim.kz/' });
    expect(withUrl.siteOrigin(new Request('http://127.0.0.1:3000/x'))).toBe('https://kiim.kz');
    const without = await load({ PUBLIC_URL: undefined });
    expect(without.siteOrigin(new Request('http://127.0.0.1:3000/x'))).toBe('http://127.0.0.1:3000');
  });
});
