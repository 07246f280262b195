import { LRUCache } from 'lru-cache';
import type { Carrier, CarrierPoint, CarrierQuote, Parcel, Route } from './shipping.carrier.ts';
import { classKey, parcelClass } from './shipping.parcel.ts';

/**
 * The carrier answers the shop reuses (issue 34 item 2). Invariant: a quote is reused only for the same
 * carrier, origin, destination and parcel class and only for `quoteTtlMs`; concurrent asks for one key make
 * one carrier call. Point lists are kept per city and refreshed after `pointsTtlMs`; an empty or failed answer
 * never replaces the last good list, and is not kept (CDEK's test host answers empty lists, delivery-cdek.md §4).
 */
export interface CarrierCache {
  /** Quotes for the route and the parcel's class. @throws CarrierUnavailableError when the carrier fails. */
  quotes(carrier: Carrier, route: Route, parcel: Parcel): Promise<CarrierQuote[]>;
  /** The city's points: fresh, else the last good list. @throws CarrierUnavailableError with neither. */
  points(carrier: Carrier, cityCode: number): Promise<CarrierPoint[]>;
}

export interface CarrierCacheOptions {
  quoteTtlMs: number;
  pointsTtlMs?: number;
  /** Most routes × classes kept. */
  maxQuotes?: number;
  now?: () => number;
}

/** Builds the cache (in memory, per process: a quote is a short-lived copy of the carrier's answer). */
export function createCarrierCache(o: CarrierCacheOptions): CarrierCache {
  const now = o.now ?? Date.now;
  const quotes = new LRUCache<string, CarrierQuote[]>({
    max: o.maxQuotes ?? 5000,
    ttl: o.quoteTtlMs,
    ttlAutopurge: false,
    ttlResolution: 0,
    perf: { now },
  });
  const inFlight = new Map<string, Promise<CarrierQuote[]>>();
  const points = new Map<string, { list: CarrierPoint[]; at: number }>();
  const pointsTtl = o.pointsTtlMs ?? 24 * 3600_000;

  return {
    async quotes(carrier, route, parcel) {
      const cls = parcelClass(parcel);
      const key = `${carrier.code}:${route.fromCode}:${route.toCode}:${classKey(cls)}`;
      const hit = quotes.get(key);
      if (hit) return hit;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = carrier
          .quote(route, cls)
          .then((q) => {
            quotes.set(key, q);
            return q;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
    async points(carrier, cityCode) {
      const key = `${carrier.code}:${cityCode}`;
      const last = points.get(key);
      if (last && now() - last.at < pointsTtl) return last.list;
      try {
        const fresh = await carrier.points(cityCode);
        if (fresh.length > 0) points.set(key, { list: fresh, at: now() });
        return fresh.length > 0 || !last ? fresh : last.list;
      } catch (e) {
        if (last) return last.list;
        throw e;
      }
    },
  };
}
