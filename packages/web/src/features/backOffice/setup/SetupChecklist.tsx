/**
 * A first start's checklist on the staff dashboard: what is left before the site is the company's
 * own (contract setupChecklist.ts), each with where to fix it. Gone once every item is done.
 */
import { SETUP_ITEMS, SETUP_WORDS, type SetupStatus, setupLeft } from '@rental/contract/setupChecklist';
import { CircleCheck, Circle } from 'lucide-react';
import { Link } from 'react-router';

export function SetupChecklist({ status }: { status: SetupStatus }) {
  const left = setupLeft(status);
  if (left.length === 0) return null;
  const done = SETUP_ITEMS.length - left.length;
  return (
    <section aria-labelledby="setup-heading" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-6">
      <h2 id="setup-heading" className="text-lg font-semibold text-slate-900">
        Getting the site ready
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {done} of {SETUP_ITEMS.length} done. This list goes away once everything is done.
      </p>
      <ul className="mt-4 space-y-3">
        {SETUP_ITEMS.map((item) => {
          const words = SETUP_WORDS[item];
          const isDone = status[item];
          return (
            <li key={item} className="flex items-start gap-3 rounded-lg bg-white p-3 ring-1 ring-amber-200">
              {isDone ? (
                <CircleCheck aria-hidden="true" size={20} className="mt-0.5 shrink-0 text-emerald-700" />
              ) : (
                <Circle aria-hidden="true" size={20} className="mt-0.5 shrink-0 text-amber-700" />
              )}
              <div className="min-w-0">
                <p className={`font-medium ${isDone ? 'text-slate-500 line-through' : 'text-slate-900'}`}>
                  {words.task}
                  <span className="sr-only">{isDone ? ': done' : ': still to do'}</span>
                </p>
                {!isDone && (
                  <>
                    <p className="text-sm text-slate-700">{words.how}</p>
                    {words.href && (
                      <Link to={words.href} className="mt-1 inline-block text-sm font-medium text-primary underline">
                        {words.action}
                      </Link>
                    )}
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
