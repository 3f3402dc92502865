/**
 * /owner/cash-up, "Cash-up": a day (today unless another is picked) for a staff member or the whole
 * desk: the money the folios recorded by method, the security deposits, and what the cash drawer
 * should hold. Staff type the cash counted, see the difference as they type, explain a difference,
 * and close the day; a closed day says who closed it and when, and the owner may reopen it.
 * Every sum is the server's (the contract's cashUpTotals); the page only subtracts the count.
 */
import { cashDifference, cashUpNeedsNote } from '@rental/contract/cashUp';
import { FOLIO_METHOD_WORDS } from '@rental/contract/folio';
import { formatMoney } from '@rental/contract/format';
import { companyToday } from '@rental/contract/rentalDates';
import type { CashUp } from '@rental/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, errorMessage } from '../../../api/client';
import { FormProblem } from '../../../components/FormField';
import { formatCalendarDate, formatInstantWithTime } from '../../../lib/dates';
import { usePageMeta } from '../../../lib/usePageMeta';
import { useSession } from '../../../session/useSession';
import { refreshBackOffice } from '../backOfficeQueries';
import { FormField, controlProps } from '../FormField';
import { StaffPageHeader } from '../StaffPageHeader';
import { ReasonDialog } from '../vetting/ReasonDialog';
import { closeCashUp, reopenCashUp, useCashUp } from './cashUpQueries';

const CURRENCY = 'JMD';
const money = (amount: number) => formatMoney(amount, CURRENCY);

/** "$200 JMD more than expected", "$150 JMD short", "Matches". */
export function differenceText(difference: number): string {
  if (difference === 0) return 'Matches what the drawer should hold';
  return difference > 0 ? `${money(difference)} more than the drawer should hold` : `${money(-difference)} short`;
}

export function CashUpPage() {
  usePageMeta('Cash-up', 'The day’s money by method, the cash drawer counted and the day closed.');
  const { user, staffRole } = useSession();
  const isAgent = staffRole === 'agent';
  const today = companyToday();
  const [date, setDate] = useState(today);
  // A counter agent's own day; anyone else starts with the whole desk.
  const [staffId, setStaffId] = useState(isAgent ? (user?._id ?? '') : '');
  const dayOk = /^\d{4}-\d{2}-\d{2}$/.test(date) && date <= today;
  const query = useCashUp(date, staffId, dayOk && (!isAgent || staffId !== ''));
  const cashUp = query.data;
  const id = useId();

  return (
    <>
      <StaffPageHeader
        title="Cash-up"
        description="What was taken and given back on a day, by method, and what the cash drawer should hold. Count the drawer, type what you counted and close the day. A closed day’s charges cannot be voided until the owner reopens it."
      />
      <form className="mb-6 grid gap-4 sm:grid-cols-2 lg:max-w-2xl" onSubmit={(event) => event.preventDefault()} aria-label="Which day">
        <FormField id={`${id}-day`} label="Day" error={dayOk ? undefined : 'Please choose today or an earlier day.'}>
          <input
            type="date"
            {...controlProps(`${id}-day`, dayOk ? undefined : 'bad')}
            max={today}
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
        </FormField>
        <FormField id={`${id}-staff`} label="Whose money">
          <select {...controlProps(`${id}-staff`, undefined)} value={staffId} onChange={(event) => setStaffId(event.target.value)} disabled={isAgent}>
            {!isAgent && <option value="">The whole desk</option>}
            {(cashUp?.staffChoices ?? (isAgent && user ? [{ _id: user._id, name: user.name }] : [])).map((person) => (
              <option key={person._id} value={person._id}>
                {person.name}
              </option>
            ))}
          </select>
        </FormField>
      </form>
      {query.isPending && dayOk && <p className="text-slate-600">Loading the day’s money…</p>}
      {query.isError && (
        <p role="alert" className="text-red-700">
          {errorMessage(query.error)}
        </p>
      )}
      {cashUp && <CashUpDay key={`${cashUp.date}-${cashUp.staff?._id ?? ''}`} cashUp={cashUp} />}
    </>
  );
}

