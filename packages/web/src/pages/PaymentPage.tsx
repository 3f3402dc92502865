import { depositNotice } from '@rental/contract/company';
import type { PaymentMethod } from '@rental/contract/constants';
import { formatMoney } from '@rental/contract/format';
import { MESSAGES } from '@rental/contract/messages';
import { bookingPrice, companyToday, rentalDatesProblem, rentalDays } from '@rental/contract/rentalDates';
import type { BankDetails } from '@rental/contract/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Info, MapPin } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { CarImage } from '../components/CarImage';
import { SkeletonBlock } from '../components/Skeleton';
import { useCar } from '../features/cars/useCar';
import { PaymentDetails, PaymentMethodCards } from '../features/payment/PaymentMethods';
import { callApi, errorMessage } from '../api/client';
import { newIdempotencyKey } from '../lib/idempotencyKey';
import { formatCalendarDate } from '../lib/dates';
import { queryKeys } from '../lib/queryKeys';
import { usePageMeta } from '../lib/usePageMeta';
import { useSession } from '../session/useSession';
import { useCompany } from '../company/useCompany';

/** Confirm stays disabled without a method, while sending, and for a cash deposit with no account to pay into. */
export function confirmDisabled(method: PaymentMethod | null, submitting: boolean, bankDetails: BankDetails | null | undefined): boolean {
  return !method || submitting || (method === 'cash_deposit' && !bankDetails);
}

export default function PaymentPage() {
  usePageMeta('Confirm your booking', 'Check your rental dates and price, choose how to pay and confirm your car booking.');
  const company = useCompany();
  const { carId = '', pickupDate = '', returnDate = '' } = useParams();
  const { token } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { data: car } = useCar(carId);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // One key per booking being confirmed: pressing again after a lost answer gets the first answer
  // back instead of a second booking; other dates or another method are another booking.
  // oxlint-disable-next-line react-hooks/exhaustive-deps -- the key must change exactly when the booking does
  const idempotencyKey = useMemo(() => newIdempotencyKey(), [carId, pickupDate, returnDate, method]);

  const bank = useQuery({
    queryKey: queryKeys.publicBankDetails,
    queryFn: () => callApi('publicBankDetails'),
    select: (data) => data.bankDetails,
  });
  useEffect(() => {
    if (bank.error) toast.error(errorMessage(bank.error, MESSAGES.errorFetchingBankDetails), { id: 'bank-details' });
  }, [bank.error]);

  const datesProblem = rentalDatesProblem(pickupDate, returnDate, companyToday());
  const days = datesProblem ? 0 : rentalDays(pickupDate, returnDate);
  const total = car && !datesProblem ? bookingPrice(car.pricePerDay, pickupDate, returnDate) : 0;
  const disabled = confirmDisabled(method, submitting, bank.data) || Boolean(datesProblem) || !car;

  async function confirm() {
    if (!method) {
      toast.error(MESSAGES.selectPaymentMethod);
      return;
    }
    if (!token) {
      toast.error(MESSAGES.loginToConfirm);
      navigate('/login', { state: { from: location.pathname } });
      return;
    }
    if (submitting) return;
    setSubmitting(true);
    try {
      const answer = await callApi('createBooking', {
        body: { car: carId, pickupDate, returnDate, paymentMethod: method },
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      toast.success(answer.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.userBookings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.car(carId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.cars }),
        queryClient.invalidateQueries({ queryKey: ['availability'] }),
      ]);
      navigate('/my-bookings');
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.errorDuringBooking));
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
                <div className="flex justify-between gap-4">
                  <dt className="text-slate-600">Price per day</dt>
                  <dd className="text-right font-medium">{formatMoney(car.pricePerDay)}</dd>
                </div>
                {!datesProblem && (
                  <>
                    <div className="flex justify-between gap-4">
                      <dt className="text-slate-600">Rental days</dt>
                      <dd className="text-right font-medium">{days}</dd>
                    </div>
                    <div className="flex justify-between gap-4 border-t border-slate-100 pt-2 text-base">
                      <dt className="font-semibold">Total</dt>
                      <dd className="text-right font-bold text-slate-900">{formatMoney(total)}</dd>
                    </div>
                  </>
                )}
              </dl>
            </>
          )}
        </section>

        <section aria-label="Payment" className="space-y-5">
          <p className="flex items-start gap-2 rounded-xl bg-primary-light p-4 text-slate-800">
            <Info aria-hidden="true" size={18} className="mt-0.5 shrink-0 text-primary" />
            {depositNotice(company)}
          </p>
          <PaymentMethodCards method={method} onChange={setMethod} />
          <PaymentDetails method={method} total={total} bankDetails={bank.data} bankDetailsLoading={bank.isPending && !bank.isError} officeAddress={company.address} />
          <div>
            <button
              type="button"
              className="btn-primary w-full py-3 text-lg"
              disabled={disabled}
              aria-describedby={!method ? 'confirm-hint' : undefined}
              onClick={confirm}
            >
              {submitting ? 'Confirming…' : 'Confirm Booking'}
            </button>
            {!method && (
              <p id="confirm-hint" className="mt-2 text-center text-sm text-slate-600">
                {MESSAGES.selectPaymentMethod}
              </p>
            )}
            {method && !token && (
              <p className="mt-2 text-center text-sm text-slate-600">You will be asked to log in before the booking is made.</p>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
