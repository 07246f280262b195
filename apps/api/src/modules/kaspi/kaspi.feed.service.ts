import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#app/db/database.ts';
import { catalogueVersion } from '#app/modules/catalog/catalog.service.ts';
import { visibleStockByCity } from '#app/modules/inventory/inventory.service.ts';
import { safeEqual } from '#app/lib/ids.ts';
import { writeFeed, type FeedProblem } from './kaspi.feed.build.ts';
import {
  describeFeedFile,
  feedDir,
  feedFileName,
  newestFeedFile,
  openFeedFile,
  type FeedFile,
} from './kaspi.feed.file.ts';
import * as repo from './kaspi.feed.repository.ts';

// The Kaspi Магазин price feed served to Kaspi (issue 33 Part B item 5, docs/decisions/063 and 071): written page
// by page into a file in the media dir, renamed into place when complete, and served from that file until the
// catalogue (stock, prices, products: its version) or the feed settings (their version) change; concurrent
// requests share one build; a failed build leaves the last good file served.

/** A built feed file and the versions (`catalogue:settings`) it was made at. */
type Built = FeedFile & { key: string };

interface FeedCache {
  last: Built | null;
  /** The build under way, with the key it was asked for. */
  pending: { key: string; done: Promise<Built> } | null;
  /** Builds started in this process (the single-flight check of the tests and the bench). */
  builds: number;
}

const caches = new WeakMap<object, FeedCache>();
/** Rebuilds when staff change the marks during a build (the snapshot may then list a SKU twice or miss one). */
const SETTLE_ATTEMPTS = 3;
/** SKUs first sent, remembered in batches of this many while the feed is written. */
const SENT_BATCH = 5000;

function cacheOf(db: Db): FeedCache {
  let c = caches.get(db);
  if (!c) {
    c = { last: null, pending: null, builds: 0 };
    caches.set(db, c);
  }
  return c;
}

/**
 * Writes the whole feed for the versions `catalogue`:`settings version` into `mediaDir`'s feed folder (a temporary
 * file renamed into place), records the SKUs sent for the first time and the build's figures. Memory: one page of
 * SKUs and one 256 KB block. When the settings change during the build, builds again (at most 3 times).
 * @throws FeedSourceEmptyError (nothing marked while SKUs were sent before) and database or disk errors; the
 * temporary file is removed and the previous file stays.
 */
export async function buildFeed(
  db: Db,
  mediaDir: string,
  at: Date,
): Promise<Built & { offers: number; problems: FeedProblem[] }> {
  for (let attempt = 1; ; attempt++) {
    const [setting, stores, cities, any, catalogue] = await Promise.all([
      repo.feedSettingRow(db),
      repo.feedStores(db),
      repo.feedCities(db),
      repo.anySent(db),
      catalogueVersion(db),
    ]);
    const key = `${catalogue}:${setting.version}`;
    const dir = feedDir(mediaDir);
    const out = await openFeedFile(dir, feedFileName(dir, key));
    let firstSent: string[] = [];
    const remember = async () => {
      const ids = firstSent;
      firstSent = [];
      if (ids.length > 0) await repo.recordSent(db, ids, at.toISOString());
    };
    try {
      const defaults = new Map(stores.map((s) => [s.store_id, s.default_reserve]));
      const { problems, offers } = await writeFeed(
        {
          company: setting.company,
          merchantId: setting.merchant_id,
          stores: stores.map((s) => ({ storeId: s.store_id, cityId: s.city_id })),
          kaspiCityIds: new Map(cities.map((c) => [c.city_id, c.kaspi_city_id])),
        },
        repo.markedSkus(db, defaults, (ids) => visibleStockByCity(db, ids)),
        { any, unmarked: () => repo.unmarkedSent(db) },
        at,
        {
          write: out.write,
          firstSent: async (id) => {
            firstSent.push(id);
            if (firstSent.length >= SENT_BATCH) await remember();
          },
        },
      );
      await remember();
      const after = await repo.feedSettingRow(db);
      if (after.version !== setting.version && attempt < SETTLE_ATTEMPTS) {
        await out.abort();
        continue;
      }
      const file = await out.commit();
      await repo.recordBuild(db, {
        at: at.toISOString(),
        offers,
        bytes: file.bytes,
        problems: JSON.stringify(problems),
      });
      return { ...file, key, offers, problems };
    } catch (err) {
      await out.abort();
      throw err;
    }
  }
}

/**
 * The feed file for the URL secret `secret`: null when it is not the configured one (or none is: feed off → 404).
 * The kept file while the catalogue and settings versions are unchanged; else one made for these versions by any
 * process of the shop (a file of that name in the feed folder); else built once for concurrent callers. A failed
 * build is logged and the last good file served (this process's, else the newest in the folder); with none, the
 * error is thrown.
 */
export async function feedFor(
  db: Db,
  secret: string,
  mediaDir: string,
  now: () => Date,
  log: FastifyBaseLogger,
): Promise<FeedFile | null> {
  const setting = await repo.feedSettingRow(db);
  if (setting.secret === null || !safeEqual(setting.secret, secret)) return null;
  const key = `${await catalogueVersion(db)}:${setting.version}`;
  const cache = cacheOf(db);
  if (cache.last?.key === key) {
    const kept = await describeFeedFile(cache.last.file);
    if (kept) return kept;
    cache.last = null;
  }
  const ready = await describeFeedFile(feedFileName(feedDir(mediaDir), key));
  if (ready) {
    cache.last = { ...ready, key };
    return ready;
  }
  let job = cache.pending;
  if (job?.key !== key) {
    cache.builds++;
    const made = { key, done: buildFeed(db, mediaDir, now()) };
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
    return await job.done;
  } catch (err) {
    const last =
      (cache.last && (await describeFeedFile(cache.last.file))) ?? (await newestFeedFile(feedDir(mediaDir)));
    if (!last) throw err;
    log.error({ err }, 'kaspi feed: the build failed; the last good feed is served');
    return last;
  }
}

/** How many builds this process started for `db`. */
export const feedBuilds = (db: Db): number => cacheOf(db).builds;

/** Forgets this database's kept feed (tests; a process restart does the same). The files stay on disk. */
export function forgetFeed(db: Db): void {
  caches.delete(db);
}
