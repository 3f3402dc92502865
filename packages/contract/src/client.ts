/**
 * The one client of the API, typed from the contract's endpoint table: `call('createBooking',
 * { body })` knows the call's method, path, input and answer. The web app, its tests, the browser
 * journeys and the server's own tests all speak through it, so a change of a call in the table
 * shows up in every caller's type check.
 *
 * It reads only the table's zod-free half (routes.ts) and types: the browser's public pages load
 * no zod through it. And it names no platform type (fetch, FormData) of its own: each program
 * brings the ones it has, the browser's or Node's, and a test may hand it a fetch over app.inject.
 */
import type { BodyInputOf, IsMultipart, ParamsOf, QueryOf, ResponseOf } from './endpoints';
import { MESSAGES } from './messages';
import type { Quote } from './quote';
import { type EndpointName, pathFor, ROUTES } from './routes';

export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached at all. */
  readonly status: number;
  /** True when `message` is the server's own sentence (worth showing as is). */
  readonly fromServer: boolean;
  /** The call that failed, for a test's or a log's report (never shown to a customer). */
  readonly endpoint: EndpointName | undefined;
  /** The refusal's code (REFUSAL_CODES) when it has one: screens decide on it, never on the words. */
  readonly code: string | undefined;
  /** The refusal's whole answer, for what travels beside the code (the new quote of a price_changed). */
  readonly answer: Record<string, unknown> | undefined;

  constructor(message: string, status: number, fromServer: boolean, endpoint?: EndpointName, answer?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fromServer = fromServer;
    this.endpoint = endpoint;
    this.answer = answer;
    this.code = typeof answer?.code === 'string' ? answer.code : undefined;
  }
}

/**
 * The server's new quote when a booking, a change or the other drivers were refused because the
 * total the customer saw is no longer the price (code price_changed); null for any other error.
 */
export function priceChangedQuote(error: unknown): Quote | null {
  if (!(error instanceof ApiError) || error.code !== 'price_changed') return null;
  const quote = error.answer?.quote;
  return isQuote(quote) ? quote : null;
}

