/**
 * The web app's client of the API: the contract's typed client (`callApi('createBooking',
 * { body })` knows the call's method, path, input and answer) bound to the browser's origin and
 * its stored session. The contract's client reads only the table's zod-free half (routes.ts) and
 * types: zod stays out of the public pages.
 */
import { ApiError, createApiClient } from '@rental/contract/client';
import { TOKEN_STORAGE_KEY } from '@rental/contract/constants';
import { MESSAGES } from '@rental/contract/messages';

export { ApiError, isAbortError, NETWORK_ERROR_MESSAGE, priceChangedQuote, serverSentence, type CallInput } from '@rental/contract/client';

// Same origin in the browser; tests point it at a real server started on a free port.
let baseUrl = '';
export function setApiBaseUrl(url: string): void {
  baseUrl = url.replace(/\/$/, '');
}

/** A path of the API as the browser reaches it: same origin, or the tests' server. For a call that answers a file, not JSON. */
export function apiUrl(path: string): string {
  return `${baseUrl}${path}`;
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
export const apiClient = createApiClient({ baseUrl: () => baseUrl, token: storedToken });
export const callApi = apiClient.call;

/** What to tell the customer: the server's sentence, else the thrown error's, else the fallback. */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError && !error.fromServer && fallback) return fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback ?? MESSAGES.serverError;
}
