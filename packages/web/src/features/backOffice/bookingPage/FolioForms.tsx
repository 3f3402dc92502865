/** The folio's forms on the staff booking page: a payment, a charge, a refund, and voiding a line. */
import { FOLIO_LINE_KIND_WORDS, FOLIO_METHODS, FOLIO_METHOD_WORDS, STAFF_CHARGE_KINDS, refundableOf } from '@rental/contract/folio';
import type { Folio, FolioLine } from '@rental/contract/schemas';
import { useId, useState } from 'react';
import { useMoney } from '../../../company/useCompany';
import { FormField, controlProps } from '../FormField';
import { FormProblem } from '../../../components/FormField';
import { chargeWrite, paymentWrite, refundWrite, validateCharge, validatePayment, validateRefund, validateVoid, voidWrite } from './folioForms';
import { useFolioForm } from './useFolioForm';

function MethodOptions() {
  return (
    <>
      <option value="">Choose…</option>
      {FOLIO_METHODS.map((method) => (
        <option key={method} value={method}>
          {FOLIO_METHOD_WORDS[method]}
        </option>
      ))}
    </>
  );
}

function Buttons({ busy, label, busyLabel, onCancel }: { busy: boolean; label: string; busyLabel: string; onCancel: () => void }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <button type="submit" className="btn-primary min-h-11" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      <button type="button" className="btn-secondary min-h-11" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
    </div>
  );
}

const FORM = 'space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4';
const amountBox = { inputMode: 'numeric', autoComplete: 'off' } as const;

/** Money received: the balance is offered, any other amount may be typed. */
export function PaymentForm({ bookingId, folio, onClose }: { bookingId: string; folio: Folio; onClose: () => void }) {
  const id = useId();
  const owing = Math.max(0, folio.totals.balance);
  const f = useFolioForm({
    bookingId,
    initial: { method: '', amount: owing > 0 ? String(owing) : '', reference: '', note: '' },
    validate: validatePayment,
    write: paymentWrite,
    onDone: onClose,
  });
  return (
    <form noValidate onSubmit={f.submit} aria-label="Record a payment" className={FORM}>
      <h3 className="font-semibold text-slate-900">Record a payment</h3>
      <FormField id={`${id}-method`} label="Way it was paid" error={f.errors.method}>
        <select {...controlProps(`${id}-method`, f.errors.method)} value={f.values.method} onChange={(e) => f.set('method', e.target.value)}>
          <MethodOptions />
        </select>
      </FormField>
      <FormField id={`${id}-amount`} label="Amount" error={f.errors.amount}>
        <input {...controlProps(`${id}-amount`, f.errors.amount)} {...amountBox} value={f.values.amount} onChange={(e) => f.set('amount', e.target.value)} />
      </FormField>
      <FormField
        id={`${id}-reference`}
        label="Reference (optional)"
        hint="The bank's or the card machine's reference, or the cash receipt number."
        error={f.errors.reference}
      >
        <input
          {...controlProps(`${id}-reference`, f.errors.reference, { hint: 'yes' })}
          value={f.values.reference}
          onChange={(e) => f.set('reference', e.target.value)}
        />
      </FormField>
      <FormField id={`${id}-note`} label="Note (optional)" error={f.errors.note}>
        <input {...controlProps(`${id}-note`, f.errors.note)} value={f.values.note} onChange={(e) => f.set('note', e.target.value)} />
      </FormField>
      <FormProblem problem={f.errors.form ?? ''} />
      <Buttons busy={f.busy} label="Record the payment" busyLabel="Recording…" onCancel={onClose} />
    </form>
  );
}

