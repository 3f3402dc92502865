/**
 * The one client of the API, typed from the contract's endpoint table: `callApi('createBooking',
 * { body })` knows the call's method, path, input and answer. Only the table's zod-free half
 * (routes.ts) and types reach the browser: zod stays out of the public pages.
 */
import { TOKEN_STORAGE_KEY } from '@rental/contract/constants';
import type { BodyInputOf, IsMultipart, ParamsOf, QueryOf, ResponseOf } from '@rental/contract/endpoints';
import { MESSAGES } from '@rental/contract/messages';
import { type EndpointName, pathFor, ROUTES } from '@rental/contract/routes';

export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached at all. */
  readonly status: number;
  /** True when `message` is the server's own sentence (worth showing as is). */
  readonly fromServer: boolean;

  constructor(message: string, status: number, fromServer: boolean) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fromServer = fromServer;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Cannot reach the server. Please check your connection and try again.';

type ParamsInput<N extends EndpointName> = ParamsOf<N> extends undefined ? { params?: undefined } : { params: ParamsOf<N> };
type QueryInput<N extends EndpointName> = QueryOf<N> extends undefined ? { query?: undefined } : { query?: QueryOf<N> };
type BodyInput<N extends EndpointName> =
  IsMultipart<N> extends true ? { form: FormData } : BodyInputOf<N> extends undefined ? { body?: undefined } : { body: BodyInputOf<N> };

/** What a call needs: its path parameters, query, JSON body or multipart form, and extra headers. */
export type CallInput<N extends EndpointName> = ParamsInput<N> &
  QueryInput<N> &
  BodyInput<N> & { headers?: Record<string, string>; signal?: AbortSignal };

type CallArgs<N extends EndpointName> = object extends CallInput<N> ? [input?: CallInput<N>] : [input: CallInput<N>];

export interface ApiClientOptions {
  /** Where the API is: '' (same origin) in the browser; tests and tools give a server's address. */
  baseUrl: () => string;
  /** The session token, sent as the raw Authorization value (the spec's client sends no prefix). */
  token: () => string | null | undefined;
}

export function createApiClient(options: ApiClientOptions) {
  return async function call<N extends EndpointName>(name: N, ...[input]: CallArgs<N>): Promise<ResponseOf<N>> {
    const route = ROUTES[name];
    const given = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; form?: FormData; headers?: Record<string, string>; signal?: AbortSignal };
    const headers: Record<string, string> = { Accept: 'application/json', ...given.headers };
    let body: BodyInit | undefined;
    if (given.form) body = given.form; // the browser sets the multipart boundary itself
    else if (given.body !== undefined || route.method === 'POST' || route.method === 'PUT') {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(given.body ?? {});
    }
    const token = options.token();
    if (token) headers.Authorization = token;
    const query = given.query ? `?${new URLSearchParams(given.query)}` : '';
    const url = `${options.baseUrl().replace(/\/$/, '')}${pathFor(name, given.params)}${query}`;

    let response: Response;
    try {
      response = await fetch(url, { method: route.method, headers, body, signal: given.signal });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new ApiError(NETWORK_ERROR_MESSAGE, 0, false);
    }
    let data: unknown;
    try {
      data = await response.json();
    } catch {
      throw new ApiError(MESSAGES.serverError, response.status, false);
    }
    const answer = data as { success?: unknown; message?: unknown } | null;
    if (!response.ok || !answer || answer.success !== true) {
      const message = typeof answer?.message === 'string' && answer.message ? answer.message : MESSAGES.serverError;
      throw new ApiError(message, response.ok ? 400 : response.status, typeof answer?.message === 'string');
    }
    return data as ResponseOf<N>;
  };
}

// Same origin in the browser; tests point it at a real server started on a free port.
let baseUrl = '';
export function setApiBaseUrl(url: string): void {
  baseUrl = url.replace(/\/$/, '');
}

/** The stored session token; the session provider keeps local storage up to date. */
export function storedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The web app's client: same origin (or the tests' server), the stored session. */
export const callApi = createApiClient({ baseUrl: () => baseUrl, token: storedToken });

/** What to tell the customer: the server's sentence, else the thrown error's, else the fallback. */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError && !error.fromServer && fallback) return fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback ?? MESSAGES.serverError;
}
