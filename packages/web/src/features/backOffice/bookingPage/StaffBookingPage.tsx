/**
 * One booking for staff (/owner/bookings/:id): who, which car, when, with what; its folio (every
 * charge, payment and refund, and the balance) with the writes the staff member's role allows; the
 * agreement and receipt once the counter made them, with the items handed over and those not
 * returned; what happened to it, step by step.
 */
import { CHECKED_IN_ONLINE_WORDS } from '@rental/contract/checkedInOnline';
import { PAYMENT_STATUS_WORDS } from '@rental/contract/constants';
import type { CounterBooking, Folio } from '@rental/contract/schemas';
import { ArrowLeft, FileText } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import toast from '../../../lib/toast';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../api/client';
import { openApiFile } from '../../../api/openApiFile';
import { SkeletonBlock } from '../../../components/Skeleton';
import { usePageMeta } from '../../../lib/usePageMeta';
import { paymentStatusColour } from '../BookingPayment';
import { useCounterBooking } from '../counter/counterQueries';
import { useSession } from '../../../session/useSession';
import { BookingFactsPanel } from './BookingFactsPanel';
import { BookingHistory } from './BookingHistory';
import { BookingMessages } from './BookingMessages';
import { ChargeForm, PaymentForm, RefundForm, VoidLine } from './FolioForms';
import { FolioStatement } from '../../bookings/folio/FolioStatement';
import { StaffPaymentSlips } from '../../bookings/PaymentSlips';
import { type FolioForm, folioActionsFor } from './folioActions';
import { useStaffFolio } from './folioQueries';
import { LateChargeForm } from './LateChargeForm';
import { LateChargeList } from '../../bookings/LateCharges';
import { ROUTES } from '@rental/contract/routes';
import { staffRoleMay } from '@rental/contract/staffRoles';

