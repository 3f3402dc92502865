/**
 * The query cache the server rendered a page with travels inside the page as JSON, so the
 * browser starts with the very data the HTML shows (no second fetch, nothing redrawn).
 */
import type { QueryClient } from '@tanstack/react-query';

export const SERVER_STATE_ID = 'server-state';

/**
 * Whether this page came drawn by the server. It was drawn for a visitor (a stored session lives
 * only in this browser), so the browser's first render must be a visitor's too to take it over.
 */
export function pageDrawnByServer(): boolean {
  return typeof document !== 'undefined' && document.getElementById(SERVER_STATE_ID) !== null;
}

/** JSON safe inside a <script> element: no "</script>" or "<!--" can end or change it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** One API answer the page was drawn with, as the query it fills (queryKey), and when it was read. */
export type ServerQuery = { queryKey: readonly unknown[]; answer: unknown; updatedAt: number };

/** Puts the answers a page was drawn with in the query cache, as fresh as when they were read. */
export function fillQueryCache(queryClient: QueryClient, queries: ServerQuery[]): void {
  for (const { queryKey, answer, updatedAt } of queries) queryClient.setQueryData(queryKey, answer, { updatedAt });
}