/** The server sends its own Quote; a total in cents is what a screen needs to trust it. */
function isQuote(value: unknown): value is Quote {
  return isRecord(value) && typeof value.total === 'number';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The sentence an error answer of the server carries, when it carries one. */
export function serverSentence(answer: unknown): string | undefined {
  return isRecord(answer) && typeof answer.message === 'string' ? answer.message : undefined;
}

/** fetch gave up because its caller aborted it: not a failure to report. */
export function isAbortError(error: unknown): boolean {
  return isRecord(error) && error.name === 'AbortError';
}

export const NETWORK_ERROR_MESSAGE = 'Cannot reach the server. Please check your connection and try again.';

// The platform's own classes where the program has them (the browser's DOM types, or Node's),
// so a caller passes its real FormData and AbortSignal and this file needs neither library.
type PlatformFormData = typeof globalThis extends { FormData: { prototype: infer F } } ? F : never;
type PlatformAbortSignal = typeof globalThis extends { AbortSignal: { prototype: infer S } } ? S : never;

/** What the client hands to fetch. */
export interface ApiRequestInit {
  method: string;
  headers: Record<string, string>;
  body?: string | PlatformFormData;
  signal?: PlatformAbortSignal;
}

/** What the client reads of fetch's answer: the platform's Response has it. */
export interface ApiResponse {
  readonly ok: boolean;
  readonly status: number;
  json(): Promise<unknown>;
}

/** fetch's shape, as far as the client uses it: the platform's fetch, or a test's over app.inject. */
export type FetchLike = (url: string, init: ApiRequestInit) => Promise<ApiResponse>;

type ParamsInput<N extends EndpointName> = ParamsOf<N> extends undefined ? { params?: undefined } : { params: ParamsOf<N> };
type QueryInput<N extends EndpointName> = QueryOf<N> extends undefined ? { query?: undefined } : { query?: QueryOf<N> };
type BodyInput<N extends EndpointName> =
  IsMultipart<N> extends true ? { form: PlatformFormData } : BodyInputOf<N> extends undefined ? { body?: undefined } : { body: BodyInputOf<N> };

/** What a call needs: its path parameters, query, JSON body or multipart form, and extra headers. */
export type CallInput<N extends EndpointName> = ParamsInput<N> &
  QueryInput<N> &
  BodyInput<N> & { headers?: Record<string, string>; signal?: PlatformAbortSignal };

/** The input is optional for a call that needs none (no parameters and no body). */
export type CallArgs<N extends EndpointName> = object extends CallInput<N> ? [input?: CallInput<N>] : [input: CallInput<N>];

/** A value given now, or read at each call (the browser's stored session changes as people log in). */
type Setting<T> = T | (() => T);

export interface ApiClientOptions {
  /** Where the API is: '' (same origin) in the browser; a server's address in tests and tools. */
  baseUrl?: Setting<string>;
  /** The session token, sent as the raw Authorization value (the spec's client sends no prefix). */
  token?: Setting<string | null | undefined>;
  /** Headers sent with every call; a call's own headers win. */
  headers?: Record<string, string>;
  /** How requests are sent: the platform's fetch unless given. */
  fetch?: FetchLike;
}

export interface ApiClient {
  /** Makes the call; answers its success body, or throws ApiError with the server's sentence. */
  call<N extends EndpointName>(name: N, ...args: CallArgs<N>): Promise<ResponseOf<N>>;
  /** The same client with another session (null: none), e.g. a second customer in a test. */
  withToken(token: string | null | undefined): ApiClient;
}

function read<T extends string | null | undefined>(setting: Setting<T> | undefined): T | undefined {
  return typeof setting === 'function' ? setting() : setting;
}

/** The query string of the given values; a value left undefined is not sent at all. */
function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.append(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  async function call<N extends EndpointName>(name: N, ...[input]: CallArgs<N>): Promise<ResponseOf<N>> {
    const route = ROUTES[name];
    const given: {
      params?: Record<string, string>;
      query?: Record<string, unknown>;
      body?: unknown;
      form?: PlatformFormData;
      headers?: Record<string, string>;
      signal?: PlatformAbortSignal;
    } = input ?? {};
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers, ...given.headers };
    let body: ApiRequestInit['body'];
    if (given.form)
      body = given.form; // fetch sets the multipart boundary itself
    else if (given.body !== undefined || route.method === 'POST' || route.method === 'PUT') {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(given.body ?? {});
    }
    const token = read(options.token);
    if (token) headers.Authorization = token;
    const url = `${(read(options.baseUrl) ?? '').replace(/\/$/, '')}${pathFor(name, given.params)}${queryString(given.query)}`;
    // Looked up at each call, not once: the platform's fetch may be set after this module loads.
    const send = options.fetch ?? (globalThis as unknown as { fetch: FetchLike }).fetch;

    let response: ApiResponse;
    try {
      response = await send(url, { method: route.method, headers, body, signal: given.signal });
    } catch (err) {
      if (isAbortError(err)) throw err;
      throw new ApiError(NETWORK_ERROR_MESSAGE, 0, false, name);
    }
    let data: unknown;
    try {
      data = await response.json();
    } catch {
      throw new ApiError(MESSAGES.serverError, response.status, false, name);
    }
    const answer = isRecord(data) ? data : undefined;
    if (!response.ok || !answer || answer.success !== true) {
      const message = typeof answer?.message === 'string' && answer.message ? answer.message : MESSAGES.serverError;
      throw new ApiError(message, response.ok ? 400 : response.status, typeof answer?.message === 'string', name, answer);
    }
    return data as ResponseOf<N>;
  }

  return {
    call,
    withToken: (token) => createApiClient({ ...options, token }),
  };
}
