/** One booking at the desk: who, which car, what is paid, the driver check, and the counter's button. */
import { phoneHref } from '@rental/contract/company';
import type { DeskBooking } from '@rental/contract/schemas';
import { Phone } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PaperAlertMark } from '../../carPapers/PaperAlertMark';
import { errorMessage } from '../../../../api/client';
import { ConfirmDialog } from '../../ConfirmDialog';
import { carLine, counterAction, type DeskListKind, dueLine, paymentLook, type Tone, vettingLook } from './deskLists';
import { CheckedInOnline } from './CheckedInOnline';
import { useMarkNoShow } from './deskQueries';
import { StaffChangeBooking } from '../../../bookingChanges/StaffChangeBooking';
import { messagesLink, newMessagesText } from '../../messages/unreadQueries';
import { NewMessagesBadge } from './WaitingCustomers';

const TONE: Record<Tone, string> = {
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  warn: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  bad: 'bg-red-50 text-red-700 ring-red-600/30',
};

function Chip({ label, text, tone }: { label: string; text: string; tone: Tone }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-1 text-sm font-medium ring-1 ring-inset ${TONE[tone]}`}>
      <span className="sr-only">{label}: </span>
      {text}
    </span>
  );
}

/** "Due back Wed…" → "due back Wed…": the day's name keeps its capital. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export function DeskCard({
  booking,
  kind,
  unread = 0,
  onNoShow,
}: {
  booking: DeskBooking;
  kind: DeskListKind;
  /** The customer's WhatsApp and SMS messages no staff member has opened yet. */
  unread?: number;
  onNoShow: (message: string) => void;
}) {
  const id = useId();
  const action = counterAction(kind, booking._id);
  const payment = paymentLook(booking);
  const vetting = vettingLook(booking.user);
  const noShow = useMarkNoShow();
  const [asking, setAsking] = useState(false);
  const late = kind === 'overdue';

  const markNoShow = () => {
    setAsking(false);
    // Not mutate's onSuccess: the card leaves the list as the desk reloads, and a callback of a card
    // gone is never called; the promise still settles.
    noShow.mutateAsync(booking._id).then(
      (answer) => onNoShow(`${booking.reference}: ${answer.message ?? 'marked a no-show.'}`),
      () => undefined, // shown by the card from the mutation's state
    );
  };

  return (
    <li>
      <article
        aria-labelledby={`${id}-ref`}
        className={`rounded-xl border bg-white p-4 shadow-sm ${late || booking.paperAlert ? 'border-red-300 ring-1 ring-red-200' : 'border-slate-200'}`}
      >
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <div className="flex flex-wrap items-center gap-x-3">
            <h3 id={`${id}-ref`} className="font-mono text-lg font-semibold text-slate-900">
              <Link to={`/owner/bookings/${booking._id}`} className="inline-flex min-h-11 items-center text-primary underline">
                {booking.reference}
              </Link>
            </h3>
            {unread > 0 && (
              <Link
                to={messagesLink(booking._id)}
                aria-label={`${newMessagesText(unread)} from ${booking.user.name}`}
                className="inline-flex min-h-11 items-center gap-2 rounded-lg text-sm font-medium text-amber-900 hover:underline"
              >
                <NewMessagesBadge count={unread} />
                <span aria-hidden="true">{unread === 1 ? 'new message' : 'new messages'}</span>
              </Link>
            )}
          </div>
          {kind !== 'pickups' && (
            <p className={`text-sm ${late ? 'font-semibold text-red-700' : 'text-slate-600'}`}>
              {late ? `Overdue: ${lowerFirst(dueLine(booking))}` : dueLine(booking)}
            </p>
          )}
        </div>
        <p className="mt-1 text-base font-medium text-slate-900">{booking.user.name}</p>
        {booking.user.phone ? (
          <a href={phoneHref(booking.user.phone)} className="mt-1 inline-flex min-h-11 items-center gap-2 rounded-lg text-primary hover:underline">
            <Phone aria-hidden="true" size={18} />
            {booking.user.phone}
          </a>
        ) : (
          <p className="mt-1 text-sm text-slate-500">No phone given</p>
        )}
        <p className="mt-1 text-slate-700">{carLine(booking)}</p>
        {booking.paperAlert && <PaperAlertMark alert={booking.paperAlert} className="mt-2" />}
        {kind === 'pickups' && <CheckedInOnline booking={booking} />}
        <div className="mt-3 flex flex-wrap gap-2">
          <Chip label="Payment" {...payment} />
          <Chip label="Driver check" {...vetting} />
        </div>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          <Link to={action.to} className="btn-primary min-h-12 flex-1 text-base sm:flex-none">
            {action.label}
          </Link>
          {/* A rental on the road: a later return day (or another car) before it is due or once overdue. */}
          {kind !== 'pickups' && <StaffChangeBooking booking={booking} className="btn-secondary min-h-12 text-base" />}
          {kind === 'pickups' && (
            <button
              type="button"
              className="btn-secondary min-h-12 text-base"
              aria-disabled={noShow.isPending || undefined}
              onClick={() => !noShow.isPending && setAsking(true)}
            >
              {noShow.isPending ? 'Marking…' : 'No-show'}
            </button>
          )}
        </div>
        {noShow.isError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {errorMessage(noShow.error)}
          </p>
        )}
      </article>
      {asking && (
        <ConfirmDialog
          title={`Mark ${booking.reference} a no-show?`}
          text={`${booking.user.name} did not come for the ${booking.car.brand} ${booking.car.model}. The booking ends and the car's days become free for other customers.`}
          yes="Mark as no-show"
          no="Keep the booking"
          onYes={markNoShow}
          onNo={() => setAsking(false)}
        />
      )}
    </li>
  );
}
