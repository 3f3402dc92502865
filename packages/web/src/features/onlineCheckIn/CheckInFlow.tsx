/**
 * The check-in's steps once the server's state is here (Drivers, Arrival, Agreement, Payment), or why
 * it is closed. Fetched as the page shows, while the state loads: the page's first download stays
 * within its budget (bench/bundle-size.mjs).
 */
import { CHECK_IN_CLOSED_WORDS } from '@rental/contract/onlineCheckIn';
import type { BookingDetail, OnlineCheckInState } from '@rental/contract/schemas';
import { CircleCheck } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SkeletonBlock } from '../../components/Skeleton';
import { formatInstantWithTime } from '../../lib/dates';
import { type ArrivalValues, ArrivalStep } from './ArrivalStep';
import { AgreementPdfButton } from './AgreementPdfButton';
import { bookingPagePath, useCheckInAccess } from './checkInAccess';
import { CHECK_IN_STEP_WORDS, CHECK_IN_STEPS, type CheckInStep, driversReady, firstStep, type RefusalPlace, stepsOpen } from './checkInSteps';
import { DriversStep, StateBadge } from './DriversStep';

const SignStep = lazy(() => import('./SignStep'));
const MoneyStep = lazy(() => import('./MoneyStep'));

function StepNav({ current, open, onPick }: { current: CheckInStep; open: Record<CheckInStep, boolean>; onPick: (step: CheckInStep) => void }) {
  return (
    <nav aria-label="Check-in steps">
      <ol className="grid grid-cols-4 gap-1 text-center text-xs sm:text-sm">
        {CHECK_IN_STEPS.map((step, index) => {
          const here = step === current;
          return (
            <li key={step}>
              <button
                type="button"
                aria-current={here ? 'step' : undefined}
                aria-label={`Step ${index + 1}: ${CHECK_IN_STEP_WORDS[step]}`}
                disabled={!open[step]}
                onClick={() => onPick(step)}
                className={`flex min-h-11 w-full flex-col items-center justify-center rounded-lg border px-1 py-1.5 ${
                  here
                    ? 'border-primary bg-primary text-white'
                    : open[step]
                      ? 'border-slate-300 bg-white text-slate-800'
                      : 'border-slate-200 bg-slate-50 text-slate-400'
                }`}
              >
                {/* The space (not drawn between the column's items) keeps "1 Drivers" readable as a whole, inside the name "Step 1: Drivers". */}
                <span className="font-semibold">{index + 1}</span> <span>{CHECK_IN_STEP_WORDS[step]}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function Steps({ state, booking }: { state: OnlineCheckInState; booking: BookingDetail }) {
  const [step, setStep] = useState<CheckInStep>(() => firstStep(state));
  const [arrival, setArrival] = useState<ArrivalValues>({
    pickupTime: state.arrival.pickupTime ?? '',
    flightNumber: state.arrival.flightNumber ?? state.arrival.delivery?.flightNumber ?? '',
  });
  const [problems, setProblems] = useState<Partial<Record<'drivers' | 'arrival' | 'page', string>>>({});
  const [signedMessage, setSignedMessage] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const done = state.completed !== null;
  const open = stepsOpen(state, arrival.pickupTime);

  // A step opened by a tap or a refusal: its heading takes the focus (a screen reader reads where it is).
  useEffect(() => {
    if (moved.current) headingRef.current?.focus();
  }, [step, problems]);

  const go = (next: CheckInStep) => {
    moved.current = true;
    setStep(next);
  };

  const toArrival = () => {
    if (!driversReady(state)) {
      setProblems({ drivers: 'Please give the missing details first: each driver’s card says what and where.' });
      moved.current = true;
      return;
    }
    setProblems({});
    go('arrival');
  };
  const toAgreement = () => {
    if (!arrival.pickupTime) {
      moved.current = false;
      setProblems({ arrival: 'Please choose your pickup time.' });
      document.getElementById('check-in-time')?.focus();
      return;
    }
    setProblems({});
    go('agreement');
  };
  const elsewhere = (place: RefusalPlace, words: string) => {
    moved.current = true;
    if (place === 'drivers') {
      setProblems({ drivers: words });
      setStep('drivers');
    } else if (place === 'arrival') {
      setProblems({ arrival: words });
      setStep('arrival');
    } else setProblems({ page: words });
  };

  return (
    <div className="space-y-5">
      {done && (
        <div role="status" className="rounded-2xl border border-emerald-300 bg-emerald-50 p-4">
          <p className="flex items-center gap-2 text-lg font-semibold text-emerald-950">
            <CircleCheck aria-hidden="true" size={20} /> Checked in online
          </p>
          <p className="mt-1 text-sm text-emerald-950">
            {signedMessage || 'Your agreement is signed.'} Signed on {formatInstantWithTime(state.completed?.completedAt ?? '')}.
          </p>
          <div className="mt-3">
            <AgreementPdfButton bookingId={state.bookingId} />
          </div>
        </div>
      )}
      {problems.page && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {problems.page}
        </p>
      )}
      <StepNav current={step} open={open} onPick={go} />
      <section aria-labelledby="check-in-step-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="check-in-step-heading" ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
            {CHECK_IN_STEPS.indexOf(step) + 1}. {CHECK_IN_STEP_WORDS[step]}
          </h2>
          {step === 'drivers' && <StateBadge state={state.drivers.state} />}
        </div>
        {step === 'drivers' && (
          <>
            <DriversStep state={state} problem={problems.drivers ?? ''} />
            {!done && (
              <button type="button" className="btn-primary mt-5 min-h-12 w-full" onClick={toArrival}>
                Continue to arrival
              </button>
            )}
          </>
        )}
        {step === 'arrival' && (
          <>
            <ArrivalStep
              state={state}
              values={arrival}
              readOnly={done}
              problem={problems.arrival ?? ''}
              onChange={(values) => {
                setArrival(values);
                if (problems.arrival) setProblems({});
              }}
            />
            {!done && state.arrival.hours && (
              <button type="button" className="btn-primary mt-5 min-h-12 w-full" onClick={toAgreement}>
                Continue to the agreement
              </button>
            )}
          </>
        )}
        {step === 'agreement' &&
          (done ? (
            <p className="text-slate-700">You signed the agreement. The PDF above is what you signed; the counter keeps the same one.</p>
          ) : (
            <Suspense fallback={<SkeletonBlock className="h-96 w-full" />}>
              <SignStep
                state={state}
                arrival={arrival}
                onElsewhere={elsewhere}
                onSigned={(message) => {
                  setSignedMessage(message);
                  go('money');
                }}
              />
            </Suspense>
          ))}
        {step === 'money' && (
          <Suspense fallback={<SkeletonBlock className="h-40 w-full" />}>
            <MoneyStep state={state} booking={booking} />
          </Suspense>
        )}
      </section>
    </div>
  );
}

function Closed({ state }: { state: OnlineCheckInState }) {
  const reason = state.closedReason;
  const access = useCheckInAccess();
  return (
    <div role="status" className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
      <p className="text-lg font-medium text-slate-900">{state.closedMessage ?? (reason ? CHECK_IN_CLOSED_WORDS[reason] : '')}</p>
      {reason === 'too_early' && (
        <p className="mt-1 text-slate-700">
          It opens on <strong>{formatInstantWithTime(state.opensAt)}</strong> (Jamaica time).
        </p>
      )}
      <Link to={bookingPagePath(state.reference, access)} className="btn-primary mt-4">
        Back to the booking
      </Link>
    </div>
  );
}

/** The steps, or why check-in is closed (a completed check-in still reads, and pays). */
export default function CheckInFlow({ state, booking }: { state: OnlineCheckInState; booking: BookingDetail }) {
  if (!state.open && state.completed === null) return <Closed state={state} />;
  return <Steps key={state.bookingId} state={state} booking={booking} />;
}
