/** Who rents which car when, and with what: the first panel of the staff booking page. */
import { PAYMENT_METHOD_NAMES } from '@rental/contract/constants';
import { DELIVERY_PLACE_WORDS } from '@rental/contract/quote';
import type { CounterBooking } from '@rental/contract/schemas';
import type { ReactNode } from 'react';
import { CarImage } from '../../../components/CarImage';
import { daysText, formatCalendarDate, formatInstant } from '../../../lib/dates';
import { CustomerContact } from '../CustomerContact';
import { StatusBadge } from '../StatusBadge';

function Fact({ term, children, wide = false }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`min-w-0 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="text-slate-500">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function BookingFactsPanel({ booking }: { booking: CounterBooking }) {
  const extras = booking.quote?.lines.filter((line) => line.kind === 'extra') ?? [];
  const delivery = booking.quote?.delivery ?? null;
  return (
    <div className="space-y-4 text-sm">
      <div className="flex items-center gap-3">
        <CarImage car={booking.car} width={96} height={60} className="h-12 w-20 shrink-0 rounded-md object-cover" />
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {booking.car.brand} {booking.car.model} {booking.car.year}
          </p>
          <p className="text-slate-500">
            {booking.car.category} · {booking.car.plate ?? 'no plate yet'}
          </p>
        </div>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact term="Customer and other drivers" wide>
          <CustomerContact user={booking.user} otherDrivers={booking.additionalDrivers} />
        </Fact>
        <Fact term="Status">
          <StatusBadge status={booking.status} />
        </Fact>
        <Fact term="Dates">
          {formatCalendarDate(booking.pickupDate)} to {formatCalendarDate(booking.returnDate)} ({daysText(booking.returnRules.days)})
        </Fact>
        <Fact term="Where">{booking.car.location}</Fact>
        <Fact term="Extras">{extras.length === 0 ? 'None' : extras.map((line) => line.label).join(', ')}</Fact>
        <Fact term="Delivery">
          {delivery === null
            ? 'None: collected at the office'
            : `${DELIVERY_PLACE_WORDS[delivery.place]}: ${delivery.place === 'airport' ? `flight ${delivery.flightNumber}` : delivery.address}`}
        </Fact>
        <Fact term="How the customer pays">{PAYMENT_METHOD_NAMES[booking.paymentMethod]}</Fact>
        <Fact term="Booked">{formatInstant(booking.createdAt)}</Fact>
      </dl>
    </div>
  );
}
