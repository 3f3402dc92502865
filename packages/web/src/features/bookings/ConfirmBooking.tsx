/**
 * The payment step (/payment/{carId}/{pickupDate}/{returnDate}?extras=…): the car, the days, the
 * extras, other drivers and delivery chosen on the car page (changeable here), the server's quote,
 * the security deposit, the ways to pay explained (a card when the company takes them), a phone number when the account has none,
 * the driver details when the account has none (a booking without them is still taken), a tick for
 * WhatsApp messages (saved to the account) when there is a phone they can go to, the
 * company's driver rules on these days, the terms, and Confirm Booking.
 */
import { PAYMENT_METHODS as METHOD_VALUES, type PaymentMethod } from '@rental/contract/constants';
import { formatMoney } from '@rental/contract/format';
import { MESSAGES } from '@rental/contract/messages';
import { PHONE_NEEDED_REFUSAL, phoneE164, showPhone } from '@rental/contract/phoneNumber';
import { companyToday, isFarAhead, rangesOverlap, rentalDatesProblem } from '@rental/contract/rentalDates';
import type { BankDetails } from '@rental/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, MapPin } from 'lucide-react';
import { Suspense, lazy, useId, useMemo, useState } from 'react';
import toast from '../../lib/toast';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, callApi, errorMessage, priceChangedQuote } from '../../api/client';
import { CarImage } from '../../components/CarImage';
import { SkeletonBlock } from '../../components/Skeleton';
import { useCompany } from '../../company/useCompany';
import { newIdempotencyKey } from '../../lib/idempotencyKey';
import { formatCalendarDate } from '../../lib/dates';
import { queryKeys } from '../../lib/queryKeys';
import { useFocusAfterRender } from '../../lib/useFocusAfterRender';
import { useSession } from '../../session/useSession';
import { useCar } from '../cars/useCar';
import { usePublicBankDetails } from './bankDetailsQuery';
import { choicesBody, choicesFromSearch, choicesOffered, choicesSearch, choicesState, deliveryProblem, offersChoices, type PriceChoices } from './priceChoices';
import { usePrices } from './priceQueries';
import { useQuote } from './useQuote';
import { driverRuleProblems, useDriverRules } from './useDriverRules';
import { SecurityDeposit } from './PriceBreakdown';

/** The driver form, fetched when the customer opens it: most never do here, and the page's first download stays within the budget. */
const DriverForm = lazy(() => import('../drivers/DriverForm').then((m) => ({ default: m.DriverForm })));
/** The extras and the quote's lines: fetched as the page shows, like the driver form, to keep the page within its budget. */
const ExtrasPicker = lazy(() => import('./ExtrasPicker').then((m) => ({ default: m.ExtrasPicker })));
const QuoteState = lazy(() => import('./QuoteLines').then((m) => ({ default: m.QuoteState })));
/** The ways to pay, and how to pay once one is chosen: fetched as the page shows (the car and the quote are on their way then too). */
const PaymentMethodCards = lazy(() => import('./PaymentMethodCards').then((m) => ({ default: m.PaymentMethodCards })));
const HowToPay = lazy(() => import('./HowToPay').then((m) => ({ default: m.HowToPay })));

export const ACCEPT_TERMS = 'Please accept the rental terms to book.';
export const DAYS_TAKEN = 'Some of these days are already booked for this car.';
export const DAYS_CANNOT_BE_BOOKED = 'These days cannot be booked.';
/** The server's own words when it refuses a booking without a phone (code phone_needed). */
export const PHONE_NEEDED = PHONE_NEEDED_REFUSAL;
export const PRICE_COMING = 'Working out the price…';

/** Confirm stays disabled without a method, while sending, for a cash deposit with no account to pay into, and until the terms are accepted. */
export function confirmDisabled(method: PaymentMethod | null, submitting: boolean, bankDetails: BankDetails | null | undefined, termsAccepted = true): boolean {
  return !method || submitting || (method === 'cash_deposit' && !bankDetails) || !termsAccepted;
}

/** The car cannot be had on these days: put away by staff, or some of the days already taken. */
export function carProblem(
  car: { isAvaliable: boolean; reservedDates: readonly { pickupDate: string; returnDate: string }[] },
  pickupDate: string,
  returnDate: string,
): { message: string } | null {
  if (!car.isAvaliable) return { message: MESSAGES.carUnavailable };
  if (car.reservedDates.some((r) => rangesOverlap(r, { pickupDate, returnDate }))) return { message: DAYS_TAKEN };
  return null;
}

