/**
 * Paying a booking by card from its page, and what came of it (the provider's return lands on
 * /my-bookings/<reference>?payment=paid|failed|unverified). A chunk of its own: most bookings are
 * never paid by card, and the booking page stays within its budget.
 */
import type { BookingDetail as Booking } from '@rental/contract/schemas';
import { CircleCheck, CreditCard } from 'lucide-react';
import { useState } from 'react';
import { startCardPayment } from './cardPayment';
import { type PaymentOutcome, paymentOutcome, paymentOutcomeText } from './cardPaymentWords';

export function PayByCardButton({ booking }: { booking: Booking }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div>
      <button
        type="button"
        className="btn-primary px-4 py-2 text-sm"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setProblem(null);
          const failed = await startCardPayment(booking._id);
          // On success the browser is leaving for the card page: the button stays busy until it has.
          if (failed) {
            setProblem(failed);
            setBusy(false);
          }
        }}
      >
        <CreditCard aria-hidden="true" size={18} />
        {busy ? 'Opening the card page…' : 'Pay by card now'}
      </button>
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {problem}
        </p>
      )}
    </div>
  );
}

/**
 * What came of paying by card: back from the provider's page (?payment=), or the card page could
 * not be opened right after booking (the payment step's state). A way to try again when it failed.
 */
export function CardOutcome({ booking, search, problem, payable }: { booking: Booking; search: string; problem: string | null; payable: boolean }) {
  const said = paymentOutcome(search);
  if (!said && !problem) return null;
  // The booking as the server has it now decides: "paid" is said only of a booking that is paid.
  const paid = booking.paymentStatus === 'paid';
  const outcome: PaymentOutcome | null = paid ? 'paid' : said === 'paid' ? 'unverified' : said;
  const text = problem ?? paymentOutcomeText(outcome!, booking.cardPayment?.message);
  const tone = paid
    ? 'border-emerald-200 bg-emerald-50 text-emerald-950'
    : outcome === 'unverified'
      ? 'border-amber-300 bg-amber-50 text-amber-950'
      : 'border-red-200 bg-red-50 text-red-950';
  return (
    <div role={paid ? 'status' : 'alert'} className={`mt-4 flex items-start gap-3 rounded-2xl border p-4 ${tone}`}>
      {paid ? <CircleCheck aria-hidden="true" className="mt-0.5 shrink-0 text-emerald-700" /> : <CreditCard aria-hidden="true" className="mt-0.5 shrink-0" />}
      <div className="min-w-0 space-y-3">
        <p className="font-medium">{text}</p>
        {!paid && outcome !== 'unverified' && payable && <PayByCardButton booking={booking} />}
      </div>
    </div>
  );
}
