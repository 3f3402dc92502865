import type { Dispatch, SetStateAction } from 'react';

/** Newer / Older through a list kept newest first, with where the reader is; nothing while one page holds it all. */
export function NewerOlderPages({ label, page, pages, setPage }: { label: string; page: number; pages: number; setPage: Dispatch<SetStateAction<number>> }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-3">
      <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
        Newer
      </button>
      <span className="text-sm text-slate-600">
        Page {page} of {pages}
      </span>
      <button type="button" className="btn-secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
        Older
      </button>
    </nav>
  );
}
