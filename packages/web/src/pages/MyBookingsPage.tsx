import { MyBookings } from '../features/bookings/MyBookings';
import { usePageMeta } from '../lib/usePageMeta';

export default function MyBookingsPage() {
  usePageMeta('My Bookings', 'See your car bookings: their status, rental period, pick-up location and total price.');
  return <MyBookings />;
}
