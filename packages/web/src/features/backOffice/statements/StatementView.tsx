/**
 * One statement's lines: each credit with the booking it seems to pay and why, "Accept all certain
 * matches" in one tap, a likely match applied on its own, and a line assigned to a booking by its
 * reference by hand. Applied lines and money out (ignored) say so.
 */
import { formatMoney, formatShortDate } from '@rental/contract/format';
import type { Statement, StatementLine } from '@rental/contract/schemas';
import { STATEMENT_LINE_STATE_WORDS } from '@rental/contract/statements';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { applyStatement, showStatement } from './statementQueries';

const STATE_STYLE: Record<StatementLine['state'], string> = {
  open: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  applied: 'bg-green-50 text-green-800 ring-green-600/20',
  ignored: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};
const CONFIDENCE_WORDS = { certain: 'Certain', likely: 'Likely: check it' } as const;
const CONFIDENCE_STYLE = { certain: 'text-green-800', likely: 'text-amber-800' } as const;

/** The open credits whose match is certain: what "Accept all certain matches" applies. */
export const certainOpen = (statement: Statement): StatementLine[] =>
  statement.lines.filter((line) => line.state === 'open' && line.match?.confidence === 'certain');

type Send = (body: Parameters<typeof applyStatement>[1]) => Promise<void>;

export function StatementView({ statement }: { statement: Statement }) {
  const queryClient = useQueryClient();
  const [told, setTold] = useState<{ text: string; problem: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const certain = certainOpen(statement);
  const money = (amount: number) => formatMoney(amount, statement.currency);

  const send: Send = async (body) => {
    setBusy(true);
    try {
      const answer = await applyStatement(statement.id, body);
      await showStatement(queryClient, answer.statement);
      setTold({ text: answer.message, problem: false });
    } catch (error) {
      setTold({ text: errorMessage(error), problem: true });
      throw error;
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="statement-lines" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="statement-lines" className="text-lg font-semibold text-slate-900">
            {statement.fileName || 'Statement'}
          </h2>
          <p className="text-sm text-slate-600">
            Account {statement.bankAccount} · {statement.lines.length} lines · {statement.openCredits} credits not applied yet
          </p>
        </div>
        <button
          type="button"
          className="btn-primary min-h-11 w-full sm:w-auto"
          disabled={busy || certain.length === 0}
          onClick={() => send({ lineIds: certain.map((line) => line.id) }).catch(() => undefined)}
        >
          Accept all certain matches ({certain.length})
        </button>
      </div>
      <div aria-live="polite" className="mt-3 min-h-6">
        {told && (
          <p role={told.problem ? 'alert' : 'status'} className={told.problem ? 'text-red-700' : 'text-green-800'}>
            {told.text}
          </p>
        )}
      </div>
      <ul className="mt-2 divide-y divide-slate-200" aria-label="Lines of the statement">
        {statement.lines.map((line) => (
          <LineItem key={line.id} line={line} money={money} busy={busy} send={send} />
        ))}
      </ul>
    </section>
  );
}

function LineItem({ line, money, busy, send }: { line: StatementLine; money: (n: number) => string; busy: boolean; send: Send }) {
  const [assigning, setAssigning] = useState(false);
  const [reference, setReference] = useState('');
  const open = line.state === 'open';
  const inputId = `assign-${line.id}`;
  const assign = (event: FormEvent) => {
    event.preventDefault();
    send({ lines: [{ lineId: line.id, reference }] }).then(
      () => setAssigning(false),
      () => undefined,
    );
  };

  return (
    <li className="py-3">
      <article aria-label={`${formatShortDate(line.date)} ${money(line.amount)}`}>
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <p className="font-medium text-slate-900">
            <span className="mr-3 text-slate-600">{formatShortDate(line.date)}</span>
            <span className={line.amount < 0 ? 'text-slate-500' : ''}>{money(line.amount)}</span>
          </p>
          <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${STATE_STYLE[line.state]}`}>
            {STATEMENT_LINE_STATE_WORDS[line.state]}
          </span>
        </div>
        <p className="mt-1 [overflow-wrap:anywhere] text-slate-800">{line.description || '(no description)'}</p>
        {line.match ? (
          <p className="mt-1 text-sm text-slate-700">
            <span className={`font-medium ${CONFIDENCE_STYLE[line.match.confidence]}`}>{CONFIDENCE_WORDS[line.match.confidence]}: </span>
            <Link to={`/owner/bookings/${line.match.bookingId}`} className="font-mono text-primary underline">
              {line.match.reference}
            </Link>
            . {line.match.reason}
          </p>
        ) : (
          line.amount > 0 && open && <p className="mt-1 text-sm text-slate-600">No booking found for this line.</p>
        )}
        {open && (
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {line.match?.confidence === 'likely' && (
              <button type="button" className="btn-secondary min-h-11" disabled={busy} onClick={() => send({ lineIds: [line.id] }).catch(() => undefined)}>
                Apply to {line.match.reference}
              </button>
            )}
            {!assigning && (
              <button type="button" className="btn-secondary min-h-11" disabled={busy} onClick={() => setAssigning(true)}>
                Assign to a booking
              </button>
            )}
          </div>
        )}
        {open && assigning && (
          <form onSubmit={assign} className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="min-w-0 sm:w-64">
              <label htmlFor={inputId} className="field-label">
                Booking reference
              </label>
              <input
                id={inputId}
                className="field-input font-mono"
                value={reference}
                onChange={(event) => setReference(event.target.value)}
                placeholder="WR-7K2M9X"
                autoComplete="off"
                required
              />
            </div>
            <button type="submit" className="btn-primary min-h-11" disabled={busy || reference.trim() === ''}>
              Record the payment
            </button>
            <button type="button" className="btn-secondary min-h-11" onClick={() => setAssigning(false)}>
              Cancel
            </button>
          </form>
        )}
      </article>
    </li>
  );
}
