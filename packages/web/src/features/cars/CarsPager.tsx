import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

/** The page numbers shown: the first, the last, and two on each side of the current one; null marks a gap. */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const list: (number | null)[] = [];
  for (const n of sorted) {
    const last = list.at(-1);
    if (typeof last === 'number' && n - last > 1) list.push(null);
    list.push(n);
  }
  return list;
}

const STEP =
  'inline-flex h-11 items-center gap-1 rounded-full border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 hover:border-primary hover:text-primary';
const NUMBER = 'grid h-11 min-w-11 place-items-center rounded-full px-2 text-sm font-medium tabular-nums';

/**
 * Pages of the car list as links (?page=N with the rest of the address kept): they work before the
 * page's code has arrived, a search engine follows them, and Back returns to the page left.
 */
export function CarsPager({ page, pages, linkTo }: { page: number; pages: number; linkTo: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages of cars" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 && (
        <Link to={linkTo(page - 1)} className={STEP} rel="prev">
          <ChevronLeft aria-hidden="true" size={18} />
          Previous
        </Link>
      )}
      <ul className="flex flex-wrap items-center gap-1">
        {pageNumbers(page, pages).map((n, i) =>
          n === null ? (
            // oxlint-disable-next-line react/no-array-index-key -- gaps have no identity but their place
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={linkTo(n)}
                aria-label={`Page ${n} of ${pages}`}
                aria-current={n === page ? 'page' : undefined}
                className={`${NUMBER} ${n === page ? 'bg-primary text-white' : 'text-slate-700 hover:bg-slate-100 hover:text-primary'}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < pages && (
        <Link to={linkTo(page + 1)} className={STEP} rel="next">
          Next
          <ChevronRight aria-hidden="true" size={18} />
        </Link>
      )}
    </nav>
  );
}
