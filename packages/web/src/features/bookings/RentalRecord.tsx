/**
 * What the counter recorded of the booking, for the customer: the keys handed over (when, the
 * odometer and fuel, the deposit, what came with the car, the damages noted, the signed agreement)
 * and the car returned (the charges, the deposit, the receipt). Fetched only for a booking picked
 * up, so the booking page's first download stays within the budget (decision 009).
 */
import { CHECKED_IN_ONLINE_WORDS } from '@rental/contract/checkedInOnline';
import { fuelWords } from '@rental/contract/counter';
import type { CarDamage, CounterRecord } from '@rental/contract/schemas';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../api/client';
import { openApiFile } from '../../api/openApiFile';
import { useMoney } from '../../company/useCompany';
import { formatInstantWithTime } from '../../lib/dates';
import { TO_BE_ASSESSED_NOTE, damageWords, depositWords, itemsWords, odometerWords, receiptLinkWords, settlementRows } from './rentalRecord';

function RecordSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-4 text-sm">{children}</div>
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt className="text-slate-500">{term}</dt>
          <dd className="font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A file of the booking behind the session: opened in a new tab, or the problem said beside it. */
function FileButton({ path, children, inline = false, label }: { path: string; children: string; inline?: boolean; label?: string }) {
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <span className={inline ? 'ml-1' : 'block'}>
      <button
        type="button"
        aria-label={label}
        className={inline ? 'rounded text-primary underline' : 'btn-secondary px-4 py-2 text-sm'}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setProblem('');
          openApiFile(path)
            .catch((error: unknown) => setProblem(errorMessage(error)))
            .finally(() => setBusy(false));
        }}
      >
        {children}
      </button>
      {problem && (
        <span role="alert" className="mt-2 block text-red-800">
          {problem}
        </span>
      )}
    </span>
  );
}

function Damages({ damages }: { damages: CarDamage[] }) {
  if (damages.length === 0) return null;
  return (
    <div>
      <h3 className="text-slate-500">Damages noted</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-900">
        {damages.map((damage) => (
          <li key={damage._id}>
            {damageWords(damage)}
            {damage.photo && (
              <FileButton path={damage.photo} inline label={`See the photo: ${damageWords(damage)}`}>
                See the photo
              </FileButton>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function RentalRecord({ counter }: { counter: CounterRecord }) {
  const money = useMoney();
  const { checkOut, checkIn } = counter;
  if (!checkOut) return null;
  return (
    <>
      <RecordSection title="Picked up" id="picked-up-heading">
        <Facts
          rows={[
            ['When', formatInstantWithTime(checkOut.at)],
            ['Odometer', odometerWords(checkOut.odometerKm)],
            ['Fuel', fuelWords(checkOut.fuelEighths)],
            ['Security deposit taken', depositWords(checkOut.deposit, money)],
            ...(checkOut.payAtReturn ? ([['To pay at return', checkOut.payAtReturn]] as [string, string][]) : []),
            ['Handed over with the car', itemsWords(checkOut.items)],
          ]}
        />
        <Damages damages={checkOut.damages} />
        <FileButton path={checkOut.agreement}>Your rental agreement (PDF)</FileButton>
        {checkOut.condition && <FileButton path={checkOut.condition}>{CHECKED_IN_ONLINE_WORDS.appendix}</FileButton>}
      </RecordSection>
      {checkIn && (
        <RecordSection title="Returned" id="returned-heading">
          <Facts
            rows={[
              ['When', formatInstantWithTime(checkIn.returnedAt)],
              ['Odometer', odometerWords(checkIn.odometerKm)],
              ['Fuel', fuelWords(checkIn.fuelEighths)],
              ...(checkIn.itemsMissing.length > 0 ? ([['Not returned', itemsWords(checkIn.itemsMissing)]] as [string, string][]) : []),
            ]}
          />
          <Damages damages={checkIn.damages} />
          <div>
            <h3 className="text-slate-500">Charges</h3>
            {checkIn.charges.length === 0 ? (
              <p className="font-medium text-slate-900">No charges</p>
            ) : (
              <table className="mt-1 w-full">
                <caption className="sr-only">Charges of the return</caption>
                <tbody>
                  {checkIn.charges.map((charge) => (
                    <tr key={`${charge.kind}-${charge.label}`}>
                      <th scope="row" className="py-0.5 pr-3 text-left font-normal text-slate-700">
                        {charge.label}
                      </th>
                      <td className="py-0.5 text-right whitespace-nowrap text-slate-900">{money(charge.amount)}</td>
                    </tr>
                  ))}
                  <tr className="border-t border-slate-200">
                    <th scope="row" className="pt-1 pr-3 text-left font-semibold text-slate-900">
                      Total
                    </th>
                    <td className="pt-1 text-right font-semibold whitespace-nowrap text-slate-900">{money(checkIn.chargesTotal)}</td>
                  </tr>
                </tbody>
              </table>
            )}
          </div>
          <Facts rows={settlementRows(checkIn, money)} />
          {checkIn.toBeAssessed && <p className="rounded-lg bg-amber-50 p-3 text-amber-950">{TO_BE_ASSESSED_NOTE}</p>}
          <FileButton path={checkIn.receipt}>{receiptLinkWords(checkIn.receiptNumber)}</FileButton>
        </RecordSection>
      )}
    </>
  );
}