function CashUpDay({ cashUp }: { cashUp: CashUp }) {
  const whose = cashUp.staff ? cashUp.staff.name : 'the whole desk';
  return (
    <div className="space-y-6">
      <section aria-labelledby="cash-up-methods">
        <h2 id="cash-up-methods" className="mb-3 text-lg font-semibold text-slate-900">
          {formatCalendarDate(cashUp.date)}, {whose}: money by method
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {cashUp.methods.map((row) => (
            <li key={row.method} className="rounded-xl border border-slate-200 bg-white p-4" aria-label={FOLIO_METHOD_WORDS[row.method]}>
              <h3 className="font-medium text-slate-900">{FOLIO_METHOD_WORDS[row.method]}</h3>
              <dl className="mt-2 space-y-1 text-sm">
                <Line term="Received" value={money(row.payments)} />
                <Line term="Given back" value={money(row.refunds)} />
                <Line term="Net" value={money(row.net)} strong />
              </dl>
            </li>
          ))}
        </ul>
        {cashUp.keptFromDeposits > 0 && (
          <p className="mt-2 text-sm text-slate-600">
            Besides, {money(cashUp.keptFromDeposits)} was kept from security deposits against charges (already in hand: counted when the deposit was taken).
          </p>
        )}
      </section>
      <section aria-labelledby="cash-up-deposits" className="rounded-xl border border-slate-200 bg-white p-4 lg:max-w-2xl">
        <h2 id="cash-up-deposits" className="font-semibold text-slate-900">
          Security deposits
        </h2>
        <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-3 sm:gap-4">
          <Line term="Taken at check-out" value={money(cashUp.deposits.taken)} />
          <Line term="Given back at return" value={money(cashUp.deposits.returned)} />
          <Line term="Kept against charges" value={money(cashUp.deposits.kept)} />
        </dl>
      </section>
      <section aria-labelledby="cash-up-drawer" className="rounded-xl border border-slate-200 bg-white p-4 lg:max-w-2xl">
        <h2 id="cash-up-drawer" className="font-semibold text-slate-900">
          The cash drawer
        </h2>
        <dl className="mt-2 space-y-1 text-sm">
          <Line term="Cash in (payments and cash deposits taken)" value={money(cashUp.drawer.cashIn)} />
          <Line term="Cash out (refunds and cash deposits given back)" value={money(cashUp.drawer.cashOut)} />
          <Line term="The drawer should hold" value={money(cashUp.drawer.expected)} strong />
        </dl>
        {cashUp.closing ? <ClosedDay cashUp={cashUp} /> : <CloseDayForm cashUp={cashUp} />}
      </section>
      {cashUp.reopened.length > 0 && (
        <section aria-labelledby="cash-up-reopened" className="lg:max-w-2xl">
          <h2 id="cash-up-reopened" className="mb-2 font-semibold text-slate-900">
            Reopened before
          </h2>
          <ul className="space-y-2 text-sm text-slate-700">
            {cashUp.reopened.map((closing) => (
              <li key={closing.reopenedAt} className="rounded-lg bg-slate-50 p-3">
                Closed by {closing.closedBy.name} on {formatInstantWithTime(closing.closedAt)} counting {money(closing.countedCash)}; reopened by{' '}
                {closing.reopenedBy.name} on {formatInstantWithTime(closing.reopenedAt)}: {closing.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function Line({ term, value, strong = false }: { term: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-600">{term}</dt>
      <dd className={`text-right whitespace-nowrap ${strong ? 'font-semibold text-slate-900' : 'text-slate-900'}`}>{value}</dd>
    </div>
  );
}

function ClosedDay({ cashUp }: { cashUp: CashUp }) {
  const closing = cashUp.closing!;
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  return (
    <div className="mt-4 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900" role="status">
      <p className="font-medium">
        Closed by {closing.closedBy.name} on {formatInstantWithTime(closing.closedAt)}
      </p>
      <dl className="mt-2 space-y-1">
        <Line term="Counted" value={money(closing.countedCash)} />
        <Line term="Should have held then" value={money(closing.expectedCash)} />
        <Line term="Difference" value={differenceText(closing.difference)} />
      </dl>
      {closing.note && <p className="mt-2">Note: {closing.note}</p>}
      {cashUp.mayReopen && (
        <button type="button" className="btn-secondary mt-3 min-h-11" onClick={() => setAsking(true)}>
          Reopen
        </button>
      )}
      {asking && (
        <ReasonDialog
          title={`Reopen ${formatCalendarDate(cashUp.date)}?`}
          text="Its charges may then be voided again, and the day closed again. The closing stays in the history with your reason."
          label="Reason"
          hint="Kept in the history for staff."
          yes="Reopen the day"
          problemOf={(reason) => (reason.trim() ? null : 'Please say why the day is reopened.')}
          send={(reason) => reopenCashUp(cashUp.date, cashUp.staff?._id ?? '', reason)}
          onDone={() => {
            setAsking(false);
            return refreshBackOffice(queryClient);
          }}
          onClose={() => setAsking(false)}
        />
      )}
    </div>
  );
}

function CloseDayForm({ cashUp }: { cashUp: CashUp }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ counted?: string; note?: string }>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const countedOk = /^\d{1,9}$/.test(counted.trim());
  const countedCash = countedOk ? Number(counted.trim()) : null;
  const difference = countedCash === null ? null : cashDifference(countedCash, cashUp.drawer.expected);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (countedCash === null) found.counted = 'Please type the cash counted in the drawer, as a whole number.';
    else if (cashUpNeedsNote(countedCash, cashUp.drawer.expected, note)) found.note = 'Please write why the count differs.';
    setErrors(found);
    setProblem('');
    if (found.counted || found.note || countedCash === null) return;
    setBusy(true);
    try {
      await closeCashUp({ date: cashUp.date, staffId: cashUp.staff?._id ?? '', countedCash, note: note.trim() });
      await refreshBackOffice(queryClient);
    } catch (error) {
      // The server's figure may have moved since the page was read (a payment just recorded): read it again.
      if (error instanceof ApiError && error.code === 'cash_difference_needs_note') setErrors({ note: errorMessage(error) });
      else setProblem(errorMessage(error));
      if (error instanceof ApiError && (error.code === 'cash_difference_needs_note' || error.code === 'day_already_closed'))
        await refreshBackOffice(queryClient);
    } finally {
      setBusy(false);
    }
  };

  const countedHint = 'Whole JMD, notes and coins together.';
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4 border-t border-slate-200 pt-4" aria-label="Close the day">
      <FormField id={`${id}-counted`} label="Cash counted in the drawer" hint={countedHint} error={errors.counted}>
        <input
          {...controlProps(`${id}-counted`, errors.counted, { hint: countedHint })}
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          value={counted}
          onChange={(event) => setCounted(event.target.value)}
        />
      </FormField>
      <p aria-live="polite" className={`text-sm font-medium ${difference === null || difference === 0 ? 'text-slate-700' : 'text-amber-800'}`}>
        {difference === null ? '' : `Difference: ${differenceText(difference)}`}
      </p>
      {difference !== null && difference !== 0 && (
        <FormField id={`${id}-note`} label="Why the count differs" hint="Kept with the closing, for the owner." error={errors.note}>
          <textarea
            {...controlProps(`${id}-note`, errors.note, { hint: 'Kept with the closing, for the owner.', multiline: true })}
            rows={3}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </FormField>
      )}
      <FormProblem problem={problem} />
      <button type="submit" className="btn-primary min-h-11 w-full sm:w-auto" disabled={busy}>
        {busy ? 'Closing…' : 'Close the day'}
      </button>
    </form>
  );
}
