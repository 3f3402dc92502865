import { BookingDetail } from '../features/bookings/BookingDetail';

/** /my-bookings/{reference}: one of the customer's bookings in full. */
export default function BookingPage() {
  return <BookingDetail />;
}