/**
 * What the page had chosen before the login, handed back by the login page (see returnState in
 * lib/returnPath.ts), and the delivery address the car page handed over (priceChoices.ts).
 */
type Chosen = { method?: unknown; termsAccepted?: unknown; deliveryAddress?: unknown };
function chosenBefore(state: unknown, search: string): { method: PaymentMethod | null; termsAccepted: boolean; choices: PriceChoices } {
  const chosen: Chosen = typeof state === 'object' && state !== null ? state : {};
  const method = METHOD_VALUES.find((m) => m === chosen.method) ?? null;
  return { method, termsAccepted: chosen.termsAccepted === true, choices: choicesFromSearch(search, chosen.deliveryAddress) };
}

export function ConfirmBooking() {
  const { carId = '', pickupDate = '', returnDate = '' } = useParams();
  const { token, user, driver, userLoading, refreshUser } = useSession();
  const company = useCompany();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const ids = useId();
  const { data: car } = useCar(carId);
  const [initial] = useState(() => chosenBefore(location.state, location.search));
  const [choices, setChoices] = useState<PriceChoices>(initial.choices);
  const [chosenMethod, setMethod] = useState<PaymentMethod | null>(initial.method);
  const [termsAccepted, setTermsAccepted] = useState(initial.termsAccepted);
  const [phone, setPhone] = useState('');
  // The WhatsApp tick: undefined until the customer touches it (then the account's choice stands).
  const [whatsappTick, setWhatsappTick] = useState<boolean | undefined>(undefined);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [phoneRef, focusPhoneWhenShown] = useFocusAfterRender<HTMLInputElement>();
  const [submitting, setSubmitting] = useState(false);
  // The price moved between the quote and Confirm: the new total is shown, and Confirm books at it.
  const [priceMoved, setPriceMoved] = useState<string | null>(null);
  const prices = usePrices();
  // A card is offered only while the company takes them; a card chosen before they stopped is no choice.
  const cardPayments = prices.data?.cardPayments === true;
  const method = chosenMethod === 'card' && !cardPayments ? null : chosenMethod;
  // Choices kept from a link the company can no longer sell (an extra withdrawn) are dropped once the offer is known.
  const chosen = prices.data ? choicesOffered(choices, prices.data) : choices;
  const choicesKey = `${choicesSearch(chosen)}|${choicesState(chosen)?.deliveryAddress ?? ''}`;
  // One key per booking being confirmed: pressing again after a lost answer gets the first answer
  // back instead of a second booking; other dates, choices or another method are another booking.
  // oxlint-disable-next-line react-hooks/exhaustive-deps -- the key must change exactly when the booking does
  const idempotencyKey = useMemo(() => newIdempotencyKey(), [carId, pickupDate, returnDate, method, choicesKey]);

  const bank = usePublicBankDetails();
  // Days that are not real, past or too long, or (once the car is here) taken or a car put away: said
  // at once, before any login, rather than after the customer has chosen and pressed Confirm.
  const datesProblem = rentalDatesProblem(pickupDate, returnDate, companyToday()) ?? (car ? carProblem(car, pickupDate, returnDate) : null);
  const quote = useQuote(!datesProblem ? { carId, pickupDate, returnDate, choices: chosen } : null);
  const quoteProblem = !datesProblem && quote.isError ? errorMessage(quote.error) : null;
  const quoteRefreshing = quote.isPlaceholderData || (quote.isFetching && !quote.isPending);
  const price = !datesProblem && !quoteProblem ? quote.data : undefined;
  const missingDelivery = deliveryProblem(chosen);
  // The server refusing for want of a phone (an account changed in another tab) asks for it here too.
  const [serverAskedPhone, setServerAskedPhone] = useState(false);
  const needsPhone = token !== null && user !== null && (user.phone === '' || serverAskedPhone);
  // Staff are not vetted; a customer who has not given their details may still book (a reservation).
  const isCustomer = token !== null && user !== null && user.role === 'user';
  const needsDriver = isCustomer && driver === null;
  // Offered to a customer with a phone WhatsApp can go to: the account's, or the one typed here.
  const whatsappPhone = isCustomer ? (needsPhone ? phoneE164(phone) : (user.phoneE164 ?? null)) : null;
  const whatsapp = whatsappTick ?? user?.messages?.whatsapp.on === true;
  const [addingDriver, setAddingDriver] = useState(false);
  const driverRules = useDriverRules(isCustomer);
  // Undefined while the rules' code is on its way: Confirm waits for it, as for the account.
  const driverProblemsHere = !isCustomer || datesProblem ? [] : driverRules && driverRuleProblems(driverRules, driver, pickupDate, returnDate, company);
  const priceProblem = quoteProblem ?? missingDelivery;
  const priceReady = Boolean(price) && !quoteRefreshing;
  const disabled =
    confirmDisabled(method, submitting, bank.data, termsAccepted) ||
    Boolean(datesProblem) ||
    !car ||
    (token !== null && userLoading) ||
    !driverProblemsHere ||
    driverProblemsHere.length > 0 ||
    Boolean(priceProblem) ||
    !priceReady;
  const confirmHint = Boolean(datesProblem) || Boolean(driverProblemsHere?.length) || Boolean(priceProblem) || !method || !termsAccepted || !priceReady;

  /** The choices change here too: the address keeps them (the delivery address in history state), so a reload or the login keeps them. */
  function changeChoices(next: PriceChoices) {
    setChoices(next);
    const before: unknown = location.state;
    const state = { ...(typeof before === 'object' && before !== null ? before : {}), deliveryAddress: choicesState(next)?.deliveryAddress };
    navigate({ search: choicesSearch(next) }, { replace: true, state });
  }

  /** The phone typed here and the WhatsApp tick, saved to the account before the booking: a choice the account cannot keep books nothing. */
  async function saveAccount(): Promise<boolean> {
    const tickChanged = whatsappPhone !== null && whatsappTick !== undefined;
    if ((!needsPhone && !tickChanged) || !user) return true;
    if (needsPhone && !phone.trim()) {
      setPhoneError(PHONE_NEEDED);
      phoneRef.current?.focus();
      return false;
    }
    try {
      await callApi('updateProfile', {
        body: { name: user.name, phone: needsPhone ? phone.trim() : user.phone, ...(tickChanged ? { whatsapp: whatsappTick } : {}) },
      });
      await refreshUser();
      return true;
    } catch (error) {
      const message = errorMessage(error);
      toast.error(message);
      if (!needsPhone) return false;
      setPhoneError(message);
      phoneRef.current?.focus();
      return false;
    }
  }

  async function confirm() {
    if (!method) {
      toast.error(MESSAGES.selectPaymentMethod);
      return;
    }
    if (!termsAccepted) {
      toast.error(ACCEPT_TERMS);
      return;
    }
    if (!token) {
      // Not an error: the visitor is on the way to booking, and the login page says to log in to finish it.
      toast(MESSAGES.loginToConfirm, { icon: 'ℹ️', id: 'login-to-confirm' });
      const fromState = { method, termsAccepted, deliveryAddress: choicesState(chosen)?.deliveryAddress };
      navigate('/login', { state: { from: location.pathname + choicesSearch(chosen), fromState } });
      return;
    }
    if (submitting || !price) return;
    setSubmitting(true);
    setPriceMoved(null);
    try {
      if (!(await saveAccount())) {
        setSubmitting(false);
        return;
      }
      const answer = await callApi('createBooking', {
        // The total on screen: if the server's price is another now, nothing is booked and it says the new one.
        body: {
          car: carId,
          pickupDate,
          returnDate,
          paymentMethod: method,
          ...choicesBody(chosen),
          expectedTotal: price.total,
        },
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      toast.success(answer.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.userBookings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.car(carId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.cars }),
        queryClient.invalidateQueries({ queryKey: ['availability'] }),
      ]);
      if (method === 'card') {
        // On to the provider's card page; if it cannot be opened, the booking page says why and offers to try again.
        // Its code is fetched only now (the payment step opened first stays within its JavaScript budget).
        const problem = await import('./cardPayment').then(
          ({ startCardPayment }) => startCardPayment(answer.booking._id),
          () => MESSAGES.serverError,
        );
        if (problem) navigate(`/my-bookings/${encodeURIComponent(answer.booking.reference)}`, { state: { cardProblem: problem } });
        return;
      }
      // On to My Bookings, which points at the new booking (decision 042).
      navigate('/my-bookings', { state: { justBooked: answer.booking.reference } });
    } catch (error) {
      const newQuote = priceChangedQuote(error);
      if (error instanceof ApiError && error.code === 'phone_needed') {
        setServerAskedPhone(true);
        setPhoneError(PHONE_NEEDED);
        // The field appears with the next render; then the person is taken to it.
        focusPhoneWhenShown();
      } else if (newQuote) {
        queryClient.setQueryData(queryKeys.quote(carId, pickupDate, returnDate, choicesKey), { success: true, quote: newQuote });
        setPriceMoved(`${errorMessage(error)} The new total is ${formatMoney(newQuote.total, newQuote.currency)}.`);
      } else toast.error(errorMessage(error, MESSAGES.errorDuringBooking));
      setSubmitting(false);
    }
  }

  return (
    <div className="container-page max-w-5xl py-8 sm:py-12">
      <Link to={`/car-details/${carId}`} className="mb-6 inline-flex items-center gap-2 rounded-md text-slate-600 hover:text-primary">
        <ArrowLeft aria-hidden="true" size={18} />
        Back to the car
      </Link>
      <h1 className="text-3xl font-bold text-slate-900">Confirm your booking</h1>

      {datesProblem && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-red-800">
          {datesProblem.message}{' '}
          <Link to={`/car-details/${carId}`} className="font-medium underline">
            Choose other dates
          </Link>
        </p>
      )}

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_1.2fr]">
        <div className="space-y-5">
          <section aria-labelledby="summary-heading" className="h-fit rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="summary-heading" className="sr-only">
              Booking summary
            </h2>
            {!car ? (
              <div role="status" className="space-y-3">
                <span className="sr-only">Loading the car</span>
                <SkeletonBlock className="aspect-[16/10] w-full" />
                <SkeletonBlock className="h-6 w-1/2" />
                <SkeletonBlock className="h-24 w-full" />
              </div>
            ) : (
              <>
                <CarImage car={car} eager className="aspect-[16/10] w-full rounded-xl object-cover" />
                <h3 className="mt-4 text-xl font-semibold text-slate-900">
                  {car.brand} {car.model}
                </h3>
                <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
                  <span>{car.year}</span>·<span>{car.category}</span>·
                  <span className="inline-flex items-center gap-1">
                    <MapPin aria-hidden="true" size={14} />
                    {car.location}
                  </span>
                </p>
                <dl className="mt-4 space-y-2 border-t border-slate-100 pt-4 text-sm">
                  <div className="flex justify-between gap-4">
                    <dt className="text-slate-600">Pickup date</dt>
                    <dd className="text-right font-medium">{formatCalendarDate(pickupDate)}</dd>
                  </div>
                  <div className="flex justify-between gap-4">
                    <dt className="text-slate-600">Return date</dt>
                    <dd className="text-right font-medium">{formatCalendarDate(returnDate)}</dd>
                  </div>
                </dl>
                {!datesProblem && (
                  <Suspense fallback={null}>
                    <QuoteState
                      quote={price}
                      loading={quote.isPending}
                      refreshing={quoteRefreshing}
                      problem={quoteProblem}
                      className="mt-3 border-t border-slate-100 pt-3"
                    />
                  </Suspense>
                )}
              </>
            )}
          </section>
          {prices.data && offersChoices(prices.data) && !datesProblem && (
            <section aria-labelledby={`${ids}-choices`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 id={`${ids}-choices`} className="text-lg font-semibold text-slate-900">
                Extras, other drivers and delivery
              </h2>
              <Suspense fallback={<SkeletonBlock className="mt-3 h-32 w-full" />}>
                <ExtrasPicker offer={prices.data} choices={chosen} onChange={changeChoices} className="mt-3" />
              </Suspense>
              {missingDelivery && <p className="mt-3 text-sm text-amber-900">{missingDelivery}</p>}
            </section>
          )}
          <SecurityDeposit />
        </div>

        <section aria-label="Payment" className="space-y-5">
          <Suspense fallback={<SkeletonBlock className="h-48 w-full" />}>
            <PaymentMethodCards method={method} onChange={setMethod} card={cardPayments} />
          </Suspense>
          {method && price && (
            <Suspense fallback={<SkeletonBlock className="h-28 w-full" />}>
              <HowToPay
                method={method}
                total={price.total}
                bankDetails={bank.data}
                bankDetailsLoading={bank.isPending && !bank.isError}
                farAhead={isFarAhead(pickupDate)}
              />
            </Suspense>
          )}

          {needsDriver && (
            <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
              <p>{driverRules?.DRIVER_MESSAGES.driverMissing}</p>
              <button
                type="button"
                className="btn-secondary mt-3 px-4 py-2 text-sm"
                aria-expanded={addingDriver}
                aria-controls={`${ids}-driver`}
                onClick={() => setAddingDriver(!addingDriver)}
              >
                Add my driver details
              </button>
              <div id={`${ids}-driver`} hidden={!addingDriver}>
                {addingDriver && (
                  <Suspense fallback={<SkeletonBlock className="mt-4 h-64 w-full" />}>
                    <DriverForm
                      driver={null}
                      title="Your driver details"
                      rental={{ pickupDate, returnDate }}
                      className="mt-4 rounded-xl bg-white p-4 text-base text-slate-900"
                    />
                  </Suspense>
                )}
              </div>
            </div>
          )}

          {needsPhone && (
            <div>
              <label htmlFor={`${ids}-phone`} className="field-label">
                Your phone number
              </label>
              <input
                ref={phoneRef}
                id={`${ids}-phone`}
                type="tel"
                autoComplete="tel"
                inputMode="tel"
                maxLength={40}
                className="field-input"
                value={phone}
                aria-invalid={phoneError ? true : undefined}
                aria-describedby={`${ids}-phone-hint${phoneError ? ` ${ids}-phone-error` : ''}`}
                onChange={(e) => {
                  setPhone(e.target.value);
                  setPhoneError(null);
                }}
                placeholder="876 555 0123"
              />
              <p id={`${ids}-phone-hint`} className="mt-1 text-sm text-slate-600">
                We call or message you about this booking. It is saved on your account.
              </p>
              {phoneError && (
                <p id={`${ids}-phone-error`} className="field-error">
                  {phoneError}
                </p>
              )}
            </div>
          )}

          {whatsappPhone && (
            <div className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-800">
              <label className="flex items-start gap-3">
                <input
                  type="checkbox"
                  className="mt-0.5 h-5 w-5 shrink-0 accent-primary"
                  checked={whatsapp}
                  aria-describedby={`${ids}-whatsapp-hint`}
                  onChange={(e) => setWhatsappTick(e.target.checked)}
                />
                <span>Send me WhatsApp messages about this booking</span>
              </label>
              <p id={`${ids}-whatsapp-hint`} className="mt-1 ml-8 text-slate-600">
                To {showPhone(whatsappPhone)}; saved on your account, where you can change it. Answer STOP to end them.
              </p>
            </div>
          )}

          <label className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-800">
            <input
              type="checkbox"
              className="mt-0.5 h-5 w-5 shrink-0 accent-primary"
              checked={termsAccepted}
              onChange={(e) => setTermsAccepted(e.target.checked)}
            />
            <span>
              I accept the{' '}
              <Link to="/terms" target="_blank" rel="noopener" className="font-medium text-primary underline">
                rental terms (opens in a new tab)
              </Link>
              : the requirements to rent, the security deposit, and the rules for holds and cancelling.
            </span>
          </label>

          <div>
            <button
              type="button"
              className="btn-primary w-full py-3 text-lg"
              disabled={disabled}
              aria-describedby={confirmHint ? `${ids}-confirm-hint` : undefined}
              onClick={confirm}
            >
              {submitting ? 'Confirming…' : 'Confirm Booking'}
            </button>
            {priceMoved && (
              <p role="alert" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-center text-sm text-amber-950">
                {priceMoved}
              </p>
            )}
            {/* What keeps Confirm off, first what no choice here can mend: the days. */}
            {datesProblem ? (
              <p id={`${ids}-confirm-hint`} className="mt-2 text-center text-sm text-slate-600">
                {DAYS_CANNOT_BE_BOOKED}{' '}
                <Link to={`/car-details/${carId}`} className="font-medium text-primary underline">
                  Choose other dates
                </Link>
              </p>
            ) : driverProblemsHere?.length ? (
              <div id={`${ids}-confirm-hint`} className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
                <ul className="space-y-1">
                  {driverProblemsHere.map((problem) => (
                    <li key={problem.rule}>{problem.message}</li>
                  ))}
                </ul>
                <Link
                  to="/account"
                  state={{
                    from: location.pathname + choicesSearch(chosen),
                    fromState: { method, termsAccepted, deliveryAddress: choicesState(chosen)?.deliveryAddress },
                  }}
                  className="mt-1 inline-block font-medium underline"
                >
                  Check my driver details
                </Link>
              </div>
            ) : priceProblem ? (
              <p id={`${ids}-confirm-hint`} className="mt-2 text-center text-sm text-red-800">
                {priceProblem}
              </p>
            ) : (
              (!method || !termsAccepted || !priceReady) && (
                <p id={`${ids}-confirm-hint`} className="mt-2 text-center text-sm text-slate-600">
                  {!method ? MESSAGES.selectPaymentMethod : !termsAccepted ? ACCEPT_TERMS : PRICE_COMING}
                </p>
              )
            )}
            {!datesProblem && method === 'card' && token && (
              <p className="mt-2 text-center text-sm text-slate-600">
                We then take you to our payment provider’s secure page to pay {price ? formatMoney(price.total, price.currency) : 'the total'}.
              </p>
            )}
            {!datesProblem && method && termsAccepted && !token && (
              <p className="mt-2 text-center text-sm text-slate-600">You will be asked to log in before the booking is made.</p>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
