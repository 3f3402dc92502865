/**
 * "Record a refund": a refund staff made in the provider's dashboard, written down here (amount,
 * note). Asked in front of the page like the driver checks' reason dialog: the amount gets the
 * focus, Escape or Cancel changes nothing, the focus returns to the button that opened it, and the
 * server's refusal shows in the dialog.
 */
import { formatMoney } from '@rental/contract/format';
import type { PaymentAttempt } from '@rental/contract/schemas';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { FormProblem } from '../../../components/FormField';
import { useSubmit } from '../../../lib/useSubmit';
import { FormField, controlProps } from '../FormField';
import { refundLeft, type RefundProblems, refundProblems } from './paymentWords';
import { refundPayment } from './paymentQueries';

export function RefundDialog({ attempt, onDone, onClose }: { attempt: PaymentAttempt; onDone: () => unknown; onClose: () => void }) {
  const id = useId();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<RefundProblems>({});
  const [attempted, setAttempted] = useState(false);
  const amountBox = useRef<HTMLInputElement>(null);
  const noteBox = useRef<HTMLTextAreaElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const left = refundLeft(attempt);
  const submit = useSubmit(() => refundPayment(attempt._id, { amount: amount.trim(), note: note.trim() }), { onDone });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    amountBox.current?.focus();
    return () => opener?.focus();
  }, []);

  const check = (nextAmount: string, nextNote: string) => {
    if (attempted) setErrors(refundProblems(nextAmount, nextNote, left, attempt.currency));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    const problems = refundProblems(amount, note, left, attempt.currency);
    setErrors(problems);
    if (problems.amount || problems.note) {
      submit.clearProblem();
      (problems.amount ? amountBox : noteBox).current?.focus();
      return;
    }
    void submit.send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && !submit.busy) {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab') {
      // The focus stays inside the dialog: from the last control back to the first, and the other way.
      const controls = [...(panel.current?.querySelectorAll<HTMLElement>('input, textarea, button:not([disabled])') ?? [])];
      const first = controls[0];
      const last = controls.at(-1);
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  };

  const amountId = `${id}-amount`;
  const noteId = `${id}-note`;
  const amountHint = `Whole ${attempt.currency}, at most ${formatMoney(left, attempt.currency)}.`;
  const noteHint = 'Staff only, e.g. why, or the provider’s refund number. May be left empty.';
  return createPortal(
    // oxlint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape and Tab are the dialog's keys; its own controls are reachable by keyboard
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-3 sm:items-center sm:p-4" onKeyDown={onKeyDown}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        className="max-h-full w-full max-w-lg overflow-y-auto rounded-xl bg-white p-5 shadow-xl sm:p-6"
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          Record a refund on {attempt.reference}?
        </h2>
        <p id={`${id}-text`} className="mt-2 text-slate-700">
          Make the refund in the provider’s dashboard first; this only writes it down. The customer paid {formatMoney(attempt.amount, attempt.currency)}.
        </p>
        <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
          <FormField id={amountId} label="Amount refunded" hint={amountHint} error={errors.amount}>
            <input
              ref={amountBox}
              {...controlProps(amountId, errors.amount, { hint: amountHint })}
              inputMode="numeric"
              autoComplete="off"
              maxLength={12}
              value={amount}
              onChange={(event) => {
                setAmount(event.target.value);
                check(event.target.value, note);
              }}
            />
          </FormField>
          <FormField id={noteId} label="Note (optional)" hint={noteHint} error={errors.note}>
            <textarea
              ref={noteBox}
              {...controlProps(noteId, errors.note, { hint: noteHint, multiline: true })}
              rows={3}
              maxLength={300}
              value={note}
              onChange={(event) => {
                setNote(event.target.value);
                check(amount, event.target.value);
              }}
            />
          </FormField>
          <FormProblem problem={submit.problem} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary min-h-11" onClick={onClose} disabled={submit.busy}>
              Cancel
            </button>
            <button type="submit" className="btn-primary min-h-11" disabled={submit.busy}>
              {submit.busy ? 'Saving…' : 'Record the refund'}
            </button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
