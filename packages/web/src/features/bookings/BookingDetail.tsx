/**
 * One booking in full (/my-bookings/{reference}): the car and the days, the price lines it was
 * quoted and the security deposit, how and where to pay (by card now, while the company takes cards,
 * and what came of a card payment: ?payment=paid|failed|unverified), the status and its history, opening hours, a chat with the
 * reference typed in, an "Add to calendar" file, and Cancel while the rule allows it.
 */
import { storedRentalPrice } from '@rental/contract/rentalDates';
import { PAYMENT_STATUS_WORDS } from '@rental/contract/constants';
import { formatMoney } from '@rental/contract/format';
import type { BookingDetail as Booking } from '@rental/contract/schemas';
import { ArrowLeft, CalendarPlus, Clock, MapPin, MessageCircle, Phone } from 'lucide-react';
import { COMPANY_SETTING_UP, phoneHref } from '@rental/contract/company';
import { type ReactNode, Suspense, lazy, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/client';
import { CarImage } from '../../components/CarImage';
import { LoginPrompt } from '../../components/LoginPrompt';
import { SkeletonBlock } from '../../components/Skeleton';
import { useCompany, useCompanyContacts } from '../../company/useCompany';
import { formatCalendarDate, formatInstantWithTime } from '../../lib/dates';
import { usePageMeta } from '../../lib/usePageMeta';
import { useSession } from '../../session/useSession';
import { usePublicBankDetails } from './bankDetailsQuery';
import { useCustomerFolio, useMyBooking } from './bookingQueries';
import { historyText } from './bookingStatus';
import { CancelBooking, RefundDue } from './CancelBooking';
import { bookingChatText, chatLinkWithText } from './chatLink';
import { PAYMENT_METHOD_TEXT } from '@rental/contract/paymentWords';
import { PriceBreakdown, SecurityDeposit } from './PriceBreakdown';
import { usePrices } from './priceQueries';
import { StatusPill } from './StatusPill';

/** The other drivers and their forms: fetched once the page shows, so its first download stays within the budget (decision 009). */
const OtherDrivers = lazy(() => import('../drivers/OtherDrivers').then((m) => ({ default: m.OtherDrivers })));
/** The quote's lines, fetched as the page shows, for the same reason. */
const QuoteLines = lazy(() => import('./QuoteLines').then((m) => ({ default: m.QuoteLines })));

/** "Check in online" (its rules and words): fetched as the page shows, for the same reason. */
const CheckInCall = lazy(() => import('../onlineCheckIn/CheckInCall').then((m) => ({ default: m.CheckInCall })));

/** The change form (and its rules), fetched only for a booking that can still change. */
const CustomerChangeDates = lazy(() => import('../bookingChanges/CustomerChangeDates').then((m) => ({ default: m.CustomerChangeDates })));

/** What the counter recorded (keys out, keys back): fetched only for a booking picked up. */
const RentalRecord = lazy(() => import('./RentalRecord').then((m) => ({ default: m.RentalRecord })));

/** Paying by card and what came of it: fetched only for a booking that can be paid by card, or on coming back from the card page. */
/** How to pay (bank rows, the office): fetched as the page shows, as on the payment step, so the booking page opened first stays within its JavaScript budget. */
/** The folio (charges, payments, balance): its own chunk, fetched as the page shows. */
const CustomerFolio = lazy(() => import('./CustomerFolio').then((m) => ({ default: m.CustomerFolio })));
const LateChargeList = lazy(() => import('./LateCharges').then((m) => ({ default: m.LateChargeList })));
const HowToPay = lazy(() => import('./HowToPay').then((m) => ({ default: m.HowToPay })));
const CustomerPaymentSlips = lazy(() => import('./PaymentSlips').then((m) => ({ default: m.CustomerPaymentSlips })));
const PayByCardButton = lazy(() => import('./CardPayment').then((m) => ({ default: m.PayByCardButton })));
const CardOutcome = lazy(() => import('./CardPayment').then((m) => ({ default: m.CardOutcome })));

/**
 * A card may pay what is still owed (all of it, or the rest of a part paid booking) while the company
 * takes cards: before pickup, on the road, and after the return (a toll or damage charged later).
 */
export function canPayByCard(booking: Pick<Booking, 'status' | 'paymentStatus'>, cardPayments: boolean): boolean {
  const owing = booking.paymentStatus === 'unpaid' || booking.paymentStatus === 'part_paid';
  return cardPayments && owing && booking.status !== 'cancelled' && booking.status !== 'no_show';
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/**
 * "Add to calendar": the .ics file is written by a module fetched once the page shows, so the page's
 * first download stays within the budget (docs/decisions/009-one-chunk-per-page.md).
 */
function AddToCalendar({ booking, carName }: { booking: Booking; carName: string }) {
  const company = useCompany();
  // The phone only once an owner saved it: the shipped one is a placeholder.
  const phone = useCompanyContacts()?.phone ?? '';
  const [href, setHref] = useState<string | null>(null);
  const { reference, pickupDate, returnDate } = booking;
  const { name, address, openingHours } = company;
  useEffect(() => {
    let current = true;
    void import('./icalendar').then(({ bookingIcs, icsHref }) => {
      if (current) setHref(icsHref(bookingIcs({ reference, carName, pickupDate, returnDate }, { name, address, phone, openingHours })));
    });
    return () => {
      current = false;
    };
  }, [reference, carName, pickupDate, returnDate, name, address, phone, openingHours]);
  if (!href) return null;
  return (
    <a href={href} download={`${reference}.ics`} className="btn-secondary mt-4 px-4 py-2 text-sm">
      <CalendarPlus aria-hidden="true" size={18} />
      Add to calendar
    </a>
  );
}

function History({ booking }: { booking: Booking }) {
  // Bookings made before the history was kept have none: their current status stands alone.
  const steps = booking.history.length > 0 ? booking.history : [{ status: booking.status, reason: booking.statusReason, at: booking.createdAt }];
  return (
    <ol className="space-y-2 border-l-2 border-slate-200 pl-4 text-sm">
      {steps.map((step) => (
        <li key={`${step.status}-${step.at}`} className="relative">
          <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] h-2 w-2 rounded-full bg-slate-400" />
          <span className="font-medium text-slate-900">{historyText(step.status, step.reason)}</span>
          <span className="block text-slate-500">{formatInstantWithTime(step.at)}</span>
        </li>
      ))}
    </ol>
  );
}

function BookingFound({ booking }: { booking: Booking }) {
  const company = useCompany();
  const contacts = useCompanyContacts();
  const location = useLocation();
  const back = new URLSearchParams(location.search).has('payment');
  const state: unknown = location.state;
  const cardProblem = typeof state === 'object' && state !== null && 'cardProblem' in state ? state.cardProblem : undefined;
  const problem = typeof cardProblem === 'string' && !back ? cardProblem : null;
  const payable = canPayByCard(booking, usePrices().data?.cardPayments === true);
  // The button is offered once: in the outcome's box when there is one to read, else with how to pay.
  const outcomeShown = back || problem !== null;
  // A returned booking still owing may be paid into the bank too (a toll or ticket added later, cards off).
  const bank = usePublicBankDetails((booking.paymentMethod === 'cash_deposit' && booking.status !== 'cancelled') || booking.status === 'returned');
  // What to pay is the folio's balance (the price, with any charge or discount since); the same query the statement below reads.
  const owing = useCustomerFolio(booking._id).data?.totals.balance ?? booking.price;
  const carName = `${booking.car.brand} ${booking.car.model}`;
  const method = PAYMENT_METHOD_TEXT[booking.paymentMethod];

  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold text-slate-900">
          Booking <span className="font-mono">{booking.reference}</span>
        </h1>
        <StatusPill status={booking.status} reason={booking.statusReason} />
      </div>
      <p className="mt-2 text-slate-600">
        {carName}, {formatCalendarDate(booking.pickupDate)} to {formatCalendarDate(booking.returnDate)}. Quote the reference when you call or write to us.
      </p>
      {outcomeShown && (
        <Suspense fallback={null}>
          <CardOutcome booking={booking} search={location.search} problem={problem} payable={payable} />
        </Suspense>
      )}

      <div className="mt-6">
        <Suspense fallback={null}>
          <CheckInCall booking={booking} />
        </Suspense>
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-6">
          {booking.counter?.checkOut && (
            <Suspense fallback={<SkeletonBlock className="h-48 w-full" />}>
              <RentalRecord counter={booking.counter} />
            </Suspense>
          )}
          <Section title="Status" id="status-heading">
            {booking.status === 'pending' && booking.holdExpiresAt && (
              <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
                We hold the car for you until <strong>{formatInstantWithTime(booking.holdExpiresAt)}</strong> (Jamaica time) while we confirm the booking. If it
                is not confirmed by then, it is cancelled and the days are freed.
              </p>
            )}
            <History booking={booking} />
          </Section>
          <Section title="Your car and dates" id="dates-heading">
            <div className="flex items-center gap-4">
              <CarImage car={booking.car} width={320} height={200} sizes="160px" className="aspect-[16/10] w-32 shrink-0 rounded-lg object-cover sm:w-40" />
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{carName}</p>
                <p className="text-sm text-slate-600">
                  {booking.car.year} · {booking.car.category}
                </p>
              </div>
            </div>
            <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-500">Pickup</dt>
                <dd className="font-medium text-slate-900">{formatCalendarDate(booking.pickupDate)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Return</dt>
                <dd className="font-medium text-slate-900">{formatCalendarDate(booking.returnDate)}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="flex items-center gap-1 text-slate-500">
                  <MapPin aria-hidden="true" size={14} /> Where
                </dt>
                <dd className="text-slate-900">
                  {booking.car.location}
                  <span className="block text-slate-600">Our office: {company.address}</span>
                </dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="flex items-center gap-1 text-slate-500">
                  <Clock aria-hidden="true" size={14} /> Pickup and return during opening hours
                </dt>
                <dd className="text-slate-900">{company.openingHours}</dd>
              </div>
            </dl>
            {booking.status !== 'cancelled' && <AddToCalendar booking={booking} carName={carName} />}
          </Section>

          <Section title="Price" id="price-heading">
            {booking.quote ? (
              <Suspense fallback={<SkeletonBlock className="h-32 w-full" />}>
                <QuoteLines quote={booking.quote} />
              </Suspense>
            ) : (
              // Made before quotes: its stored price as days × rate.
              <PriceBreakdown price={storedRentalPrice(booking)} />
            )}
            <p className="mt-3 text-sm text-slate-700">
              Payment: <strong>{PAYMENT_STATUS_WORDS[booking.paymentStatus]}</strong>
            </p>
            <div className="mt-4">
              <SecurityDeposit />
            </div>
          </Section>

          <Section title="Charges and payments" id="folio-heading">
            <Suspense fallback={<SkeletonBlock className="h-40 w-full" />}>
              <CustomerFolio bookingId={booking._id} />
            </Suspense>
            {/* A toll or ticket that came after the return: its scan beside the line it added. */}
            {booking.status === 'returned' && (
              <Suspense fallback={null}>
                <div className="mt-4">
                  <LateChargeList bookingId={booking._id} title="Tolls and tickets after the return" />
                </div>
              </Suspense>
            )}
          </Section>
        </div>

        <div className="min-w-0 space-y-6">
          {/* Once returned, the receipt says what was paid and what is owed; a charge added since may be paid by card. */}
          {booking.status === 'returned' && payable && (
            <Section title="Still to pay" id="pay-heading">
              <p className="mb-3 text-sm text-slate-700">
                Since the return, <strong>{formatMoney(owing, booking.quote?.currency)}</strong> is owed: what for is under Charges and payments. You can pay it
                by card on our payment provider’s secure page, or at our office.
              </p>
              {!outcomeShown && (
                <Suspense fallback={<SkeletonBlock className="h-10 w-40" />}>
                  <PayByCardButton booking={booking} />
                </Suspense>
              )}
            </Section>
          )}
          {booking.status === 'returned' && !payable && owing > 0 && (
            <Section title="Still to pay" id="pay-heading">
              <p className="mb-3 text-sm text-slate-700">
                Since the return, <strong>{formatMoney(owing, booking.quote?.currency)}</strong> is owed: what for is under Charges and payments. You can pay it
                at our office, or into our bank account with your booking reference.
              </p>
              <Suspense fallback={<SkeletonBlock className="h-24 w-full" />}>
                <HowToPay
                  method="cash_deposit"
                  total={owing}
                  bankDetails={bank.data}
                  bankDetailsLoading={bank.isPending && !bank.isError}
                  deadline={null}
                  reference={booking.reference}
                  status={booking.status}
                />
              </Suspense>
            </Section>
          )}
          {booking.status === 'cancelled' && (booking.paymentStatus === 'refund_due' || booking.paymentStatus === 'refunded') && (
            <Section title="Your refund" id="refund-heading">
              <RefundDue booking={booking} />
            </Section>
          )}
          {booking.status !== 'cancelled' && booking.status !== 'no_show' && booking.status !== 'returned' && (
            <Section title={`How to pay: ${method.name}`} id="pay-heading">
              {booking.paymentStatus === 'paid' ? (
                <p className="text-sm text-slate-700">
                  {booking.status === 'pending' || booking.status === 'confirmed'
                    ? 'The rental price is paid: nothing more to pay until the security deposit at pickup.'
                    : 'The rental price is paid.'}
                </p>
              ) : booking.paymentStatus === 'refund_due' || booking.paymentStatus === 'refunded' ? (
                <p className="text-sm text-slate-700">Nothing to pay: what we owe you, or gave back, is under Charges and payments.</p>
              ) : (
                <>
                  {booking.paymentStatus === 'part_paid' && (
                    <p className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
                      Part of it is paid: what is still to pay is under Charges and payments.
                    </p>
                  )}
                  <p className="mb-3 text-sm text-slate-700">{method.summary}</p>
                  <Suspense fallback={<SkeletonBlock className="h-24 w-full" />}>
                    <HowToPay
                      method={booking.paymentMethod}
                      total={owing}
                      bankDetails={bank.data}
                      bankDetailsLoading={bank.isPending && !bank.isError}
                      deadline={booking.status === 'pending' ? booking.holdExpiresAt : null}
                      reference={booking.reference}
                      status={booking.status}
                    />
                  </Suspense>
                </>
              )}
              {booking.paymentMethod === 'cash_deposit' && (
                <Suspense fallback={<SkeletonBlock className="mt-4 h-16 w-full" />}>
                  <CustomerPaymentSlips booking={booking} />
                </Suspense>
              )}
              {payable && !outcomeShown && (
                <div className="mt-4 border-t border-slate-100 pt-4">
                  {booking.paymentMethod !== 'card' && (
                    <p className="mb-2 text-sm text-slate-700">Or pay what is still owed now by card, on our payment provider’s secure page.</p>
                  )}
                  <Suspense fallback={<SkeletonBlock className="h-10 w-40" />}>
                    <PayByCardButton booking={booking} />
                  </Suspense>
                </div>
              )}
            </Section>
          )}

          <Section title="Other drivers" id="drivers-heading">
            <Suspense fallback={<SkeletonBlock className="h-16 w-full" />}>
              <OtherDrivers booking={booking} />
            </Suspense>
          </Section>

          <Section title="Questions or changes" id="contact-heading">
            <div className="flex flex-wrap gap-3">
              {contacts ? (
                <>
                  <a
                    href={chatLinkWithText(contacts.chatUrl, bookingChatText(booking.reference))}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="btn-primary bg-emerald-700 px-4 py-2 text-sm hover:bg-emerald-800"
                  >
                    <MessageCircle aria-hidden="true" size={18} />
                    Chat with us on WhatsApp
                  </a>
                  <a href={phoneHref(contacts.phone)} className="btn-secondary px-4 py-2 text-sm">
                    <Phone aria-hidden="true" size={18} />
                    Call {contacts.phone}
                  </a>
                </>
              ) : (
                <p className="text-sm text-slate-600">{COMPANY_SETTING_UP}</p>
              )}
            </div>
            {contacts && <p className="mt-2 text-sm text-slate-600">The chat opens with your booking reference already typed.</p>}
          </Section>

          {(booking.status === 'pending' || booking.status === 'confirmed') && (
            <Section title="Change dates" id="change-heading">
              <Suspense fallback={null}>
                <CustomerChangeDates booking={booking} />
              </Suspense>
            </Section>
          )}

          {/* Once the keys are out (or the day passed without them) there is nothing to cancel online. */}
          {(booking.status === 'pending' || booking.status === 'confirmed') && (
            <Section title="Cancel" id="cancel-heading">
              <CancelBooking booking={booking} />
            </Section>
          )}
        </div>
      </div>
    </>
  );
}

function DetailSkeleton() {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">Loading the booking</span>
      <SkeletonBlock className="h-9 w-64" />
      <SkeletonBlock className="h-4 w-2/3" />
      <div className="grid gap-6 lg:grid-cols-2">
        <SkeletonBlock className="h-72 w-full" />
        <SkeletonBlock className="h-72 w-full" />
      </div>
    </div>
  );
}

