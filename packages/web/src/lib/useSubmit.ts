import { useRef, useState } from 'react';
import toast from './toast';
import { errorMessage } from '../api/client';

export interface Submit {
  /** From the moment the form is sent until the server has answered: the button says so and waits. */
  busy: boolean;
  /** The refusal of the last try (the server's sentence, or that it could not be reached); '' otherwise. */
  problem: string;
  /** Sends the form, unless it is being sent already: a double click sends it once. */
  send: () => Promise<void>;
  /** A form that finds a problem itself clears the server's answer to an earlier try. */
  clearProblem: () => void;
}

export interface SubmitOptions<T> {
  /** After the server said yes and its message was toasted: store the session, move on. */
  onDone?: (answer: T) => unknown;
  /** 'inline' (the default): the refusal is shown in the form, where the person looks; 'toast': in a toast. */
  problemIn?: 'inline' | 'toast';
}

/**
 * One way for a form to talk to the server: busy while it waits, the server's message toasted when
 * it says yes, its refusal shown in the form (or toasted) when it says no.
 */
export function useSubmit<T extends { message?: string }>(request: () => Promise<T>, options: SubmitOptions<T> = {}): Submit {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  // Set at once: a second click lands before React has re-rendered the disabled button.
  const sending = useRef(false);

  async function send() {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setProblem('');
    try {
      const answer = await request();
      if (answer.message) toast.success(answer.message);
      await options.onDone?.(answer);
    } catch (error) {
      const message = errorMessage(error);
      if (options.problemIn === 'toast') toast.error(message);
      else setProblem(message);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  return { busy, problem, send, clearProblem: () => setProblem('') };
}
