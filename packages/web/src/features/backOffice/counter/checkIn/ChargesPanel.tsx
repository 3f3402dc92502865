/** The return's charges as the fields stand, and what becomes of the security deposit against the booking's balance: the same sum the server makes. */
import { useMoney } from '../../../../company/useCompany';
import type { LiveCharges } from './checkInForm';

export function ChargesPanel({ live }: { live: LiveCharges }) {
  const money = useMoney();
  return (
    <section aria-labelledby="charges-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="charges-title" className="text-lg font-semibold text-slate-900">
        Charges so far
      </h2>
      {live.charges.length === 0 ? (
        <p className="mt-2 text-slate-700">No charges: the car came back in time, within its kilometres, with its fuel.</p>
      ) : (
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">Charges of this return</caption>
          <tbody>
            {live.charges.map((charge, n) => (
              <tr key={`${charge.kind}-${n}`} className="border-b border-slate-100">
                <th scope="row" className="py-1.5 pr-3 font-normal text-slate-700">
                  {charge.label}
                </th>
                <td className="py-1.5 text-right whitespace-nowrap text-slate-900">{money(charge.amount)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row" className="py-1.5 pr-3 font-semibold text-slate-900">
                Total charges
              </th>
              <td className="py-1.5 text-right font-semibold whitespace-nowrap text-slate-900">{money(live.total)}</td>
            </tr>
          </tbody>
        </table>
      )}
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-slate-800">
        {live.balanceBefore !== 0 && (
          <>
            <dt>{live.balanceBefore > 0 ? 'Booking still unpaid' : 'Paid over the booking'}</dt>
            <dd className="text-right">{money(Math.abs(live.balanceBefore))}</dd>
          </>
        )}
        <dt>Security deposit taken</dt>
        <dd className="text-right">{money(live.deposit)}</dd>
        {live.held > 0 ? (
          <>
            <dt className="font-semibold">Held until the damage is assessed</dt>
            <dd className="text-right font-semibold">{money(live.held)}</dd>
          </>
        ) : (
          <>
            <dt>Kept towards the booking</dt>
            <dd className="text-right">{money(live.kept)}</dd>
            <dt className="font-semibold">To give back</dt>
            <dd className="text-right font-semibold">{money(live.refunded)}</dd>
          </>
        )}
        {live.owing > 0 && (
          <>
            <dt className="font-semibold text-red-700">Still owed by the customer</dt>
            <dd className="text-right font-semibold text-red-700">{money(live.owing)}</dd>
          </>
        )}
      </dl>
      {live.toBeAssessed && <p className="mt-2 text-sm text-amber-900">A damage is to be assessed: the whole security deposit is held until it is charged.</p>}
      <p className="mt-2 text-sm text-slate-600">Worked out as you type; the figures the server saves are final and go on the receipt.</p>
    </section>
  );
}
