/**
 * The check-out's last step, the same for the whole form and the short one of a booking checked in
 * online: what is still missing before the keys go, the server's refusal in its words, and one
 * "Hand over the keys" that sends once.
 */
import { Loader2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { errorMessage } from '../../../../api/client';
import { FormProblem } from '../../../../components/FormField';
import { useCheckOut } from '../counterQueries';

export function useHandOver(bookingId: string, onHandedOver: (message: string) => void) {
  const [tried, setTried] = useState(false);
  const checkOut = useCheckOut(bookingId);
  // Two taps in the same instant send once: the mutation's own state arrives a render later.
  const sending = useRef(false);
  const missingRef = useRef<HTMLDivElement>(null);

  /** Sends the form once nothing is missing; else shows what is, focused. */
  const send = (missing: string[], formData: () => FormData) => (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    setTried(true);
    if (missing.length > 0) {
      missingRef.current?.focus();
      return;
    }
    sending.current = true;
    checkOut.reset();
    checkOut.mutate(formData(), {
      onSuccess: (answer) => onHandedOver(answer.message),
      onSettled: () => {
        sending.current = false;
      },
    });
  };
  return { send, tried, missingRef, checkOut };
}

export function HandOverButton({ handOver, missing }: { handOver: ReturnType<typeof useHandOver>; missing: string[] }) {
  const { tried, missingRef, checkOut } = handOver;
  return (
    <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      {tried && missing.length > 0 && (
        <div ref={missingRef} tabIndex={-1} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 outline-none">
          <p className="font-medium">Before the keys go:</p>
          <ul className="mt-1 list-disc pl-5">
            {missing.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {checkOut.isError && <FormProblem problem={errorMessage(checkOut.error)} />}
      <button type="submit" className="btn-primary min-h-14 w-full text-lg" disabled={checkOut.isPending}>
        {checkOut.isPending && <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" />}
        {checkOut.isPending ? 'Handing over…' : 'Hand over the keys'}
      </button>
    </div>
  );
}
