/**
 * Step 3: the agreement exactly as the PDF will hold it, then a code e-mailed to the customer (it
 * proves who signs), then a finger signature on the counter's pad, then Sign. Fetched when the step
 * opens: the agreement's view and the pad stay out of the page's first download.
 */
import { CHECK_IN_CODE_DIGITS } from '@rental/contract/onlineCheckIn';
import type { OnlineCheckInState } from '@rental/contract/schemas';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { AgreementView } from '../../components/AgreementView';
import { useSignatureSurface } from '../../components/SignatureSurface';
import { formatInstantWithTime } from '../../lib/dates';
import { type ArrivalValues } from './ArrivalStep';
import { missingBeforeSigning, needsNewCode, type RefusalPlace, refusalPlace, refusalWords, tidyFlightNumber } from './checkInSteps';
import { useCheckInAccess } from './checkInAccess';
import { sendCheckInCode, useCompleteCheckIn, useRefreshCheckIn } from './checkInQueries';

function timeOnly(iso: string): string {
  return new Intl.DateTimeFormat('en-JM', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'America/Jamaica' }).format(new Date(iso));
}

export default function SignStep({
  state,
  arrival,
  onSigned,
  onElsewhere,
}: {
  state: OnlineCheckInState;
  arrival: ArrivalValues;
  onSigned: (message: string) => void;
  /** A refusal that belongs to another step (drivers, arrival) or to the whole page. */
  onElsewhere: (place: RefusalPlace, words: string) => void;
}) {
  const surface = useSignatureSurface();
  const { api } = useCheckInAccess();
  const sign = useCompleteCheckIn(state.bookingId);
  const refresh = useRefreshCheckIn(state.bookingId);
  const [code, setCode] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [sent, setSent] = useState<{ to: string; until: string } | null>(
    state.agreement.codeSentAt && state.agreement.codeExpiresAt ? { to: state.agreement.codeEmail, until: state.agreement.codeExpiresAt } : null,
  );
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<{ code?: string; signature?: string; form?: string }>({});
  const codeRef = useRef<HTMLInputElement>(null);
  const sendRef = useRef<HTMLButtonElement>(null);
  const formProblemRef = useRef<HTMLParagraphElement>(null);
  const [focusOn, setFocusOn] = useState<'code' | 'send' | 'form' | null>(null);

  useEffect(() => {
    if (focusOn === 'code') codeRef.current?.focus();
    if (focusOn === 'send') sendRef.current?.focus();
    if (focusOn === 'form') formProblemRef.current?.focus();
    setFocusOn(null);
  }, [focusOn]);

  const send = async () => {
    setSending(true);
    setProblems((p) => ({ ...p, code: undefined }));
    try {
      const answer = await sendCheckInCode(api, state.bookingId);
      setSent({ to: answer.codeEmail, until: answer.codeExpiresAt });
      setCode('');
      setFocusOn('code');
    } catch (error) {
      const c = error instanceof ApiError ? error.code : undefined;
      const words = refusalWords(c, errorMessage(error));
      if (refusalPlace(c) === 'page') onElsewhere('page', words);
      else {
        setProblems((p) => ({ ...p, code: words }));
        setFocusOn('send');
      }
    } finally {
      setSending(false);
    }
  };

  const submit = async () => {
    const missing = missingBeforeSigning({ pickupTime: arrival.pickupTime, code, signature, codeSent: sent !== null });
    if (missing.length > 0) {
      setProblems({ form: missing.join(' ') });
      setFocusOn('form');
      return;
    }
    setBusy(true);
    setProblems({});
    try {
      const flight = tidyFlightNumber(arrival.flightNumber);
      const answer = await sign({ pickupTime: arrival.pickupTime, code: code.trim(), signature: signature ?? '', ...(flight ? { flightNumber: flight } : {}) });
      onSigned(answer.message);
    } catch (error) {
      const c = error instanceof ApiError ? error.code : undefined;
      const words = refusalWords(c, errorMessage(error));
      const place = refusalPlace(c);
      if (place === 'code') {
        setProblems({ code: words });
        if (needsNewCode(c)) {
          setSent(null);
          setFocusOn('send');
        } else {
          setCode('');
          setFocusOn('code');
        }
        void refresh();
      } else if (place === 'signature') {
        setSignature(null);
        setProblems({ signature: words });
        setFocusOn('form');
      } else if (place === 'form') {
        setProblems({ form: words });
        setFocusOn('form');
      } else {
        onElsewhere(place, words);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700">Please read the whole agreement: it is what the PDF you receive will hold. Scroll to its end to sign.</p>
      <AgreementView agreement={state.agreement.document} />

      <div className="space-y-3 rounded-xl border border-slate-200 p-4">
        <h3 className="font-semibold text-slate-900">1. A code to your e-mail</h3>
        <p className="text-sm text-slate-700">It shows that it is you who signs. We send it to {state.agreement.codeEmail}.</p>
        {sent && (
          <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-950">
            Code sent to {sent.to}. It works until {timeOnly(sent.until)} (Jamaica time).
          </p>
        )}
        <button ref={sendRef} type="button" className="btn-secondary min-h-11 w-full px-4 sm:w-auto" onClick={send} disabled={sending}>
          {sending && <Loader2 aria-hidden="true" size={18} className="animate-spin" />}
          {sent ? 'Send me a new code' : 'Send me a code'}
        </button>
        <div>
          <label htmlFor="check-in-code" className="field-label">
            The {CHECK_IN_CODE_DIGITS}-digit code from the e-mail
          </label>
          <input
            ref={codeRef}
            id="check-in-code"
            className={`field-input h-11 max-w-48 py-0 font-mono text-lg tracking-widest ${problems.code ? 'border-red-500' : ''}`}
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CHECK_IN_CODE_DIGITS}
            disabled={!sent}
            aria-invalid={problems.code ? true : undefined}
            aria-describedby={problems.code ? 'check-in-code-error' : undefined}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          />
          {problems.code && (
            <p id="check-in-code-error" role="alert" className="field-error">
              {problems.code}
            </p>
          )}
        </div>
      </div>

      <div className="space-y-2 rounded-xl border border-slate-200 p-4">
        <h3 className="font-semibold text-slate-900">2. Your signature</h3>
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">{state.agreement.document.signing}</p>
        <div className="flex items-center justify-between gap-2">
          <p className="field-label mb-0">Sign with your finger in the box</p>
          <button
            type="button"
            className="btn-secondary min-h-11 px-4 text-sm"
            onClick={() => setSignature(null)}
            disabled={!signature}
            aria-label="Clear the signature"
          >
            Clear
          </button>
        </div>
        {surface({ label: 'Your signature', signed: signature !== null, onChange: setSignature })}
        <p className="text-sm text-slate-600" aria-live="polite">
          {signature ? 'Signed.' : 'Draw your signature inside the box.'}
        </p>
        {problems.signature && (
          <p role="alert" className="field-error">
            {problems.signature}
          </p>
        )}
      </div>

      {problems.form && (
        <p ref={formProblemRef} tabIndex={-1} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 outline-none">
          {problems.form}
        </p>
      )}
      <button type="button" className="btn-primary min-h-12 w-full" onClick={submit} disabled={busy}>
        {busy && <Loader2 aria-hidden="true" size={18} className="animate-spin" />}
        {busy ? 'Signing…' : 'Sign the agreement'}
      </button>
      {state.agreement.codeSentAt && <p className="text-xs text-slate-500">Last code sent {formatInstantWithTime(state.agreement.codeSentAt)}.</p>}
    </div>
  );
}
