/**
 * One small folio form: its boxes, checked as they change once a send was tried; nothing is sent
 * while a box has a problem; the server's refusal lands under the field its code names.
 */
import type { RefusalCode } from '@rental/contract/refusalCodes';
import { type FormEvent, useRef, useState } from 'react';
import toast from '../../../lib/toast';
import { type FolioWrite, useFolioWrite, useRefreshFolio } from './folioQueries';
import { type Errors, refusalOf } from './folioForms';

export function useFolioForm<V extends Record<string, string>>(options: {
  bookingId: string;
  initial: V;
  validate: (values: V) => Errors<Extract<keyof V, string>>;
  write: (values: V) => FolioWrite;
  /** Which field each refusal code belongs under. */
  placed?: Partial<Record<RefusalCode, Extract<keyof V, string>>>;
  onDone: () => void;
}) {
  type K = Extract<keyof V, string>;
  const write = useFolioWrite(options.bookingId);
  const refresh = useRefreshFolio(options.bookingId);
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<Errors<K>>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const set = (field: K, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (tried) setErrors(options.validate(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // After React drew the problems: the first box with one takes the focus.
    const focusFirstProblem = () => requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    if (sending.current) return;
    setTried(true);
    const problems = options.validate(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstProblem();
      return;
    }
    sending.current = true;
    setBusy(true);
    try {
      const answer = await write(options.write(values));
      toast.success(answer.message);
      options.onDone();
    } catch (error) {
      const refusal = refusalOf<K>(error, options.placed ?? {});
      setErrors(refusal.errors);
      if (refusal.stale) void refresh();
      focusFirstProblem();
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return { values, set, errors, busy, submit };
}
