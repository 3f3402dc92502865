/** A damage's photo as a thumbnail: read with the session (an <img> cannot send it), opened large in a new tab on a tap. */
import { ImageOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { fetchApiFile } from '../../../api/documentFile';
import { openApiFile } from '../../../api/openApiFile';
import { errorMessage } from '../../../api/client';

export function DamagePhoto({ path, title }: { path: string; title: string }) {
  const [shown, setShown] = useState<{ path: string; url: string | null } | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    const abort = new AbortController();
    let made: string | null = null;
    fetchApiFile(path, abort.signal).then(
      (blob) => {
        made = URL.createObjectURL(blob);
        setShown({ path, url: made });
      },
      () => {
        if (!abort.signal.aborted) setShown({ path, url: null });
      },
    );
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);

  const url = shown?.path === path ? shown.url : undefined;
  return (
    <span className="shrink-0">
      <button
        type="button"
        aria-label={`See the photo: ${title}`}
        className="block h-16 w-20 overflow-hidden rounded-md border border-slate-200 bg-slate-100"
        onClick={() => {
          setProblem('');
          openApiFile(path).catch((error: unknown) => setProblem(errorMessage(error)));
        }}
      >
        {url ? (
          <img src={url} alt={title} width={80} height={64} className="h-full w-full object-cover" />
        ) : url === null ? (
          <ImageOff aria-hidden="true" size={20} className="m-auto text-slate-400" />
        ) : null}
      </button>
      {problem && (
        <span role="alert" className="mt-1 block text-xs text-red-800">
          {problem}
        </span>
      )}
    </span>
  );
}
