/**
 * A decision that needs a reason ("Not approve", "Mark do not rent"), asked in front of the page:
 * the reason's box gets the focus, the text says who will read it, Escape or Cancel changes nothing,
 * and the focus returns to the button that opened it. The server's refusal shows in the dialog.
 */
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { FormProblem } from '../../../components/FormField';
import { useSubmit } from '../../../lib/useSubmit';
import { FormField, controlProps } from '../FormField';

export interface ReasonDialogProps {
  title: string;
  /** Who reads the reason: the customer (told it by e-mail) or staff only. */
  text: string;
  label: string;
  hint: string;
  yes: string;
  /** The reason's problem in the form's words, or null. */
  problemOf: (reason: string) => string | null;
  /** Sends the decision; its answer's message is toasted. */
  send: (reason: string) => Promise<{ message?: string }>;
  onDone: () => unknown;
  onClose: () => void;
}

export function ReasonDialog({ title, text, label, hint, yes, problemOf, send, onDone, onClose }: ReasonDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [attempted, setAttempted] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const submit = useSubmit(() => send(reason.trim()), { onDone });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box.current?.focus();
    return () => opener?.focus();
  }, []);

  const change = (value: string) => {
    setReason(value);
    if (attempted) setError(problemOf(value) ?? undefined);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    const problem = problemOf(reason);
    setError(problem ?? undefined);
    if (problem) {
      submit.clearProblem();
      box.current?.focus();
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
      const controls = [...(panel.current?.querySelectorAll<HTMLElement>('textarea, button:not([disabled])') ?? [])];
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

  const boxId = `${id}-reason`;
  return createPortal(
    // oxlint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape and Tab are the dialog's keys; its own buttons are reachable by keyboard
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
          {title}
        </h2>
        <p id={`${id}-text`} className="mt-2 text-slate-700">
          {text}
        </p>
        <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
          <FormField id={boxId} label={label} hint={hint} error={error}>
            <textarea
              ref={box}
              {...controlProps(boxId, error, { hint, multiline: true })}
              rows={3}
              maxLength={300}
              value={reason}
              onChange={(e) => change(e.target.value)}
            />
          </FormField>
          <FormProblem problem={submit.problem} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary min-h-11" onClick={onClose} disabled={submit.busy}>
              Cancel
            </button>
            <button type="submit" className="btn-primary min-h-11" disabled={submit.busy}>
              {submit.busy ? 'Saving…' : yes}
            </button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
