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
   * The JSON itself. Made at once only for answers too small to compress: a large answer starts with
   * its two compressed variants alone (a tenth of the bytes, so ten times the entries in the same
   * memory; browsers never need more), and gains its JSON the first time a client takes neither
   * (see AnswerCache.keepIdentity).
   */
  identity?: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** Where an answer held by an AnswerCache keeps its JSON once unzipped (set by the cache that holds it). */
const keepers = new WeakMap<EncodedAnswer, (identity: Buffer) => void>();
/** Unzips under way: concurrent plain requests for one answer share one. */
const unzipping = new WeakMap<EncodedAnswer, Promise<Buffer>>();

/** The JSON bytes of an answer: unzipped once, then kept by the cache that holds the answer. */
export function identityOf(answer: EncodedAnswer): Promise<Buffer> {
  if (answer.identity) return Promise.resolve(answer.identity);
  let pending = unzipping.get(answer);
  if (!pending) {
    pending = gunzipAsync(answer.gzip!).then((identity) => {
      keepers.get(answer)?.(identity);
      return identity;
    });
    pending.finally(() => unzipping.delete(answer)).catch(() => undefined);
    unzipping.set(answer, pending);
  }
  return pending;
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
    brotliAsync(identity, { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: effort.brotli, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzipAsync(identity, { level: effort.gzip }),
  ]);
  return { etag, br, gzip: gz };
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
export async function sendEncoded(request: FastifyRequest, reply: FastifyReply, answer: EncodedAnswer, contentType = 'application/json; charset=utf-8'): Promise<FastifyReply> {
  // no-cache: a browser may keep the answer but must ask (If-None-Match) before using it again.
  reply.header('etag', answer.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const compressed = encoding && answer[encoding];
  reply.header('content-type', contentType);
  if (compressed) return reply.header('content-encoding', encoding).send(compressed);
  return reply.send(answer.identity ?? (await identityOf(answer)));
}

/** Bytes an entry is counted for: its variants, its key and a little for the object. */
const sizeOf = (answer: EncodedAnswer, key: string) => (answer.identity?.length ?? 0) + (answer.br?.length ?? 0) + (answer.gzip?.length ?? 0) + key.length + 256;

export class AnswerCache {
  private readonly entries: LRUCache<string, EncodedAnswer>;
  /** Answers being made: concurrent misses of one key wait for one build. */
  private readonly building = new Map<string, Promise<EncodedAnswer>>();

  private readonly effort: Effort;
  private readonly maxBytes: number;

  /** Bounded in bytes, and in entries when `maxEntries` is given; the least recently used go first. */
  constructor({ maxBytes, maxEntries, effort = API_EFFORT }: { maxBytes: number; maxEntries?: number; effort?: Effort }) {
    this.effort = effort;
    this.maxBytes = maxBytes;
    this.entries = new LRUCache<string, EncodedAnswer>({
      ...(maxEntries !== undefined && { max: maxEntries }),
      maxSize: maxBytes,
      sizeCalculation: (answer, key) => sizeOf(answer, key),
    });
  }

  /**
   * Keeps the JSON of a large answer once a client asked for it uncompressed: every later such
   * client is then sent bytes, as a browser is, instead of waiting for a gunzip (at 100 cars the
   * list's gunzip cut a plain client to a fifth of the bare server's rate). Kept in the entry itself,
   * so the LRU counts it and evicts others to make room: memory stays bounded by maxBytes, and only
   * answers some client took plain grow (about tenfold). An answer no longer held, or one that would
   * not fit, is left as it was.
   */
  private keepIdentity(key: string, answer: EncodedAnswer, identity: Buffer): void {
    if (this.entries.peek(key) !== answer) return;
    const kept = { ...answer, identity };
    if (sizeOf(kept, key) > this.maxBytes) return;
    // A new object, so lru-cache recounts the entry's size (it does not for the same value).
    this.entries.set(key, kept);
  }

  private hold(key: string, answer: EncodedAnswer): void {
    if (!answer.identity) keepers.set(answer, (identity) => this.keepIdentity(key, answer, identity));
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
    return this.entries.calculatedSize;
  }

  /** Answers held. */
  get count(): number {
    return this.entries.size;
  }
}
