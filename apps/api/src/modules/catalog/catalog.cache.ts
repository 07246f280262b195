import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import type { DbOrTrx } from '#app/db/database.ts';
import { catalogVersion } from './catalog.repository.ts';
import { ownBuffer } from '#app/lib/own-buffer.ts';

// Catalogue answers cached in this process, keyed by request and by the catalogue version
// (docs/decisions/008-catalogue-stock-summary-and-cache.md). The version is a counter row that database
// triggers bump in the same transaction as any change of stock, products, prices, banners or cities, and it
// is read on every lookup: an answer is served only while the catalogue is exactly as it was when the answer
// was made, so the cache never shows a stale stock state, on one process or many (nothing in memory is the
// source of truth).

/** Most answers kept per database, and most memory their bytes may take (other values count 4 KB). */
const MAX_ENTRIES = 5_000;
const MAX_BYTES = 64 * 1024 * 1024;

interface Entry {
  version: number;
  value: unknown;
}

interface Store {
  lru: LRUCache<string, Entry>;
  /** Answers being made: concurrent requests for the same key share one computation. */
  pending: Map<string, Promise<unknown>>;
  /** Version and key of the answers of {@link cachedReply} asked once and not kept (yet). */
  askedOnce: Set<string>;
}

/** Most keys remembered as asked once (a full set is emptied and filled again). */
const MAX_ASKED_ONCE = 20_000;

const stores = new WeakMap<object, Store>();

/**
 * The catalogue version each kept ready-JSON answer was made at (a buffer is made once, at one version, and never
 * changes). Only answers the cache keeps are listed: an answer asked once is not (plugins/answer-lane.ts serves only these).
 */
const keptAt = new WeakMap<Buffer, number>();

/**
 * The catalogue version `answer` was made at, when it is an answer this cache keeps (a ready-JSON buffer of
 * {@link cachedAnswer} or {@link cachedReply} asked more than once); undefined for any other buffer.
 */
export const keptAnswerVersion = (answer: Buffer): number | undefined => keptAt.get(answer);

function storeOf(db: DbOrTrx): Store {
  let store = stores.get(db);
  if (!store) {
    store = {
      lru: new LRUCache<string, Entry>({
        max: MAX_ENTRIES,
        maxSize: MAX_BYTES,
        sizeCalculation: (e) => (Buffer.isBuffer(e.value) ? e.value.length : 4096),
      }),
      pending: new Map(),
      askedOnce: new Set(),
    };
    stores.set(db, store);
  }
  return store;
}

/**
 * The value of `compute()` for `key` at the current catalogue version: from the cache when it was made at
 * this version, else computed (once for concurrent callers) and kept. Inside a transaction nothing is cached.
 * @param key identifies the answer completely (kind, every normalised parameter).
 * @param knownVersion the catalogue version the caller has just read (saves reading it again).
 * @throws what `compute` throws (errors are never cached).
 */
export function cachedAnswer<T>(
  db: DbOrTrx,
  key: string,
  compute: () => Promise<T>,
  knownVersion?: number,
): Promise<T> {
  return cached(db, key, compute, knownVersion, false);
}

/**
 * As {@link cachedAnswer}, for answers to shoppers' requests whose keys are countless (every filter, page, city and
 * product): an answer is kept only when its key is asked a second time at the same version. Most such keys are
 * asked once (issue 14: one client sends hundreds of new filter combinations a second), and keeping each of their
 * answers filled the cache with bytes never read again (memory, and old-generation garbage when they leave it).
 */
export function cachedReply<T>(
  db: DbOrTrx,
  key: string,
  compute: () => Promise<T>,
  knownVersion?: number,
): Promise<T> {
  return cached(db, key, compute, knownVersion, true);
}

async function cached<T>(
  db: DbOrTrx,
  key: string,
  compute: () => Promise<T>,
  knownVersion: number | undefined,
  secondAsk: boolean,
): Promise<T> {
  if (db.isTransaction) return compute();
  const store = storeOf(db);
  const version = knownVersion ?? (await catalogVersion(db));
  const hit = store.lru.get(key);
  if (hit && hit.version === version) return hit.value as T;
  const pendingKey = `${version}\u0000${key}`;
  const running = store.pending.get(pendingKey);
  if (running) return running as Promise<T>;
  const keep = !secondAsk || store.askedOnce.delete(pendingKey);
  if (!keep) {
    if (store.askedOnce.size >= MAX_ASKED_ONCE) store.askedOnce.clear();
    store.askedOnce.add(pendingKey);
  }
  const job = compute().then((value) => {
    if (keep) {
      store.lru.set(key, { version, value });
      if (Buffer.isBuffer(value)) keptAt.set(value, version);
    }
    return value;
  });
  store.pending.set(pendingKey, job);
  try {
    return await job;
  } finally {
    store.pending.delete(pendingKey);
  }
}

/**
 * An answer `{"data": value}` checked against its contract schema once and encoded as UTF-8 JSON, ready to send
 * as it is from the cache (no serialising or encoding per request).
 */
export function jsonAnswer(schema: z.ZodType, value: unknown): Buffer {
  return ownBuffer(JSON.stringify(schema.parse(value)));
}
