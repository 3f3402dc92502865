/**
 * Staff's way in to a change: a button beside a booking (Manage Bookings, the desk) that opens the
 * change form over the page, with the fleet's cars to choose from. Shown only where the contract's
 * rules let staff change the booking.
 */
import { changeableFields } from '@rental/contract/bookingChanges';
import { companyToday } from '@rental/contract/rentalDates';
import { type KeyboardEvent, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { useStaffCars } from '../backOffice/backOfficeQueries';
import { ChangeBookingForm } from './ChangeBookingForm';
import type { ChangeableBookingView } from './changeForm';

function ChangeDialog({ booking, title, onClose }: { booking: ChangeableBookingView; title: string; onClose: () => void }) {
  const id = useId();
  const cars = useStaffCars();
  const choices = (cars.data ?? []).map((car) => ({ _id: car._id, name: `${car.brand} ${car.model}${car.plate ? ` (${car.plate})` : ''}` }));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') onClose();
  };
  return createPortal(
    // oxlint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape closes it, as the confirm dialogs do
    <div className="fixed inset-0 z-50 flex items-end justify-center overflow-y-auto bg-slate-900/50 p-3 sm:items-center sm:p-4" onKeyDown={onKeyDown}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        className="max-h-full w-full max-w-lg overflow-y-auto rounded-xl bg-white p-4 shadow-xl sm:p-5"
      >
        <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <ChangeBookingForm booking={booking} asker="staff" cars={choices} onClose={onClose} />
      </div>
    </div>,
    document.body,
  );
}

export function StaffChangeBooking({
  booking,
  label,
  className = 'btn-secondary min-h-11',
}: {
  booking: ChangeableBookingView;
  label?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  if (!changeableFields('staff', booking, companyToday())) return null;
  const text = label ?? (booking.status === 'on_rent' ? 'Extend' : 'Change dates or car');
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {text}
      </button>
      {open && <ChangeDialog booking={booking} title={`${text}: ${booking.reference}`} onClose={() => setOpen(false)} />}
    </>
  );
}
