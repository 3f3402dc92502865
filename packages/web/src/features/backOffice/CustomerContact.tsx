import { phoneHref } from '@rental/contract/company';
import type { StaffBooking } from '@rental/contract/schemas';
import { CustomerChips, OtherDrivers } from './vetting/CustomerChips';

/**
 * A booking's customer as staff reach them: name, e-mail and phone as links (or that none was
 * given), their driver check and any "do not rent" mark, and the booking's other drivers.
 */
export function CustomerContact({ user, otherDrivers = [] }: { user: StaffBooking['user']; otherDrivers?: StaffBooking['additionalDrivers'] }) {
  return (
    <>
      <p className="font-medium text-slate-900">{user.name}</p>
      {/* An erased customer's bookings carry no address. */}
      {user.email && (
        <a href={`mailto:${user.email}`} className="block rounded [overflow-wrap:anywhere] text-slate-500 hover:text-primary">
          {user.email}
        </a>
      )}
      {user.phone ? (
        <a href={phoneHref(user.phone)} className="block rounded whitespace-nowrap text-slate-700 hover:text-primary">
          {user.phone}
        </a>
      ) : (
        <span className="block text-xs text-slate-500">No phone given</span>
      )}
      <CustomerChips user={user} />
      <OtherDrivers drivers={otherDrivers} />
    </>
  );
}