export function BookingDetail() {
  const { reference = '' } = useParams();
  const { token } = useSession();
  const booking = useMyBooking(reference);
  usePageMeta(`Booking ${reference.toUpperCase()}`, 'Your booking: dates, price, how to pay, its status and how to reach us.');

  let body: ReactNode;
  if (!token) {
    body = <LoginPrompt title="Please log in to see this booking." text="Your booking's details appear here once you are logged in." />;
  } else if (booking.isPending && !booking.isError) {
    body = <DetailSkeleton />;
  } else if (booking.isError) {
    const notFound = booking.error instanceof ApiError && booking.error.status === 404;
    body = (
      <div className="rounded-2xl border border-slate-200 p-8 text-center">
        <p className="text-lg font-medium text-slate-900">
          {notFound ? `We cannot find booking ${reference} among your bookings.` : errorMessage(booking.error)}
        </p>
        <p className="mt-1 text-slate-600">Check the reference, or open it from your list of bookings.</p>
        <Link to="/my-bookings" className="btn-primary mt-5">
          My Bookings
        </Link>
      </div>
    );
  } else {
    body = <BookingFound booking={booking.data} />;
  }

  return (
    <div className="container-page max-w-6xl py-8 sm:py-12">
      <Link to="/my-bookings" className="mb-6 inline-flex items-center gap-2 rounded-md text-slate-600 hover:text-primary">
        <ArrowLeft aria-hidden="true" size={18} />
        All my bookings
      </Link>
      {body}
    </div>
  );
}
