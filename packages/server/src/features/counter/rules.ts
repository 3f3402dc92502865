/** When the keys may go out, in one place: the check-out form is told the same words the call answers. */
import { type BookingStatus, COUNTER_MESSAGES, type VettingStatus } from '@rental/contract';

export interface CheckOutFacts {
  status: BookingStatus;
  pickupDate: string;
  returnDate: string;
  vetting: VettingStatus;
  doNotRent: boolean;
  /** The customer's licence as their driver details give it; null: none given. */
  licenceNumber: string | null;
}

/** The HTTP status and words of why this booking cannot be checked out today; null when it can. */
export function checkOutRefusal(facts: CheckOutFacts, today: string): { status: 404 | 409 | 422; message: string } | null {
  if (facts.status === 'on_rent' || facts.status === 'returned') return { status: 409, message: COUNTER_MESSAGES.alreadyCheckedOut };
  if (facts.status !== 'confirmed') return { status: 409, message: COUNTER_MESSAGES.notConfirmed };
  if (facts.pickupDate > today) return { status: 409, message: COUNTER_MESSAGES.beforePickupDay };
  if (facts.returnDate < today) return { status: 409, message: COUNTER_MESSAGES.afterReturnDay };
  if (facts.doNotRent) return { status: 409, message: COUNTER_MESSAGES.doNotRent };
  if (facts.vetting === 'rejected') return { status: 409, message: COUNTER_MESSAGES.driverRejected };
  if (facts.vetting !== 'approved') return { status: 409, message: COUNTER_MESSAGES.driverNotApproved };
  if (!facts.licenceNumber) return { status: 409, message: COUNTER_MESSAGES.noLicence };
  return null;
}