function Panel({ title, id, children, action }: { title: string; id: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A paper of the booking behind the session, opened in a new tab; its problem said beside it. */
function PaperButton({ path, children }: { path: string; children: string }) {
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <div>
      <button
        type="button"
        className="btn-secondary min-h-11 w-full sm:w-auto"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setProblem('');
          openApiFile(path)
            .catch((error: unknown) => setProblem(errorMessage(error)))
            .finally(() => setBusy(false));
        }}
      >
        <FileText aria-hidden="true" size={18} />
        {children}
      </button>
      {problem && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

/** The folio with what this staff member may do to it (folioActions.ts). */
function FolioPanel({ booking, folio }: { booking: CounterBooking; folio: Folio }) {
  const { staffRole } = useSession();
  const { forms, mayVoid } = folioActionsFor(staffRole);
  const [open, setOpen] = useState<FolioForm | null>(null);
  const close = () => setOpen(null);
  return (
    <Panel
      title="Charges and payments"
      id="folio-heading"
      action={
        <span className={`rounded-full border px-2.5 py-0.5 text-sm font-medium ${paymentStatusColour(folio.paymentStatus)}`}>
          <span className="sr-only">Payment: </span>
          {PAYMENT_STATUS_WORDS[folio.paymentStatus]}
        </span>
      }
    >
      <FolioStatement folio={folio} audience="staff" renderLineAction={mayVoid ? (line) => <VoidLine bookingId={booking._id} line={line} /> : undefined} />
      {open === null ? (
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {forms.map((choice) => (
            <button key={choice.form} type="button" className="btn-secondary min-h-11" onClick={() => setOpen(choice.form)}>
              {choice.label}
            </button>
          ))}
        </div>
      ) : (
        <div className="mt-4">
          {open === 'payment' && <PaymentForm bookingId={booking._id} folio={folio} onClose={close} />}
          {open === 'charge' && <ChargeForm bookingId={booking._id} onClose={close} />}
          {open === 'refund' && <RefundForm bookingId={booking._id} folio={folio} onClose={close} />}
        </div>
      )}
    </Panel>
  );
}

/** Tolls and tickets that arrive after the return: listed with their scans; owners and managers add them (decision 119). */
function LateChargesPanel({ bookingId }: { bookingId: string }) {
  const { staffRole } = useSession();
  const mayAdd = staffRole !== null && staffRoleMay(staffRole, ROUTES.addLateCharge.access);
  const [open, setOpen] = useState(false);
  return (
    <Panel title="Tolls and tickets" id="late-charges-heading">
      <LateChargeList bookingId={bookingId} />
      {mayAdd &&
        (open ? (
          <div className="mt-3">
            <LateChargeForm bookingId={bookingId} onClose={() => setOpen(false)} />
          </div>
        ) : (
          <button type="button" className="btn-secondary mt-3 min-h-11 w-full sm:w-auto" onClick={() => setOpen(true)}>
            Add a toll or ticket
          </button>
        ))}
      {!mayAdd && <p className="mt-2 text-sm text-slate-600">An owner or a manager adds a toll or ticket that arrives after the return.</p>}
    </Panel>
  );
}

export function StaffBookingPage() {
  const { id = '' } = useParams();
  const booking = useCounterBooking(id);
  const folio = useStaffFolio(id);
  usePageMeta(booking.data ? `Booking ${booking.data.reference}` : 'Booking', 'One booking: its customer, car, dates and money.');
  const problem = booking.error ?? folio.error;

  useEffect(() => {
    if (problem) toast.error(errorMessage(problem));
  }, [problem]);

  const back = (
    <Link to="/owner/manage-bookings" className="mb-4 inline-flex min-h-11 items-center gap-2 text-primary hover:underline">
      <ArrowLeft aria-hidden="true" size={18} /> Manage Bookings
    </Link>
  );

  if (booking.isError) {
    return (
      <>
        {back}
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          {errorMessage(booking.error)}
        </p>
      </>
    );
  }
  if (booking.isPending) {
    return (
      <div aria-busy="true" className="space-y-4">
        {back}
        <SkeletonBlock className="h-10 w-64" />
        <SkeletonBlock className="h-48 w-full" />
        <SkeletonBlock className="h-64 w-full" />
      </div>
    );
  }
  const b = booking.data;
  const { checkOut, checkIn } = b.counter;
  return (
    <>
      {back}
      <h1 className="mb-6 text-2xl font-semibold text-slate-900 sm:text-3xl">
        Booking <span className="font-mono">{b.reference}</span>
      </h1>
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-4">
          <Panel title="The booking" id="booking-heading">
            <BookingFactsPanel booking={b} />
          </Panel>
          {(checkOut || checkIn) && (
            <Panel title="At the counter" id="papers-heading">
              {checkOut && (
                <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
                  <dt className="text-slate-600">Handed over</dt>
                  <dd>{checkOut.items.length === 0 ? 'Nothing besides the car and its keys' : checkOut.items.join(', ')}</dd>
                  {checkIn && checkIn.itemsMissing.length > 0 && (
                    <>
                      <dt className="font-semibold text-red-700">Not returned</dt>
                      <dd className="font-semibold text-red-700">{checkIn.itemsMissing.join(', ')}</dd>
                    </>
                  )}
                </dl>
              )}
              <div className="flex flex-col gap-2 sm:flex-row">
                {checkOut && <PaperButton path={checkOut.agreement}>Rental agreement (PDF)</PaperButton>}
                {checkOut?.condition && <PaperButton path={checkOut.condition}>{CHECKED_IN_ONLINE_WORDS.appendix}</PaperButton>}
                {checkIn && <PaperButton path={checkIn.receipt}>{`Receipt ${checkIn.receiptNumber} (PDF)`}</PaperButton>}
              </div>
            </Panel>
          )}
        </div>
        <div className="min-w-0 space-y-4">
          {folio.data ? (
            <FolioPanel booking={b} folio={folio.data} />
          ) : folio.isError ? (
            <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
              {errorMessage(folio.error)}
            </p>
          ) : (
            <SkeletonBlock className="h-64 w-full" />
          )}
          {b.status === 'returned' && <LateChargesPanel bookingId={b._id} />}
          {b.paymentMethod === 'cash_deposit' && (
            <Panel title="Deposit slips" id="slips-heading">
              <StaffPaymentSlips bookingId={b._id} />
            </Panel>
          )}
          <Panel title="Messages" id="messages-heading">
            <BookingMessages bookingId={b._id} />
          </Panel>
          <Panel title="History" id="history-heading">
            <BookingHistory bookingId={b._id} />
          </Panel>
        </div>
      </div>
    </>
  );
}
