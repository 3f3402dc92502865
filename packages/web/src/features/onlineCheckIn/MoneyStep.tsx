/**
 * Step 4: what is still owed on the folio and the security deposit taken at the counter; paid by
 * card when the company takes cards (the booking page's own button), else into the bank with the
 * booking reference (the booking page's own instructions). Fetched when the step opens.
 * Through the booking's sign-in link (no account logged in) the card is not offered: starting a card
 * payment and coming back from the provider's page are an account's (the return lands on the booking
 * page, which needs a login), so the link's session reads the bank's instructions and how to pay by card.
 */
import { formatMoney } from '@rental/contract/format';
import type { BookingDetail, OnlineCheckInState } from '@rental/contract/schemas';
import { usePublicBankDetails } from '../bookings/bankDetailsQuery';
import { PayByCardButton } from '../bookings/CardPayment';
import { HowToPay } from '../bookings/HowToPay';
import { useCheckInAccess } from './checkInAccess';

export default function MoneyStep({ state, booking }: { state: OnlineCheckInState; booking: BookingDetail }) {
  const { money } = state;
  const owing = money.balance > 0;
  const { bookingSession } = useCheckInAccess();
  const byCard = money.cardsOn && !bookingSession;
  const bank = usePublicBankDetails(owing && !byCard);
  return (
    <div className="space-y-4">
      <dl className="space-y-2 rounded-xl bg-slate-50 p-4 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Still to pay</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{owing ? formatMoney(money.balance, money.currency) : 'Nothing: paid'}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Security deposit, taken at pickup and given back after the return</dt>
          <dd className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">{formatMoney(money.deposit, money.currency)}</dd>
        </div>
      </dl>
      {!owing ? (
        <p className="text-sm text-slate-700">The rental is paid. Bring the card or cash for the security deposit.</p>
      ) : byCard ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">
            Pay it now by card on our payment provider’s secure page: at the counter there is then only the car to look round and the keys.
          </p>
          <PayByCardButton booking={booking} />
        </div>
      ) : (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">Pay it into our bank account with your booking reference, or at the counter.</p>
          {bookingSession && money.cardsOn && (
            <p className="text-sm text-slate-700">
              To pay by card online, log in to your account (no password yet? “Forgot password?” on the log-in e-mails you one) and pay from the booking’s page.
            </p>
          )}
          <HowToPay
            method="cash_deposit"
            total={money.balance}
            bankDetails={bank.data}
            bankDetailsLoading={bank.isPending && !bank.isError}
            deadline={null}
            reference={money.bankReference}
            status={booking.status}
          />
        </div>
      )}
    </div>
  );
}
