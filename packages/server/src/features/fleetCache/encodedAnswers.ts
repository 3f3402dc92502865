/**
 * Answers kept as the bytes that go on the wire: the JSON, its brotli and gzip variants, and an
 * ETag of the JSON, so a repeated read costs a lookup and a write instead of a database query,
 * a serialisation and a compression. Keys carry the fleet stamp, so a changed fleet or a new day
 * in Jamaica simply misses; old entries age out of the LRU, which is bounded in bytes.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gunzip, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** As app.ts's @fastify/compress threshold: smaller answers go out as they are. */
const COMPRESS_FROM_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

export interface EncodedAnswer {
  /** Weak: the same JSON is one resource whichever encoding carries it. */
  etag: string;
  /**
   * The JSON itself, only for answers too small to compress: a large answer keeps its two
   * compressed variants alone (a tenth of the bytes, so ten times the entries in the same memory;
   * browsers never need more). The cache holding it keeps its JSON apart once a client takes
   * neither (see AnswerCache's `plain`).
   */
  identity?: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** The JSON's length in bytes, so it is unzipped in one piece (see `gunzipWhole`). */
  jsonBytes?: number;
}

/**
 * The JSON of a compressed answer. In one chunk: zlib's default 16 KB chunks cost a trip to the
 * thread pool, a callback and a copy each (a 650 KB answer: 40 of them, most of a plain request's CPU).
 */
function gunzipWhole(answer: EncodedAnswer): Promise<Buffer> {
  return gunzipAsync(answer.gzip!, { chunkSize: Math.max(64 * 1024, (answer.jsonBytes ?? 0) + 1) });
}

/** The cache an answer is held by, and its key there: the cache may keep its JSON (see AnswerCache's `plain`). */
const holders = new WeakMap<EncodedAnswer, { cache: AnswerCache; key: string }>();

/** The JSON bytes of an answer if they are at hand: its own, or those its cache kept. */
function identityAtHand(answer: EncodedAnswer): Buffer | undefined {
  return answer.identity ?? holders.get(answer)?.cache.keptIdentity(answer);
}

/** The JSON bytes of an answer: unzipped when not at hand (and then kept by the cache holding it). */
export async function identityOf(answer: EncodedAnswer): Promise<Buffer> {
  return identityAtHand(answer) ?? holders.get(answer)?.cache.unzip(answer) ?? gunzipWhole(answer);
}

/** How hard to compress: brotli and gzip levels. */
export interface Effort {
  brotli: number;
  gzip: number;
}

/**
 * Brotli 5 and gzip 6: on 1,000 cars' list (670 KB) 19 ms and 9 ms, within 2% of brotli 9's size at
 * a seventh of its time; every change to the fleet pays this once per cached answer.
 */
const API_EFFORT: Effort = { brotli: 5, gzip: 6 };

export async function encodeAnswer(text: string, effort: Effort = API_EFFORT): Promise<EncodedAnswer> {
  const identity = Buffer.from(text);
  const etag = `W/"${createHash('sha1').update(identity).digest('base64url')}"`;
  if (identity.length < COMPRESS_FROM_BYTES) return { etag, identity };
  const [br, gz] = await Promise.all([
    brotliAsync(identity, {
      params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: effort.brotli, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzipAsync(identity, { level: effort.gzip }),
  ]);
  return { etag, br, gzip: gz, jsonBytes: identity.length };
}

/** The encoding to send for an Accept-Encoding header: brotli first, then gzip, else none. */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  let br = false;
  let gz = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === 'x-gzip') gz = true;
    else if (name === '*') br = gz = true;
  }
  return br ? 'br' : gz ? 'gzip' : undefined;
}

