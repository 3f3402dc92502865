/**
 * The car page's booking form: a calendar to choose the pickup and return days (taken and past
 * days cannot be chosen, a day priced by a season shows its price), the extras, other drivers and
 * delivery, the server's quote for them, the security deposit, then on to the payment step with the
 * choices in its address (priceChoices.ts).
 */
import { MAX_DAYS_AHEAD } from '@rental/contract/constants';
import { MESSAGES } from '@rental/contract/messages';
import { addDays, companyToday, rangesOverlap, rentalDatesProblem } from '@rental/contract/rentalDates';
import type { Car } from '@rental/contract/schemas';
import {
  Component,
  type FormEvent,
  lazy,
  type ReactNode,
  startTransition,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import toast from '../../lib/toast';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { useMoney } from '../../company/useCompany';
import { daysText, formatCalendarDate } from '../../lib/dates';
import { useSession } from '../../session/useSession';
import { nextSelection, selectionPrompt } from './dateSelection';
import { choicesSearch, choicesState, deliveryProblem, NO_CHOICES, type PriceChoices } from './priceChoices';
import { usePrices } from './priceQueries';
import { useQuote } from './useQuote';
import { SecurityDeposit } from './PriceBreakdown';

/** Why these dates cannot be booked for this car, or null. */
export function bookingFormProblem(car: Pick<Car, 'reservedDates'>, pickupDate: string, returnDate: string, today: string): string | null {
  if (!pickupDate || !returnDate) return MESSAGES.selectBothDates;
  const problem = rentalDatesProblem(pickupDate, returnDate, today);
  if (problem) return problem.message;
  if (car.reservedDates.some((r) => rangesOverlap(r, { pickupDate, returnDate }))) return MESSAGES.datesTaken;
  return null;
}

// The calendar library is its own chunk, fetched once the page has painted (decision 040).
const loadCalendar = () => import('./DateRangeCalendar');
type Calendar = Awaited<ReturnType<typeof loadCalendar>>['default'];
// The extras and the quote's lines too: the page is drawn on the server and must stay light (decisions 075, 076).
const ExtrasPicker = lazy(() => import('./ExtrasPicker').then((m) => ({ default: m.ExtrasPicker })));
const QuoteState = lazy(() => import('./QuoteLines').then((m) => ({ default: m.QuoteState })));

/** Where the calendar will be: the same height, so nothing moves when it arrives. */
function CalendarPlaceholder() {
  return (
    <div role="status" className="grid h-[22rem] place-items-center rounded-lg bg-slate-50 text-sm text-slate-500">
      Loading the calendar…
    </div>
  );
}

/** If the calendar fails as it draws, plain date fields do the job (code that cannot be fetched is `calendar === 'failed'`). */
class CalendarOrFields extends Component<{ fields: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fields : this.props.children;
  }
}

