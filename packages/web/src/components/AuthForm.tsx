import { MIN_PASSWORD_LENGTH } from '@rental/contract/constants';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { callApi, errorMessage } from '../api/client';
import { useSession } from '../session/useSession';

export type AuthMode = 'login' | 'register' | 'forgot';

type Props = {
  /** Called after the token is stored. */
  onSuccess: () => void;
  headingId?: string;
};

/** The login / sign-up form shared by the modal and the /login page. */
export function AuthForm({ onSuccess, headingId }: Props) {
  const { login } = useSession();
  const [mode, setMode] = useState<AuthMode>('login');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [phone, setPhone] = useState('');
  const [submitting, setSubmitting] = useState(false);
  /** After "Forgot password?": the server's answer (the same whether or not the address has an account). */
  const [linkSent, setLinkSent] = useState('');
  const ids = useId();

  const registering = mode === 'register';
  const forgetting = mode === 'forgot';

  async function askForLink(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    try {
      const answer = await callApi('forgotPassword', { body: { email } });
      setLinkSent(answer.message);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  if (forgetting) {
    return (
      <form onSubmit={askForLink} className="flex flex-col gap-4">
        <h2 id={headingId} className="text-center text-2xl font-semibold text-slate-900">
          Forgot your <span className="text-primary">password?</span>
        </h2>
        {linkSent ? (
          <p role="status" className="rounded-lg bg-primary-light px-3 py-2 text-sm text-slate-800">
            {linkSent}
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-600">Enter the e-mail address of your account. We will send it a link to choose a new password.</p>
            <div>
              <label htmlFor={`${ids}-forgot-email`} className="field-label">
                Email
              </label>
              <input
                id={`${ids}-forgot-email`}
                className="field-input"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                placeholder="you@example.com"
              />
            </div>
            <button type="submit" className="btn-primary w-full" disabled={submitting}>
              {submitting ? 'Please wait…' : 'Send me a link'}
            </button>
          </>
        )}
        <p className="text-sm text-slate-600">
          <button
            type="button"
            className="font-medium text-primary underline-offset-2 hover:underline"
            onClick={() => {
              setLinkSent('');
              setMode('login');
            }}
          >
            Back to login
          </button>
        </p>
      </form>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    try {
      const answer = registering
        ? await callApi('register', { body: { name, email, password, ...(phone.trim() ? { phone: phone.trim() } : {}) } })
        : await callApi('login', { body: { email, password } });
      login(answer.token);
      toast.success(answer.message);
      onSuccess();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-center text-2xl font-semibold text-slate-900">
        <span className="text-primary">User</span> {registering ? 'Sign Up' : 'Login'}
      </h2>

      {registering && (
        <div>
          <label htmlFor={`${ids}-name`} className="field-label">
            Name
          </label>
          <input
            id={`${ids}-name`}
            className="field-input"
            type="text"
            autoComplete="name"
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Your full name"
          />
        </div>
      )}
      <div>
        <label htmlFor={`${ids}-email`} className="field-label">
          Email
        </label>
        <input
          id={`${ids}-email`}
          className="field-input"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@example.com"
        />
      </div>
      {registering && (
        <div>
          <label htmlFor={`${ids}-phone`} className="field-label">
            Phone number <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input
            id={`${ids}-phone`}
            className="field-input"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            maxLength={40}
            aria-describedby={`${ids}-phone-hint`}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            placeholder="876 555 0123"
          />
          <p id={`${ids}-phone-hint`} className="mt-1 text-xs text-slate-500">
            So we can call you about your bookings.
          </p>
        </div>
      )}
      <div>
        <label htmlFor={`${ids}-password`} className="field-label">
          Password
        </label>
        <input
          id={`${ids}-password`}
          className="field-input"
          type="password"
          autoComplete={registering ? 'new-password' : 'current-password'}
          required
          minLength={registering ? MIN_PASSWORD_LENGTH : undefined}
          aria-describedby={registering ? `${ids}-password-hint` : undefined}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          placeholder="Your password"
        />
        {registering && (
          <p id={`${ids}-password-hint`} className="mt-1 text-xs text-slate-500">
            At least {MIN_PASSWORD_LENGTH} characters.
          </p>
        )}
        {!registering && (
          <button type="button" className="mt-1 text-sm font-medium text-primary underline-offset-2 hover:underline" onClick={() => setMode('forgot')}>
            Forgot password?
          </button>
        )}
      </div>

      <p className="text-sm text-slate-600">
        {registering ? 'Already have an account? ' : 'Create an account? '}
        <button
          type="button"
          className="font-medium text-primary underline-offset-2 hover:underline"
          onClick={() => setMode(registering ? 'login' : 'register')}
        >
          {registering ? 'Login here' : 'Sign up here'}
        </button>
      </p>

      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        {submitting ? 'Please wait…' : registering ? 'Create Account' : 'Login'}
      </button>
    </form>
  );
}
