/**
 * Step 1: every driver of the booking with their licence, documents and the company's check. The
 * details themselves are given where they always are: the main driver's on the account page, the
 * other drivers' on the booking page; this step links there and back. Those pages need an account:
 * someone checking in through the booking's sign-in link is told in words how to give the details.
 */
import { VETTING_STATUS_WORDS } from '@rental/contract/constants';
import type { CheckInDriver, CheckInStepState, OnlineCheckInState } from '@rental/contract/schemas';
import { Link } from 'react-router';
import { useCheckInAccess } from './checkInAccess';
import { checkInPath } from './checkInSteps';

const STATE_WORDS: Record<CheckInStepState, { text: string; tone: string }> = {
  done: { text: 'Ready', tone: 'bg-emerald-100 text-emerald-900' },
  waiting: { text: 'Waiting for our check', tone: 'bg-amber-100 text-amber-950' },
  to_do: { text: 'Details needed', tone: 'bg-red-100 text-red-900' },
  blocked: { text: 'Please call us', tone: 'bg-red-100 text-red-900' },
};

export function StateBadge({ state }: { state: CheckInStepState }) {
  const { text, tone } = STATE_WORDS[state];
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{text}</span>;
}

/** What a link's session (no account logged in) reads where an account gets a link to the account or booking page. */
export const DETAILS_WITHOUT_ACCOUNT =
  'Bring the licence and documents to the counter, or give them online: log in (no password yet? “Forgot password?” on the log-in e-mails you one), then open this check-in again.';

function DriverCard({ driver, reference }: { driver: CheckInDriver; reference: string }) {
  const main = driver.role === 'main';
  const { bookingSession } = useCheckInAccess();
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {driver.name}
          <span className="block text-sm font-normal text-slate-600">{main ? 'Main driver (you)' : 'Other driver'}</span>
        </p>
        <StateBadge state={driver.state} />
      </div>
      <dl className="mt-3 space-y-1 text-sm">
        <div className="flex gap-2">
          <dt className="text-slate-500">Licence details:</dt>
          <dd className="text-slate-900">{driver.licenceGiven ? 'given' : 'not given yet'}</dd>
        </div>
        {main && (
          <div className="flex gap-2">
            <dt className="text-slate-500">Documents:</dt>
            <dd className="text-slate-900">{driver.documentsNeeded.length === 0 ? 'sent' : `still needed: ${driver.documentsNeeded.join(', ')}`}</dd>
          </div>
        )}
        {driver.vetting && (
          <div className="flex gap-2">
            <dt className="text-slate-500">Our check:</dt>
            <dd className="text-slate-900">{VETTING_STATUS_WORDS[driver.vetting]}</dd>
          </div>
        )}
      </dl>
      {driver.problems.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-800">
          {driver.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {driver.state === 'waiting' && <p className="mt-2 text-sm text-amber-950">We check the details before your pickup; you can finish check-in meanwhile.</p>}
      {driver.state === 'blocked' && <p className="mt-2 text-sm text-red-800">We cannot rent to this driver as things stand. Please call or write to us.</p>}
      {driver.state === 'to_do' &&
        (bookingSession ? (
          <p className="mt-2 text-sm text-slate-800">{DETAILS_WITHOUT_ACCOUNT}</p>
        ) : main ? (
          <Link to="/account" state={{ from: checkInPath(reference) }} className="btn-secondary mt-3 min-h-11 px-4 text-sm">
            Give your licence and documents
          </Link>
        ) : (
          <Link to={`/my-bookings/${reference}#drivers-heading`} className="btn-secondary mt-3 min-h-11 px-4 text-sm">
            Give this driver’s licence details
          </Link>
        ))}
    </li>
  );
}

export function DriversStep({ state, problem }: { state: OnlineCheckInState; problem: string }) {
  const { drivers } = state.drivers;
  const { bookingSession } = useCheckInAccess();
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Everyone who will drive the car, with their licence. We check the main driver’s details and documents before pickup.
      </p>
      {problem && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      )}
      <ul className="space-y-3">
        {drivers.map((driver, index) => (
          <DriverCard key={`${driver.role}-${driver.name}-${index}`} driver={driver} reference={state.reference} />
        ))}
      </ul>
      {bookingSession ? (
        <p className="text-sm text-slate-600">Someone else driving too? Bring their licence to the counter and we add them there.</p>
      ) : (
        <p className="text-sm text-slate-600">
          Someone else driving too?{' '}
          <Link to={`/my-bookings/${state.reference}#drivers-heading`} className="text-primary underline">
            Add another driver on the booking page
          </Link>
          .
        </p>
      )}
    </div>
  );
}
