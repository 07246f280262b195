import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#app/db/database.ts';
import { catalogueVersion } from '#app/modules/catalog/catalog.service.ts';
import { visibleStock } from '#app/modules/inventory/inventory.service.ts';
import { safeEqual } from '#app/lib/ids.ts';
import { writeFeed, type FeedProblem } from './kaspi.feed.build.ts';
import * as repo from './kaspi.feed.repository.ts';

// The Kaspi Магазин price feed served to Kaspi (issue 33 Part B item 5, docs/decisions/063): made from the marked
// SKUs, kept in this process until the catalogue (stock, prices, products: its version) or the feed settings (their
// version) change; concurrent requests share one build; a failed build leaves the last good file served.

/** One built feed: the XML bytes and the versions it was made at. */
interface Built {
  key: string;
  body: Buffer;
}

interface FeedCache {
  last: Built | null;
  /** The build under way, with the key it makes. */
  pending: { key: string; done: Promise<Built> } | null;
  /** Builds started in this process (the single-flight check of the tests and the bench). */
  builds: number;
}

const caches = new WeakMap<object, FeedCache>();

function cacheOf(db: Db): FeedCache {
  let c = caches.get(db);
  if (!c) {
    c = { last: null, pending: null, builds: 0 };
    caches.set(db, c);
  }
  return c;
}

/** Makes the whole feed now, records the build figures and the SKUs sent. */
export async function buildFeed(
  db: Db,
  at: Date,
): Promise<{ body: Buffer; offers: number; problems: FeedProblem[] }> {
  const [setting, stores, cities, sentBefore] = await Promise.all([
    repo.feedSettingRow(db),
    repo.feedStores(db),
    repo.feedCities(db),
    repo.everSent(db),
  ]);
  const chunks: Buffer[] = [];
  const defaults = new Map(stores.map((s) => [s.store_id, s.default_reserve]));
  const { problems, sent } = await writeFeed(
    {
      company: setting.company,
      merchantId: setting.merchant_id,
      stores: stores.map((s) => ({ storeId: s.store_id, cityId: s.city_id })),
      kaspiCityIds: new Map(cities.map((c) => [c.city_id, c.kaspi_city_id])),
    },
    repo.markedSkus(db, defaults, (ids) => visibleStock(db, ids)),
    sentBefore,
    at,
    (chunk) => void chunks.push(Buffer.from(chunk, 'utf8')),
  );
  const body = Buffer.concat(chunks);
  const iso = at.toISOString();
  await repo.recordSent(
    db,
    [...sent].filter((s) => !sentBefore.has(s)),
    iso,
  );
  await repo.recordBuild(db, {
    at: iso,
    offers: sent.size,
    bytes: body.length,
    problems: JSON.stringify(problems),
  });
  return { body, offers: sent.size, problems };
}

/**
 * The feed for the URL secret `secret`: null when it is not the configured one (or none is: feed off → 404).
 * From the cache while the catalogue and settings versions are unchanged; else built once for concurrent callers.
 * A failed build is logged and the last good file served; with none, the error is thrown.
 */
export async function feedFor(
  db: Db,
  secret: string,
  now: () => Date,
  log: FastifyBaseLogger,
): Promise<Buffer | null> {
  const setting = await repo.feedSettingRow(db);
  if (setting.secret === null || !safeEqual(setting.secret, secret)) return null;
  const key = `${await catalogueVersion(db)}:${setting.version}`;
  const cache = cacheOf(db);
  if (cache.last?.key === key) return cache.last.body;
  let job = cache.pending;
  if (job?.key !== key) {
    cache.builds++;
    const made = { key, done: buildFeed(db, now()).then((b) => ({ key, body: b.body })) };
    job = made;
    cache.pending = made;
    void made.done.then(
      (built) => {
        cache.last = built;
        if (cache.pending === made) cache.pending = null;
      },
      () => {
        if (cache.pending === made) cache.pending = null;
      },
    );
  }
  try {
    return (await job.done).body;
  } catch (err) {
    if (!cache.last) throw err;
    log.error({ err }, 'kaspi feed: the build failed; the last good feed is served');
    return cache.last.body;
  }
}

/** How many builds this process started for `db`. */
export const feedBuilds = (db: Db): number => cacheOf(db).builds;

/** Forgets this database's kept feed (tests; a process restart does the same). */
export function forgetFeed(db: Db): void {
  caches.delete(db);
}
