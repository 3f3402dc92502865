/**
 * /owner/papers, "Car papers": the bookings whose car has a paper that runs out before their return
 * (renew it, or move the booking to another car, before the day), every car's papers by expiry, and
 * the cars missing a paper. Any staff member reads it; a car's page (owners, managers) saves papers.
 */
import { CAR_PAPER_WORDS } from '@rental/contract/carPapers';
import { formatDay } from '@rental/contract/format';
import type { FleetPapers } from '@rental/contract/schemas';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { usePageMeta } from '../../../lib/usePageMeta';
import { StaffPageHeader } from '../StaffPageHeader';
import { useStaffMay } from '../useStaffMay';
import { useFleetPapers } from './carPaperQueries';
import { paperAlertText } from './PaperAlertMark';
import { PaperState } from './PaperState';

type Car = FleetPapers['papers'][number]['car'];

function CarName({ car, linked }: { car: Car; linked: boolean }) {
  const words = `${car.name}${car.plate ? ` (${car.plate})` : ''}`;
  return linked ? (
    <Link to={`/owner/add-car/${car._id}`} className="font-medium text-primary underline">
      {words}
    </Link>
  ) : (
    <span className="font-medium text-slate-900">{words}</span>
  );
}

export function CarPapersPage() {
  usePageMeta('Car papers', 'Every car’s registration, certificate of fitness and insurance by expiry, and the bookings that run past one.');
  const query = useFleetPapers();
  const mayEdit = useStaffMay('manager');
  const papers = query.data;

  return (
    <>
      <StaffPageHeader
        title="Car papers"
        description="Registration, certificate of fitness and insurance of every car, the soonest expiry first. From the day a paper expires its car cannot be handed over at the counter."
      />
      {query.isPending && <p className="text-slate-600">Loading the papers…</p>}
      {query.isError && (
        <p role="alert" className="text-red-700">
          {errorMessage(query.error)}
        </p>
      )}
      {papers && (
        <div className="space-y-8">
          <section aria-labelledby="past-expiry" className="rounded-xl border border-red-200 bg-white p-4 sm:p-6">
            <h2 id="past-expiry" className="text-lg font-semibold text-slate-900">
              Bookings that run past a paper’s expiry
            </h2>
            {papers.bookingsPastExpiry.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">None: every booking still to come ends before its car’s papers expire.</p>
            ) : (
              <>
                <p className="mt-1 text-sm text-slate-600">Renew the paper, or move the booking to another car, before the day.</p>
                <ul className="mt-3 divide-y divide-slate-100">
                  {papers.bookingsPastExpiry.map((booking) => (
                    <li key={booking.bookingId} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                      <div className="min-w-0">
                        <Link to={`/owner/bookings/${booking.bookingId}`} className="font-mono font-semibold text-primary underline">
                          {booking.reference}
                        </Link>{' '}
                        <span className="text-sm text-slate-700">
                          {formatDay(booking.pickupDate)} to {formatDay(booking.returnDate)}
                        </span>
                        <div className="text-sm">
                          <CarName car={booking.car} linked={mayEdit} />
                        </div>
                      </div>
                      <span className="text-sm font-semibold text-red-800">{paperAlertText(booking.paper, papers.today)}</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>

          <section aria-labelledby="by-expiry" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
            <h2 id="by-expiry" className="text-lg font-semibold text-slate-900">
              Papers by expiry
            </h2>
            {papers.papers.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">No papers are recorded yet. Add them on each car’s page (Manage Cars, then the car).</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-100">
                {papers.papers.map((paper) => (
                  <li key={paper._id} className="grid gap-1 py-3 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-4">
                    <div className="min-w-0 text-sm">
                      <CarName car={paper.car} linked={mayEdit} />
                      <div className="text-slate-700">
                        {CAR_PAPER_WORDS[paper.kind]}
                        {paper.policyNumber ? `, ${paper.insurer ?? ''} policy ${paper.policyNumber}` : ''}
                      </div>
                    </div>
                    <span className="text-sm text-slate-900">
                      {paper.state === 'expired' ? 'Expired on' : 'Expires on'} {formatDay(paper.expiresOn)}
                    </span>
                    <PaperState state={paper.state} />
                  </li>
                ))}
              </ul>
            )}
          </section>

          {papers.missing.length > 0 && (
            <section aria-labelledby="missing-papers" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
              <h2 id="missing-papers" className="text-lg font-semibold text-slate-900">
                Papers not recorded
              </h2>
              <ul className="mt-3 space-y-2 text-sm">
                {papers.missing.map((entry) => (
                  <li key={entry.car._id}>
                    <CarName car={entry.car} linked={mayEdit} />: {entry.kinds.map((kind) => CAR_PAPER_WORDS[kind].toLowerCase()).join(', ')}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </>
  );
}
