/** The demo's bookings, placed around today so the dashboard always has something to show. */
import type { BookingStatus, PaymentMethod } from '@rental/contract/constants';
import { addDays, daysBetween, monthBounds } from '@rental/contract/rentalDates';

export type DemoBooking = {
  /** Model name of a car of DEMO_FLEET. */
  model: string;
  customerIndex: number;
  pickupDate: string;
  returnDate: string;
  status: BookingStatus;
  paymentMethod: PaymentMethod;
  bookedHoursAgo: number;
};

type Plan = Omit<DemoBooking, 'pickupDate' | 'returnDate' | 'bookedHoursAgo'> & {
  pickupDate: string;
  days: number;
  /** Hours between booking and pickup, or before now for a pickup still ahead. */
  leadHours: number;
};

/**
 * A mix of statuses: confirmed rentals this month (so monthly revenue is not zero, even on the 1st),
 * one under way today, upcoming pending requests, one cancelled and one from the past; one out on rent
 * and due back today, and this month's first returned with a receipt (demoCounter.ts).
 * No two that are not cancelled share a day on the same car: the database would refuse them.
 */
export function demoBookings(today: string): DemoBooking[] {
  const monthStart = monthBounds(today).start;
  const plans: Plan[] = [
    { model: 'Corolla', customerIndex: 0, pickupDate: monthStart, days: 3, status: 'confirmed', paymentMethod: 'upfront', leadHours: 130 },
    { model: 'Hilux', customerIndex: 1, pickupDate: today, days: 4, status: 'confirmed', paymentMethod: 'cash_deposit', leadHours: 50 },
    { model: 'Noah', customerIndex: 0, pickupDate: addDays(today, 3), days: 3, status: 'pending', paymentMethod: 'cash_deposit', leadHours: 5 },
    { model: 'CR-V', customerIndex: 1, pickupDate: addDays(today, 7), days: 3, status: 'pending', paymentMethod: 'upfront', leadHours: 2 },
    { model: 'Swift', customerIndex: 0, pickupDate: addDays(today, 2), days: 3, status: 'cancelled', paymentMethod: 'upfront', leadHours: 30 },
    { model: 'Fit', customerIndex: 1, pickupDate: addDays(today, -20), days: 3, status: 'confirmed', paymentMethod: 'upfront', leadHours: 70 },
    { model: 'Tucson', customerIndex: 0, pickupDate: addDays(today, 14), days: 7, status: 'confirmed', paymentMethod: 'upfront', leadHours: 26 },
    { model: 'Corolla', customerIndex: 1, pickupDate: addDays(today, 12), days: 3, status: 'pending', paymentMethod: 'cash_deposit', leadHours: 1 },
    { model: 'Hiace', customerIndex: 1, pickupDate: addDays(today, 30), days: 2, status: 'pending', paymentMethod: 'upfront', leadHours: 8 },
    { model: 'MX-5 Miata', customerIndex: 0, pickupDate: addDays(today, 5), days: 2, status: 'confirmed', paymentMethod: 'cash_deposit', leadHours: 20 },
    // Out on rent, due back today (demoCounter.ts checks it out).
    { model: 'Tucson', customerIndex: 0, pickupDate: addDays(today, -2), days: 2, status: 'confirmed', paymentMethod: 'upfront', leadHours: 40 },
  ];
  return plans.map(({ days, leadHours, ...plan }) => ({
    ...plan,
    returnDate: addDays(plan.pickupDate, days),
    // A booking is made before its pickup: past pickups were booked that many days ago and more.
    bookedHoursAgo: Math.max(0, daysBetween(plan.pickupDate, today)) * 24 + leadHours,
  }));
}
