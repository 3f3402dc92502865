/** The customer's "Change dates" on their booking page: before the pickup day, the dates only (another car: staff). */
import { changeableFields } from '@rental/contract/bookingChanges';
import { companyToday } from '@rental/contract/rentalDates';
import { useState } from 'react';
import { ChangeBookingForm } from './ChangeBookingForm';
import type { ChangeableBookingView } from './changeForm';

export function CustomerChangeDates({ booking }: { booking: ChangeableBookingView }) {
  const [open, setOpen] = useState(false);
  if (!changeableFields('customer', booking, companyToday())) {
    return <p className="text-sm text-slate-600">The pickup day has come, so the dates can no longer be changed online. Please call or message us.</p>;
  }
  if (open) return <ChangeBookingForm booking={booking} asker="customer" onClose={() => setOpen(false)} />;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        Move, lengthen or shorten your rental until the day before pickup. You see the new price before anything changes. For another car, please call us.
      </p>
      <button type="button" className="btn-secondary" onClick={() => setOpen(true)}>
        Change dates
      </button>
    </div>
  );
}
