/** The timeline on a phone: the same bookings and blocks as a list by day, each one a button to its details. */
import type { TimelineCar } from '@rental/contract/schemas';
import { formatCalendarDate } from '../../../lib/dates';
import { paperAlertText } from '../carPapers/PaperAlertMark';
import { HOLD_LOOKS, lookOf } from './holdStyle';
import { type DayGroup, type Hold, holdDays, holdTitle } from './timelineLayout';

export function TimelineDayList({
  groups,
  cars,
  from,
  onOpen,
}: {
  groups: DayGroup[];
  cars: Map<string, TimelineCar>;
  from: string;
  onOpen: (hold: Hold) => void;
}) {
  if (groups.length === 0) return <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600">No bookings or blocks in these weeks.</p>;
  return (
    <ol aria-label="Fleet timeline by day" className="space-y-4">
      {groups.map(({ day, holds }) => (
        <li key={day}>
          <h2 className="mb-2 text-sm font-semibold text-slate-700">{formatCalendarDate(day)}</h2>
          <ul className="space-y-2">
            {holds.map((hold) => {
              const car = cars.get(hold.car);
              return (
                <li key={hold.id}>
                  {/* oxlint-disable-next-line jsx-a11y/control-has-associated-label -- named by the text it shows: the car, what holds it, the days */}
                  <button
                    type="button"
                    data-hold-id={hold.id}
                    onClick={() => onOpen(hold)}
                    className="flex w-full min-w-0 items-stretch gap-3 rounded-xl border border-slate-200 bg-white p-3 text-left hover:bg-slate-50"
                  >
                    <span aria-hidden="true" className={`w-1.5 shrink-0 rounded-full ${HOLD_LOOKS[lookOf(hold)].bar}`} />
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium break-words text-slate-900">
                        {car ? `${car.brand} ${car.model}${car.plate ? ` · ${car.plate}` : ''}` : 'Car'}
                      </span>{' '}
                      {hold.kind === 'booking' && hold.booking.paperAlert && (
                        <span className="block text-sm font-semibold text-red-700">{paperAlertText(hold.booking.paperAlert)}</span>
                      )}
                      <span className="block text-sm break-words text-slate-700">
                        {holdTitle(hold)}
                        {hold.kind === 'booking' ? ` · ${hold.booking.customer.name}` : hold.block.note ? ` · ${hold.block.note}` : ''}
                      </span>{' '}
                      <span className="block text-sm text-slate-600">
                        {hold.pickupDate < from ? 'Began earlier: ' : ''}
                        {holdDays(hold)}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}
