import { ConfirmBooking } from '../features/bookings/ConfirmBooking';
import { usePageMeta } from '../lib/usePageMeta';

export default function PaymentPage() {
  usePageMeta('Confirm your booking', 'Check your rental dates and price, choose how to pay and confirm your car booking.');
  return <ConfirmBooking />;
}
