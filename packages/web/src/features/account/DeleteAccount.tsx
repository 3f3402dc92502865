/**
 * "Delete my account" at the bottom of /account (the right to erasure, Jamaica's Data Protection Act
 * 2020): what is erased and what the company keeps, the password, a question, then the erasure; the
 * session ends and the person lands on the home page with the server's message.
 */
import { loginPasswordProblem } from '@rental/contract/accountFields';
import { DELETED_CUSTOMER_NAME } from '@rental/contract/constants';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { callApi } from '../../api/client';
import { FormField, FormProblem, controlProps } from '../../components/FormField';
import { useSubmit } from '../../lib/useSubmit';
import { useSession } from '../../session/useSession';

export const DELETE_QUESTION = 'Erase your account now? This cannot be undone.';

export function DeleteAccount({ className = '' }: { className?: string }) {
  const { logoutWith } = useSession();
  const navigate = useNavigate();
  const ids = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [checked, setChecked] = useState(false);
  const [asking, setAsking] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  // The question takes the place of the button that asked it: the keyboard goes to its safe answer.
  // Refused, or kept: back to the password (enabled again only once the question has gone).
  const backToPassword = useRef(false);
  useEffect(() => {
    if (asking) keepRef.current?.focus();
    else if (backToPassword.current) {
      backToPassword.current = false;
      passwordRef.current?.focus();
    }
  }, [asking]);
  const problem = checked ? loginPasswordProblem(password) : undefined;
  // The answer's message is said once, as the session ends, and long enough to read it through.
  const erase = useSubmit(async () => ({ message: undefined, farewell: (await callApi('deleteAccount', { body: { password } })).message }), {
    onDone: ({ farewell }) => {
      logoutWith(farewell, 8000);
      navigate('/');
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    erase.clearProblem();
    if (loginPasswordProblem(password)) {
      passwordRef.current?.focus();
      return;
    }
    setAsking(true);
  }

  async function confirm() {
    await erase.send();
    // Still here: refused (a wrong password); back to the password, with the reason above it.
    backToPassword.current = true;
    setAsking(false);
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${ids}-heading`} className={className}>
      <h2 id={`${ids}-heading`} className="text-xl font-semibold text-slate-900">
        Delete my account
      </h2>
      <div className="mt-2 space-y-2 text-sm text-slate-700">
        <p>
          We erase your name, e-mail address, phone number, password, driver details and documents, the other drivers you named, your delivery addresses and
          your signature, and you are logged out everywhere.
        </p>
        <p>
          Your past bookings, rental agreements and receipts stay in the company's books, as the law asks a business to keep its records, under the name "
          {DELETED_CUSTOMER_NAME}". While a booking of yours is waiting or still to come, the account stays: cancel it first, or call us. More on our{' '}
          <Link to="/privacy" className="font-medium text-primary underline">
            privacy page
          </Link>
          .
        </p>
      </div>
      <FormField id={`${ids}-password`} label="Your password" error={problem} hint="To be sure it is you." className="mt-4 max-w-sm">
        <input
          ref={passwordRef}
          {...controlProps(`${ids}-password`, problem, { hint: 'To be sure it is you.' })}
          type="password"
          autoComplete="current-password"
          value={password}
          disabled={asking}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
      <div className="mt-4 space-y-3">
        <FormProblem problem={erase.problem} />
        {!asking ? (
          <button type="submit" className="btn-secondary border-red-300 text-red-800 hover:bg-red-50">
            Delete my account
          </button>
        ) : (
          <div role="alertdialog" aria-labelledby={`${ids}-question`} className="rounded-xl border border-red-300 bg-red-50 p-4">
            <p id={`${ids}-question`} className="font-medium text-red-900">
              {DELETE_QUESTION}
            </p>
            <div className="mt-3 flex flex-wrap gap-3">
              <button type="button" className="btn-primary bg-red-700 hover:bg-red-800" disabled={erase.busy} onClick={() => void confirm()}>
                {erase.busy ? 'Erasing…' : 'Yes, erase my account'}
              </button>
              <button
                ref={keepRef}
                type="button"
                className="btn-secondary"
                disabled={erase.busy}
                onClick={() => {
                  backToPassword.current = true;
                  setAsking(false);
                }}
              >
                Keep my account
              </button>
            </div>
          </div>
        )}
      </div>
    </form>
  );
}
