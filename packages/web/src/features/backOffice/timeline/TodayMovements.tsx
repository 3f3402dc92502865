/**
 * Today's pickups and returns (the company's day in Jamaica): who comes for which car, and who
 * brings one back. Takes the lists as the server gives them (todaysMovements), so any staff page
 * can show it: the timeline and the dashboard.
 */
import { phoneHref } from '@rental/contract/company';
import type { Movement, TodaysMovements } from '@rental/contract/schemas';
import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCalendarDate } from '../../../lib/dates';
import { StatusBadge } from '../StatusBadge';

function MovementList({ title, icon, movements, empty }: { title: string; icon: ReactNode; movements: Movement[]; empty: string }) {
  return (
    <section aria-label={title} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="flex items-center gap-2 font-semibold text-slate-900">
        {icon}
        {title} <span className="text-slate-500">({movements.length})</span>
      </h2>
      {movements.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {movements.map((m) => (
            <li key={m._id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">
                  {m.carName}{' '}
                  <Link to={`/owner/bookings/${m._id}`} className="font-mono text-primary underline">
                    {m.reference}
                  </Link>
                </p>
                <p className="break-words text-slate-700">
                  {m.customer.name}
                  {m.customer.phone && (
                    <>
                      {' · '}
                      <a className="text-primary underline" href={phoneHref(m.customer.phone)}>
                        {m.customer.phone}
                      </a>
                    </>
                  )}
                </p>
              </div>
              <StatusBadge status={m.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function TodayMovements({ movements }: { movements: TodaysMovements }) {
  return (
    <div className="mb-6">
      <p className="mb-2 text-sm text-slate-600">Today, {formatCalendarDate(movements.date)}</p>
      <div className="grid gap-4 md:grid-cols-2">
        <MovementList
          title="Pickups today"
          icon={<ArrowUpFromLine aria-hidden="true" size={18} className="text-primary" />}
          movements={movements.pickups}
          empty="No car is picked up today."
        />
        <MovementList
          title="Returns today"
          icon={<ArrowDownToLine aria-hidden="true" size={18} className="text-emerald-700" />}
          movements={movements.returns}
          empty="No car comes back today."
        />
      </div>
    </div>
  );
}
