/**
 * A file of the counter read with the session: the agreement PDF and the damage photos need the
 * token in the Authorization header, which a link or an <img> cannot send, so the file is fetched
 * here and shown from an object URL (as api/documentFile.ts does for driver documents).
 */
import { MESSAGES } from '@rental/contract/messages';
import { useEffect, useState } from 'react';
import { ApiError, apiUrl, NETWORK_ERROR_MESSAGE, storedToken } from '../../../../api/client';

export async function fetchCounterFile(path: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { headers: { Authorization: storedToken() ?? '' }, signal });
  } catch (error) {
    if ((error as Error | undefined)?.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, false);
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const fromServer = typeof answer?.message === 'string';
    throw new ApiError(fromServer ? String(answer?.message) : MESSAGES.serverError, response.status, fromServer);
  }
  return response.blob();
}

/** The file at `path` as an object URL, released when the path changes or the screen goes; null while it loads. */
export function useCounterFileUrl(path: string | null): { url: string | null; problem: unknown } {
  const [state, setState] = useState<{ path: string | null; url: string | null; problem: unknown }>({ path: null, url: null, problem: null });
  useEffect(() => {
    if (!path) return;
    const abort = new AbortController();
    let made: string | null = null;
    fetchCounterFile(path, abort.signal).then(
      (blob) => {
        made = URL.createObjectURL(blob);
        setState({ path, url: made, problem: null });
      },
      (problem: unknown) => {
        if (!abort.signal.aborted) setState({ path, url: null, problem });
      },
    );
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  return state.path === path ? { url: state.url, problem: state.problem } : { url: null, problem: null };
}
