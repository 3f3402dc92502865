/** Step 1: which booking this is, at a glance, before anything is filled in. */
import { PAYMENT_STATUS_WORDS } from '@rental/contract/constants';
import type { CounterBooking } from '@rental/contract/schemas';
import { useMoney } from '../../../../company/useCompany';
import { daysText, formatCalendarDate } from '../../../../lib/dates';

export function BookingFacts({ booking }: { booking: CounterBooking }) {
  const money = useMoney();
  const { car, user } = booking;
  const facts: [string, string][] = [
    ['Customer', user.name],
    ['Phone', user.phone || 'No phone given'],
    ['Car', `${car.brand} ${car.model} ${car.year}`],
    ['Plate', car.plate ?? 'No plate recorded'],
    ['Pickup', formatCalendarDate(booking.pickupDate)],
    ['Return', `${formatCalendarDate(booking.returnDate)} (${daysText(booking.returnRules.days)})`],
    ['Price', money(booking.price)],
    ['Payment', PAYMENT_STATUS_WORDS[booking.paymentStatus]],
    ['Balance to pay', booking.balance > 0 ? money(booking.balance) : 'Nothing'],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
      {facts.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-3 border-b border-slate-100 py-1.5 sm:block sm:border-0">
          <dt className="text-sm text-slate-500">{term}</dt>
          <dd className="text-right font-medium text-slate-900 sm:text-left">
            {term === 'Phone' && user.phone ? (
              <a href={`tel:${user.phone}`} className="text-primary underline">
                {value}
              </a>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