/** A charge (or a discount) added by hand; GCT is added on top at the company's rate by the server. */
export function ChargeForm({ bookingId, onClose }: { bookingId: string; onClose: () => void }) {
  const id = useId();
  const f = useFolioForm({
    bookingId,
    initial: { kind: '', label: '', amount: '', gct: 'yes' },
    validate: validateCharge,
    write: chargeWrite,
    onDone: onClose,
  });
  return (
    <form noValidate onSubmit={f.submit} aria-label="Add a charge" className={FORM}>
      <h3 className="font-semibold text-slate-900">Add a charge</h3>
      <FormField id={`${id}-kind`} label="Kind of charge" error={f.errors.kind}>
        <select {...controlProps(`${id}-kind`, f.errors.kind)} value={f.values.kind} onChange={(e) => f.set('kind', e.target.value)}>
          <option value="">Choose…</option>
          {STAFF_CHARGE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {FOLIO_LINE_KIND_WORDS[kind]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        id={`${id}-label`}
        label="Description"
        hint="What the customer reads on the statement, e.g. “Toll, Highway 2000, 3 May”."
        error={f.errors.label}
      >
        <input {...controlProps(`${id}-label`, f.errors.label, { hint: 'yes' })} value={f.values.label} onChange={(e) => f.set('label', e.target.value)} />
      </FormField>
      <FormField
        id={`${id}-amount`}
        label="Amount before GCT"
        hint={f.values.kind === 'discount' ? 'A discount lowers the balance by this amount.' : undefined}
        error={f.errors.amount}
      >
        <input
          {...controlProps(`${id}-amount`, f.errors.amount, { hint: f.values.kind === 'discount' ? 'yes' : undefined })}
          {...amountBox}
          value={f.values.amount}
          onChange={(e) => f.set('amount', e.target.value)}
        />
      </FormField>
      <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
        <input type="checkbox" className="h-5 w-5" checked={f.values.gct === 'yes'} onChange={(e) => f.set('gct', e.target.checked ? 'yes' : 'no')} />
        Add GCT at the company’s rate (tolls and fines usually carry none)
      </label>
      <FormProblem problem={f.errors.form ?? ''} />
      <Buttons busy={f.busy} label="Add the charge" busyLabel="Adding…" onCancel={onClose} />
    </form>
  );
}

/** Money given back: never more than was paid and not yet refunded (the server's rule; the hint says it). */
export function RefundForm({ bookingId, folio, onClose }: { bookingId: string; folio: Folio; onClose: () => void }) {
  const id = useId();
  const money = useMoney();
  const refundable = refundableOf(folio.totals);
  const owedBack = Math.min(refundable, Math.max(0, -folio.totals.balance));
  const f = useFolioForm({
    bookingId,
    initial: { method: '', amount: owedBack > 0 ? String(owedBack) : '', note: '' },
    validate: validateRefund,
    write: refundWrite,
    placed: { refund_too_much: 'amount' },
    onDone: onClose,
  });
  return (
    <form noValidate onSubmit={f.submit} aria-label="Record a refund" className={FORM}>
      <h3 className="font-semibold text-slate-900">Record a refund</h3>
      <FormField id={`${id}-method`} label="Way it was given back" error={f.errors.method}>
        <select {...controlProps(`${id}-method`, f.errors.method)} value={f.values.method} onChange={(e) => f.set('method', e.target.value)}>
          <MethodOptions />
        </select>
      </FormField>
      <FormField id={`${id}-amount`} label="Amount" hint={`At most ${money(refundable)}: what was paid and not yet refunded.`} error={f.errors.amount}>
        <input
          {...controlProps(`${id}-amount`, f.errors.amount, { hint: 'yes' })}
          {...amountBox}
          value={f.values.amount}
          onChange={(e) => f.set('amount', e.target.value)}
        />
      </FormField>
      <FormField id={`${id}-note`} label="Why it is refunded" error={f.errors.note}>
        <input {...controlProps(`${id}-note`, f.errors.note)} value={f.values.note} onChange={(e) => f.set('note', e.target.value)} />
      </FormField>
      <FormProblem problem={f.errors.form ?? ''} />
      <Buttons busy={f.busy} label="Record the refund" busyLabel="Recording…" onCancel={onClose} />
    </form>
  );
}

/** A line's "Void" button, which opens the reason box under the line; a voided line has none (an open form stays, to say why it was refused). */
export function VoidLine({ bookingId, line }: { bookingId: string; line: FolioLine }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    if (line.voided) return null;
    return (
      <button
        type="button"
        className="min-h-9 rounded-lg px-2 text-xs font-medium text-red-700 underline"
        aria-label={`Void “${line.label}”`}
        onClick={() => setOpen(true)}
      >
        Void
      </button>
    );
  }
  return <VoidForm bookingId={bookingId} line={line} onClose={() => setOpen(false)} />;
}

function VoidForm({ bookingId, line, onClose }: { bookingId: string; line: FolioLine; onClose: () => void }) {
  const id = useId();
  const f = useFolioForm({
    bookingId,
    initial: { reason: '' },
    validate: validateVoid,
    write: (values) => voidWrite(line.id, values),
    placed: { line_already_voided: 'reason', void_of_void: 'reason', line_not_found: 'reason' },
    onDone: onClose,
  });
  return (
    <form noValidate onSubmit={f.submit} aria-label={`Void “${line.label}”`} className={`mt-1 ${FORM}`}>
      <FormField id={`${id}-reason`} label="Why it is voided" error={f.errors.reason}>
        <input {...controlProps(`${id}-reason`, f.errors.reason)} autoFocus value={f.values.reason} onChange={(e) => f.set('reason', e.target.value)} />
      </FormField>
      <FormProblem problem={f.errors.form ?? ''} />
      <Buttons busy={f.busy} label="Void the line" busyLabel="Voiding…" onCancel={onClose} />
    </form>
  );
}