export function CarBookingForm({ car }: { car: Car }) {
  const { pickupDate, setPickupDate, returnDate, setReturnDate } = useSession();
  const navigate = useNavigate();
  const money = useMoney();
  const ids = useId();
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [painted, setPainted] = useState(false);
  const [calendar, setCalendar] = useState<{ Calendar: Calendar } | 'failed' | null>(null);
  const [calendarDrawn, setCalendarDrawn] = useState(false);
  const [choices, setChoices] = useState<PriceChoices>(NO_CHOICES);
  const today = companyToday();
  const lastDay = addDays(today, MAX_DAYS_AHEAD);

  // Rendered only after the first paint: the page (picture, price) shows before the calendar's code is asked for.
  useEffect(() => {
    setPainted(true);
    let current = true;
    loadCalendar().then(
      (code) => current && setCalendar({ Calendar: code.default }),
      () => current && setCalendar('failed'),
    );
    return () => {
      current = false;
    };
  }, []);

  // The offer (seasons for the calendar, extras) and the quote are asked after the first paint too.
  const prices = usePrices(painted);
  const datesChosen = Boolean(pickupDate && returnDate) && !rentalDatesProblem(pickupDate, returnDate, today);
  const quote = useQuote(painted && datesChosen ? { carId: car._id, pickupDate, returnDate, choices } : null);
  const quoteProblem = datesChosen && quote.isError ? errorMessage(quote.error) : null;
  const seasons = prices.data?.rules.seasons;
  const { _id: id, category, pricePerDay } = car;
  const dayPrices = useMemo(() => (seasons ? { car: { id, category, pricePerDay }, seasons } : null), [id, category, pricePerDay, seasons]);
  // The calendar takes the prices and the taken days a moment later than the rest of the form, in a
  // render React may split: a query's answer renders the form at once, and the calendar after it.
  const calendarPrices = useDeferredValue(dayPrices);
  const calendarTaken = useDeferredValue(car.reservedDates);
  // The calendar is first drawn once its code is here and the offer too (or its first try failed),
  // so its days are drawn once with their prices rather than drawn again, taller, a moment later;
  // and drawn in a transition, which React splits into short tasks and puts off for a tap or a key.
  // (Drawn by a lazy component, it was drawn inside whichever update came first after its code,
  // often a query's answer, which React renders in one task: 500-1,000 ms on a slowed phone.)
  const offerKnown = prices.isSuccess || prices.isError || prices.failureCount > 0;
  const calendarReady = calendar !== null && calendar !== 'failed' && offerKnown;
  useEffect(() => {
    if (calendarReady) startTransition(() => setCalendarDrawn(true));
  }, [calendarReady]);

  function choose(date: string) {
    const step = nextSelection({ pickupDate, returnDate }, date, car.reservedDates, today);
    setPickupDate(step.pickupDate);
    setReturnDate(step.returnDate);
    setNote(step.note);
    setError(null);
  }

  // One function for the calendar's whole life, so the form's other updates do not draw it again.
  const latestChoose = useRef(choose);
  useLayoutEffect(() => {
    latestChoose.current = choose;
  });
  const onDayClick = useCallback((date: string) => latestChoose.current(date), []);

  function clear() {
    setPickupDate('');
    setReturnDate('');
    setNote(null);
    setError(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = bookingFormProblem(car, pickupDate, returnDate, today) ?? deliveryProblem(choices);
    setError(problem);
    if (problem) {
      toast.error(problem);
      return;
    }
    // The quote's refusal (a season's fewest days) is on screen already, under the dates: said once.
    if (quoteProblem) return;
    navigate(`/payment/${car._id}/${pickupDate}/${returnDate}${choicesSearch(choices)}`, { state: choicesState(choices) });
  }

  const fields = (
    <div className="grid gap-3">
      <div>
        <label htmlFor={`${ids}-pickup`} className="field-label">
          Pickup date
        </label>
        <input
          id={`${ids}-pickup`}
          type="date"
          className="field-input"
          min={today}
          max={lastDay}
          value={pickupDate}
          onChange={(e) => {
            setPickupDate(e.target.value);
            setError(null);
          }}
        />
      </div>
      <div>
        <label htmlFor={`${ids}-return`} className="field-label">
          Return date
        </label>
        <input
          id={`${ids}-return`}
          type="date"
          className="field-input"
          min={pickupDate || today}
          value={returnDate}
          onChange={(e) => {
            setReturnDate(e.target.value);
            setError(null);
          }}
        />
      </div>
    </div>
  );

  return (
    <form noValidate onSubmit={submit} aria-label="Book this car" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      {/* With days chosen, the headline is what they cost (the quote's total), never a rate the booking would not charge. */}
      <p className="flex flex-wrap items-baseline justify-between gap-x-2 border-b border-slate-100 pb-4">
        {datesChosen && quote.data && !quoteProblem ? (
          <>
            <span className="text-3xl font-bold text-slate-900">{money(quote.data.total)}</span>
            <span className="text-slate-500">
              for {daysText(quote.data.days)}
              {quote.data.gctPercent > 0 ? ', GCT included' : ''}
            </span>
          </>
        ) : (
          <>
            <span className="text-3xl font-bold text-slate-900">{money(car.pricePerDay)}</span>
            <span className="text-slate-500">per day{(prices.data?.gctPercent ?? 0) > 0 ? ' before GCT, usual rate' : ', usual rate'}</span>
          </>
        )}
      </p>

      <div>
        <h2 id={`${ids}-calendar`} className="font-semibold text-slate-900">
          Choose your dates
        </h2>
        <p className="text-sm text-slate-600">Tap the pickup day, then the return day. Crossed-out days are already taken.</p>
      </div>
      <CalendarOrFields fields={fields}>
        {calendar === 'failed' ? (
          fields
        ) : calendar && calendarDrawn ? (
          <calendar.Calendar
            reserved={calendarTaken}
            today={today}
            lastDay={lastDay}
            pickupDate={pickupDate}
            returnDate={returnDate}
            onDayClick={onDayClick}
            labelledBy={`${ids}-calendar`}
            dayPrices={calendarPrices}
          />
        ) : (
          <CalendarPlaceholder />
        )}
      </CalendarOrFields>

      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="rounded-lg border border-slate-200 p-2.5">
          <dt className="text-slate-500">Pickup</dt>
          <dd className="font-medium text-slate-900">{pickupDate ? formatCalendarDate(pickupDate) : 'Not chosen yet'}</dd>
        </div>
        <div className="rounded-lg border border-slate-200 p-2.5">
          <dt className="text-slate-500">Return</dt>
          <dd className="font-medium text-slate-900">{returnDate ? formatCalendarDate(returnDate) : 'Not chosen yet'}</dd>
        </div>
      </dl>
      <div className="flex items-start justify-between gap-3">
        <p role="status" className="text-sm text-slate-700">
          {note ?? selectionPrompt({ pickupDate, returnDate })}
        </p>
        {(pickupDate || returnDate) && (
          <button type="button" className="shrink-0 rounded-md px-2 py-1 text-sm font-medium text-primary underline-offset-2 hover:underline" onClick={clear}>
            Clear dates
          </button>
        )}
      </div>

      {painted && (
        // Nothing to show until the code arrives: the picker and the price appear below the dates.
        <Suspense fallback={null}>
          {prices.data && (
            <ExtrasPicker
              offer={prices.data}
              choices={choices}
              onChange={(next) => {
                setChoices(next);
                setError(null);
              }}
            />
          )}
          {datesChosen && (
            <QuoteState
              quote={quote.data}
              loading={quote.isPending}
              refreshing={quote.isPlaceholderData || (quote.isFetching && !quote.isPending)}
              problem={quoteProblem}
              className="rounded-lg bg-slate-50 p-3"
            />
          )}
        </Suspense>
      )}

      {error && (
        <p id={`${ids}-error`} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}

      <button type="submit" className="btn-primary w-full py-3" disabled={!car.isAvaliable}>
        Book Now
      </button>
      {!car.isAvaliable ? (
        <p className="text-center text-sm text-slate-600">{MESSAGES.carUnavailable}</p>
      ) : (
        <p className="text-center text-sm text-slate-500">You choose how to pay on the next step.</p>
      )}
      <SecurityDeposit compact />
    </form>
  );
}
