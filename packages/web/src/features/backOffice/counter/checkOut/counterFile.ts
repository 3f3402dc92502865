/**
 * A file of the counter shown from an object URL: the agreement PDF and the damage photos need the
 * session's token, which a link or an <img> cannot send (api/documentFile.ts fetches them with it).
 */
import { useEffect, useState } from 'react';
import { fetchApiFile } from '../../../../api/documentFile';

/** The file at `path` as an object URL, released when the path changes or the screen goes; null while it loads. */
export function useCounterFileUrl(path: string | null): { url: string | null; problem: unknown } {
  const [state, setState] = useState<{ path: string | null; url: string | null; problem: unknown }>({ path: null, url: null, problem: null });
  useEffect(() => {
    if (!path) return;
    const abort = new AbortController();
    let made: string | null = null;
    fetchApiFile(path, abort.signal).then(
      (blob) => {
        if (abort.signal.aborted) return;
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
