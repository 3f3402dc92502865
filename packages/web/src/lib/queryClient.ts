import { type Query, QueryCache, QueryClient } from '@tanstack/react-query';
import toast from './toast';
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
 * The failures of the queries that ask for it (meta.errorToast) are said here rather than by each
 * page, once per sentence: when several fail for one reason (the server cannot be reached), the
 * visitor reads it once, not once per part of the page.
 */
export function toastQueryError(error: unknown, { meta }: Pick<Query, 'meta'>): void {
  const said = meta?.errorToast;
  if (!said) return;
  const message = errorMessage(error, said === true ? undefined : said);
  // The sentence is the toast's id: the same one again replaces it instead of stacking.
  toast.error(message, { id: message });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: toastQueryError }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
    },
  });
}