/** If-None-Match by weak comparison (RFC 9110 13.1.2): W/"x" and "x" are the same tag. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === wanted);
}

/** Sends a cached answer: 304 when the client holds these bytes already, else the best encoding it takes. */
export async function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: EncodedAnswer,
  contentType = 'application/json; charset=utf-8',
): Promise<FastifyReply> {
  // no-cache: a browser may keep the answer but must ask (If-None-Match) before using it again.
  reply.header('etag', answer.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const compressed = encoding && answer[encoding];
  reply.header('content-type', contentType);
  if (compressed) return reply.header('content-encoding', encoding).send(compressed);
  return reply.send(identityAtHand(answer) ?? (await identityOf(answer)));
}

/**
 * The share of an AnswerCache's bytes for the JSON of large answers that clients took uncompressed
 * (see `plain`) when it is given no bound of its own for them; the encoded answers have the rest.
 */
const PLAIN_SHARE = 1 / 4;
/** A kept JSON asked for within this long is not pushed out for another (see `roomFor`), ms. */
const PLAIN_IN_USE_MS = 1000;

interface KeptJson {
  identity: Buffer;
  /** When a client last took it (Date.now()). */
  usedAt: number;
}

const keptSize = (kept: KeptJson) => kept.identity.length + 64;

export class AnswerCache {
  private readonly entries: LRUCache<string, EncodedAnswer>;
  /** Answers being made: concurrent misses of one key wait for one build. */
  private readonly building = new Map<string, Promise<EncodedAnswer>>();

  /**
   * The JSON of large answers a client asked for uncompressed (curl, scripts, some proxies), kept
   * once unzipped: every later such client is sent bytes, as a browser is, instead of waiting for a
   * gunzip (at 100 cars the list's gunzip held a plain client to a quarter of the bare server's
   * rate). Apart from the encoded answers and within its own bound, least recently used
   * first: the JSON is ten times an answer's compressed bytes, and plain clients must not push out
   * the answers browsers read (1,000 cars' 64 availability answers: ~9 MB as brotli and gzip, ~41 MB
   * as JSON). Its bound is its own (`plainBytes`: the fleet's holds those 41 MB, decision 130) or a
   * quarter of `maxBytes`. A JSON goes when its answer does; one larger than the bound is unzipped each time.
   */
  private readonly plain: LRUCache<EncodedAnswer, KeptJson>;
  private readonly plainBytes: number;
  /** Unzips under way: concurrent plain requests for one answer share one. */
  private readonly unzipping = new Map<EncodedAnswer, Promise<Buffer>>();

  private readonly effort: Effort;

  /**
   * Bounded in bytes, and in answers when `maxEntries` is given; the least recently used go first.
   * `maxBytes` holds the encoded answers and the kept JSON together, a quarter at most for the JSON,
   * unless `plainBytes` gives the kept JSON a bound of its own beside it.
   */
  constructor({ maxBytes, plainBytes, maxEntries, effort = API_EFFORT }: { maxBytes: number; plainBytes?: number; maxEntries?: number; effort?: Effort }) {
    this.effort = effort;
    const shared = plainBytes === undefined;
    this.plainBytes = Math.max(1, Math.floor(shared ? maxBytes * PLAIN_SHARE : plainBytes));
    this.plain = new LRUCache<EncodedAnswer, KeptJson>({ maxSize: this.plainBytes, sizeCalculation: keptSize });
    this.entries = new LRUCache<string, EncodedAnswer>({
      ...(maxEntries !== undefined && { max: maxEntries }),
      maxSize: Math.max(1, shared ? maxBytes - this.plainBytes : maxBytes),
      sizeCalculation: (answer, key) => (answer.identity?.length ?? 0) + (answer.br?.length ?? 0) + (answer.gzip?.length ?? 0) + key.length + 256,
      dispose: (answer) => {
        this.plain.delete(answer);
      },
    });
  }

  /** The JSON kept for an answer of this cache, if a client took it plain lately. */
  keptIdentity(answer: EncodedAnswer): Buffer | undefined {
    const kept = this.plain.get(answer);
    if (!kept) return undefined;
    kept.usedAt = Date.now();
    return kept.identity;
  }

  /**
   * Whether a JSON of `size` bytes may be kept: there is room, or the least recently used ones that
   * would make room have not been asked for lately. When plain clients go round more large answers
   * than the quarter holds (1,000 cars' 64 availability answers), every JSON kept pushed out one
   * about to be asked for again: nothing was ever sent from the cache, and keeping and dropping
   * them cost 3.3 ms of CPU per request against 1.3 ms for unzipping alone. Now those beyond the
   * room are unzipped each time, as before, and the ones kept are sent.
   */
  private roomFor(size: number): boolean {
    if (size > this.plainBytes) return false;
    let free = this.plainBytes - this.plain.calculatedSize;
    if (free >= size) return true;
    const inUseFrom = Date.now() - PLAIN_IN_USE_MS;
    // Least recently used first: once one is in use, all that follow are.
    for (const kept of this.plain.rvalues()) {
      if (!kept || kept.usedAt >= inUseFrom) return false;
      free += keptSize(kept);
      if (free >= size) return true;
    }
    return false;
  }

  /** Unzips an answer of this cache once, and keeps its JSON while the answer is held. */
  unzip(answer: EncodedAnswer): Promise<Buffer> {
    let pending = this.unzipping.get(answer);
    if (!pending) {
      pending = gunzipWhole(answer)
        .then((identity) => {
          // Not for an answer gone meanwhile: its JSON would stay with nothing to send it for.
          const holder = holders.get(answer);
          const kept = { identity, usedAt: Date.now() };
          if (holder?.cache === this && this.entries.peek(holder.key) === answer && this.roomFor(keptSize(kept))) this.plain.set(answer, kept);
          return identity;
        })
        .finally(() => this.unzipping.delete(answer));
      this.unzipping.set(answer, pending);
    }
    return pending;
  }

  private hold(key: string, answer: EncodedAnswer): void {
    holders.set(answer, { cache: this, key });
    this.entries.set(key, answer);
  }

  /** The answer under `key`, made by `build` (its JSON, or a page's HTML) when missing. A build's error is every waiter's. */
  get(key: string, build: () => Promise<string>): Promise<EncodedAnswer> {
    const hit = this.entries.get(key);
    if (hit) return Promise.resolve(hit);
    let pending = this.building.get(key);
    if (!pending) {
      pending = build()
        .then((text) => encodeAnswer(text, this.effort))
        .then((answer) => {
          this.hold(key, answer);
          return answer;
        })
        .finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }

  /** The answer under `key` if it is made already. */
  cached(key: string): EncodedAnswer | undefined {
    return this.entries.get(key);
  }

  /** Bytes held (for tests and the benchmark's memory figures). */
  get size(): number {
    return this.entries.calculatedSize + this.plain.calculatedSize;
  }

  /** Answers held. */
  get count(): number {
    return this.entries.size;
  }
}
