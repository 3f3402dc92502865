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

/**
 * Puts the answers a page was drawn with in the query cache, as fresh as when they were read, or as
 * `checkedAt` (answersCheckedAt) when that is later: a page kept since it was drawn is not stale.
 */
export function fillQueryCache(queryClient: QueryClient, queries: ServerQuery[], checkedAt = 0): void {
  for (const { queryKey, answer, updatedAt } of queries) queryClient.setQueryData(queryKey, answer, { updatedAt: Math.max(updatedAt, checkedAt) });
}

/**
 * When a drawn page's answers were last known to be the API's: the start of this visit, if the page
 * came from the server. The server keeps a drawn page only while its answers are the API's own (it
 * asks for them on every visit and keys the kept page by them, features/publicPages/prerenderer.ts),
 * and the browser asks it again on every visit (no-cache), so the page, sent whole or "not modified",
 * was current when the visit began, though it may have been drawn an hour before. Dated by when it was
 * drawn, its answers looked stale (older than the queries' 30 s, the company's 10 min) and were all
 * asked again right after the page came alive: requests and work on the phone for the same answers.
 * A page the browser took from its own cache without asking (transferSize 0: Back, say) proves
 * nothing: undefined, and the answers keep their drawing's date.
 */
export function answersCheckedAt(navigation: Pick<PerformanceNavigationTiming, 'transferSize'> | undefined, visitStart: number): number | undefined {
  return navigation && navigation.transferSize > 0 ? visitStart : undefined;
}
