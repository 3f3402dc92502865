/**
 * A thin typed client over the API of SPEC section 7.
 * Types come from the contract as type-only imports: zod itself never reaches the browser.
 */
import { MESSAGES } from '@rental/contract/messages';
import { TOKEN_STORAGE_KEY } from '@rental/contract/constants';

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

async function request<T>(method: string, path: string, body?: BodyInit, json = true, extraHeaders: Record<string, string> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  if (json && body !== undefined) headers['Content-Type'] = 'application/json';
  const token = storedToken();
  // The spec's client sends the raw token, no "Bearer " prefix.
  if (token) headers.Authorization = token;

  let response: Response;
  try {
    response = await fetch(baseUrl + path, { method, headers, body });
  } catch {
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
  return data as T;
}

export function apiGet<T>(path: string): Promise<T> {
  return request<T>('GET', path);
}

export function apiPost<T>(path: string, body: unknown, headers?: Record<string, string>): Promise<T> {
  return request<T>('POST', path, JSON.stringify(body ?? {}), true, headers);
}

export function apiPut<T>(path: string, body: unknown): Promise<T> {
  return request<T>('PUT', path, JSON.stringify(body ?? {}));
}

/** Multipart upload; the browser sets the multipart boundary itself. */
export function apiUpload<T>(path: string, formData: FormData, method: 'POST' | 'PUT' = 'POST'): Promise<T> {
  return request<T>(method, path, formData, false);
}

/** What to tell the customer: the server's sentence, else the thrown error's, else the fallback. */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError && !error.fromServer && fallback) return fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback ?? MESSAGES.serverError;
}
