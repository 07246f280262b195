import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ownBuffer } from './own-buffer.ts';

// Ready JSON answers (made once and cached, docs/decisions/008) sent compressed to clients that accept it
// (issue 14, docs/decisions/018): Brotli, else gzip, else as they are. The compressed bytes are kept beside the
// cached answer itself (a weak map keyed by its buffer) and go when the answer leaves the cache. An answer's first
// copy is made at a fast level (most answers that miss the cache are never asked again, and their compression is
// paid on the request); when the same answer is asked again it is compressed once more at a better level and that
// copy is kept, so a cached answer costs two compressions in all, never one per request. An answer of a few
// kilobytes (a suggestion, a short listing) is compressed at the better level at once (decision 082).

/** Smaller answers are sent as they are (compressing them saves less than it costs). */
const MIN_BYTES = 1024;

const brotli = (quality: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
});

/**
 * Levels of the first copy (a fresh answer, compressed on its request) and of the kept copy (an answer asked
 * again). Measured on a 46.5 KB listing of the large catalogue (load average 6.8): Brotli 0 0.037 ms → 6.3 KB,
 * Brotli 1 0.056 ms → 5.8 KB, Brotli 5 0.36 ms → 4.1 KB; gzip 1 0.10 ms → 5.9 KB. Brotli 0 takes a third less
 * than 1 for 8 % more bytes: most fresh answers are sent once (a new filter each, issue 14).
 */
const LEVELS = {
  fresh: { br: brotli(0), gzip: { level: 1 } },
  kept: { br: brotli(5), gzip: { level: 6 } },
} as const;

/**
 * Answers up to this size get the kept level from their first copy, which is then final. Measured on suggestion-like
 * JSON here: at 3.1 KB Brotli 5 takes 32 µs against 14 µs for Brotli 0, at 6.2 KB 43 against 15, at 12.4 KB 66
 * against 21 (and gzip 6 ≈ gzip 1 below 8 KB). A final first copy lets the cached-answer lane (plugins/answer-lane.ts)
 * answer the second ask of a kept answer, which otherwise took Fastify's whole path again to be compressed once
 * more (≈ 0.15–0.3 ms, far more than the extra 20–30 µs).
 */
const ONE_LEVEL_BYTES = 8 * 1024;

interface Copies {
  /** Whether the copies are of the kept level (the answer was asked more than once). */
  kept: boolean;
  br?: Buffer;
  gzip?: Buffer;
}

const compressed = new WeakMap<Buffer, Copies>();

/**
 * `json` compressed, in memory of its own (lib/own-buffer.ts): zlib hands out a slice of its 16 KB output chunk, and
 * `Buffer.from` of a copy under 4 KB a slice of Node's shared 8 KB pool, either of which a copy kept beside a cached
 * answer would hold whole.
 */
const compress = (json: Buffer, encoding: 'br' | 'gzip', level: (typeof LEVELS)['fresh' | 'kept']) =>
  ownBuffer(
    encoding === 'br'
      ? zlib.brotliCompressSync(json, withSizeHint(level.br, json.length))
      : zlib.gzipSync(json, level.gzip),
  );

/**
 * Brotli's options with the input's size told (`BROTLI_PARAM_SIZE_HINT`): the encoder then sizes its buffers for a
 * few kilobytes instead of its 4 MB window — the same bytes out (checked in compressed-json.test.ts), ≈ 40 % less
 * time on a 4 KB listing at quality 0 (41.6 → 25.3 µs here).
 */
const withSizeHint = (options: zlib.BrotliOptions, bytes: number): zlib.BrotliOptions => ({
  params: { ...options.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes },
});

/** The encoding to use for an `Accept-Encoding` header: `br`, `gzip` or none (a q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map(
    (acceptEncoding ?? '').split(',').map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return [name!, q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

/**
 * `json` (or its kept compressed copy) as it should travel to this client: the first time a buffer is sent it is
 * compressed at the fast level; the second time at the better level, and that copy is sent from then on
 * (`final`: these are the bytes every later send of `json` to such a client gets). Up to {@link ONE_LEVEL_BYTES}
 * the first copy is at the better level and final.
 */
export function encodedJson(
  json: Buffer,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding: 'br' | 'gzip' | null; final: boolean } {
  const encoding = json.length < MIN_BYTES ? null : chooseEncoding(acceptEncoding);
  if (!encoding) return { body: json, encoding, final: true };
  let copies = compressed.get(json);
  if (!copies?.kept) {
    // First sent: the fast level, or the better one up to ONE_LEVEL_BYTES. Asked again (a cache hit): this answer
    // is being reused, so it is worth the better level once.
    const kept = copies !== undefined || json.length <= ONE_LEVEL_BYTES;
    copies = { kept, [encoding]: compress(json, encoding, kept ? LEVELS.kept : LEVELS.fresh) };
    compressed.set(json, copies);
  }
  copies[encoding] ??= compress(json, encoding, copies.kept ? LEVELS.kept : LEVELS.fresh);
  return { body: copies[encoding], encoding, final: copies.kept };
}

/** The ready JSON a request was answered with by {@link sendJsonText}, and the bytes sent for it. */
export interface SentJson {
  json: Buffer;
  body: Buffer;
  /** Whether `body` is what every later send of `json` with this Accept-Encoding gets (no better copy to come). */
  final: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * What {@link sendJsonText} answered this request with (null before; decorated in app.ts, so every request has
     * the same shape — a WeakMap keyed by short-lived requests made young-generation collections slower).
     */
    sentJson: SentJson | null;
  }
}

/**
 * Sends ready UTF-8 JSON (made and checked against the contract once, then cached) compressed for clients that
 * accept Brotli or gzip, with `Vary: Accept-Encoding, Accept-Language` (catalogue answers come in the shopper's
 * language); Fastify sends the bytes as they are. The request remembers what it was answered with ({@link sentJsonOf}).
 */
export function sendJsonText(request: FastifyRequest, reply: FastifyReply, json: Buffer): FastifyReply {
  const { body, encoding, final } = encodedJson(json, request.headers['accept-encoding']);
  reply.type('application/json; charset=utf-8').header('vary', 'Accept-Encoding, Accept-Language');
  if (encoding) reply.header('content-encoding', encoding);
  request.sentJson = { json, body, final };
  return reply.send(body);
}

/** What {@link sendJsonText} answered `request` with (its onSend hooks may still have replaced the bytes). */
export const sentJsonOf = (request: FastifyRequest): SentJson | null => request.sentJson ?? null;
