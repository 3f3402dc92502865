import { Plus } from 'lucide-react';
import { Link } from 'react-router';

/** To the staff's "New booking" page (a walk-in or phone customer), from Manage Bookings and the desk. */
export function NewBookingButton() {
  return (
    <Link to="/owner/bookings/new" className="btn-primary inline-flex min-h-11 items-center gap-2">
      <Plus aria-hidden="true" size={18} />
      New booking
    </Link>
  );
}
