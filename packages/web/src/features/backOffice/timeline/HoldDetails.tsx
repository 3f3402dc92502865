/**
 * The small panel a bar opens: what holds the car, when, and for a booking who to call; a block
 * can be removed from here. Focus moves into it, and Escape or Close gives it back to the bar.
 */
import { phoneHref } from '@rental/contract/company';
import type { TimelineCar } from '@rental/contract/schemas';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { PaperAlertMark } from '../carPapers/PaperAlertMark';
import { formatCalendarDate } from '../../../lib/dates';
import { holdTitle, type Hold } from './timelineLayout';
import { useDeleteBlock } from './timelineQueries';

export function HoldDetails({ hold, car, onClose }: { hold: Hold; car: TimelineCar | undefined; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const removeBlock = useDeleteBlock();

  useEffect(() => {
    heading.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [hold.id, onClose]);

  // The panel closes by itself once the refreshed timeline no longer holds the block.
  const remove = () => removeBlock.mutate(hold.id);

  return (
    <div
      role="dialog"
      aria-labelledby="hold-details-title"
      className="fixed inset-x-3 bottom-3 z-30 rounded-xl border border-slate-200 bg-white p-4 shadow-xl sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-96"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="hold-details-title" ref={heading} tabIndex={-1} className="font-semibold text-slate-900">
          {holdTitle(hold)}
        </h2>
        <button
          type="button"
          className="grid h-9 w-9 shrink-0 place-items-center rounded-lg text-slate-700 hover:bg-slate-100"
          aria-label="Close details"
          onClick={onClose}
        >
          <X aria-hidden="true" size={18} />
        </button>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">Car</dt>
        <dd className="break-words text-slate-900">{car ? `${car.brand} ${car.model}` : 'A car no longer in the fleet'}</dd>
        <dt className="text-slate-500">From</dt>
        <dd className="text-slate-900">{formatCalendarDate(hold.pickupDate)}</dd>
        <dt className="text-slate-500">Until</dt>
        <dd className="text-slate-900">{formatCalendarDate(hold.returnDate)}</dd>
        {hold.kind === 'booking' ? (
          <>
            <dt className="text-slate-500">Customer</dt>
            <dd className="break-words text-slate-900">{hold.booking.customer.name}</dd>
            {hold.booking.customer.phone && (
              <>
                <dt className="text-slate-500">Phone</dt>
                <dd>
                  <a className="text-primary underline" href={phoneHref(hold.booking.customer.phone)}>
                    {hold.booking.customer.phone}
                  </a>
                </dd>
              </>
            )}
          </>
        ) : (
          <>
            <dt className="text-slate-500">Note</dt>
            <dd className="break-words whitespace-pre-line text-slate-900">{hold.block.note || 'No note'}</dd>
          </>
        )}
      </dl>
      {hold.kind === 'booking' && hold.booking.paperAlert && <PaperAlertMark alert={hold.booking.paperAlert} className="mt-2" />}
      {hold.kind === 'booking' && (
        <Link to={`/owner/bookings/${hold.booking._id}`} className="btn-secondary mt-3 min-h-11 w-full">
          Open booking {hold.booking.reference}
        </Link>
      )}
      {hold.kind === 'block' && (
        <button type="button" className="btn-secondary mt-3 w-full text-red-700" disabled={removeBlock.isPending} onClick={remove}>
          {removeBlock.isPending ? 'Removing…' : 'Remove block'}
        </button>
      )}
    </div>
  );
}
