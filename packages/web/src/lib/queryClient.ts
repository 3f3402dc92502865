import { type Query, QueryCache, QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ApiError, errorMessage } from '../api/client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * Say in a toast that the data could not be loaded: the server's sentence, or this one when
       * it gave none (it could not be reached). Pages that show the failure otherwise leave it out.
       */
      errorToast?: true | string;
    };
  }
}

/** A refusal (4xx) will not change on retry; a network blip or 5xx might. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * Every query's failure is said in one place, once per sentence: when several queries fail for one
 * reason (the server cannot be reached), the visitor reads it once, not once per part of the page.
 */
export function toastQueryError(error: unknown, query: Pick<Query, 'meta'>): void {
  const wanted = query.meta?.errorToast;
  // A page drawn on the server has nobody to read a toast: the browser's own fetch will say it.
  if (!wanted || typeof window === 'undefined') return;
  const message = errorMessage(error, typeof wanted === 'string' ? wanted : undefined);
  toast.error(message, { id: `query-error:${message}` });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: toastQueryError }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
    },
  });
}
