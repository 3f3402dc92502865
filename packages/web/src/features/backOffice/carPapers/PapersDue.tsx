/** The dashboard's list of cars' papers expired or expiring within 30 days, the soonest first. */
import { carPaperWords } from '@rental/contract/carPapers';
import type { PaperDue } from '@rental/contract/schemas';
import { Link } from 'react-router';
import { PaperState } from './PaperState';

export function PapersDue({ papers, today }: { papers: PaperDue[]; today: string }) {
  if (papers.length === 0) return null;
  return (
    <section aria-labelledby="papers-due" className="mt-6 rounded-xl border border-red-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="papers-due" className="text-lg font-semibold text-slate-900">
          Car papers to renew
        </h2>
        <Link to="/owner/papers" className="text-sm font-medium text-primary underline">
          All car papers
        </Link>
      </div>
      <ul className="mt-3 divide-y divide-slate-100">
        {papers.map((paper) => (
          <li key={paper.paperId} className="flex flex-col gap-1 py-2 text-sm sm:flex-row sm:items-center sm:justify-between sm:gap-4">
            <span className="min-w-0">
              <span className="font-medium text-slate-900">
                {paper.car.name}
                {paper.car.plate ? ` (${paper.car.plate})` : ''}
              </span>
              <span className="block text-slate-700">{carPaperWords(paper, today)}</span>
            </span>
            <PaperState state={paper.state} />
          </li>
        ))}
      </ul>
    </section>
  );
}
