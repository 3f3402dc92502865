import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { apiClient, callApi } from '../api/client';
import { queryKeys } from '../lib/queryKeys';
import { focusFirstProblem, type Problems } from '../lib/formProblems';
import { useSubmit } from '../lib/useSubmit';
import { homeAfterLogin } from '../session/staffHome';
import { useSession } from '../session/useSession';
import { AUTH_FIELDS, type AuthField, type AuthMode, type AuthValues, authProblems } from './authFields';
import { CurrentPasswordField } from './CurrentPasswordField';
import { FormField, FormProblem, controlProps } from './FormField';
import { NewPasswordFields, newPasswordIds } from './NewPasswordFields';

export type { AuthMode } from './authFields';

const HEADINGS: Record<AuthMode, string> = { login: 'Log in', register: 'Create an account', forgot: 'Forgot your password?' };
const EMPTY: AuthValues = { name: '', email: '', phone: '', password: '', repeated: '' };

type Props = {
  /** Called after the token is stored, with where this person lands unless a page asked for the login (staff: their area). */
  onSuccess: (home: string) => void;
  headingId?: string;
  /** The /login page's heading is the page's own (h1); the dialog's is an h2. */
  headingLevel?: 1 | 2;
};

/** The login / sign-up form shared by the modal and the /login page. */
export function AuthForm({ onSuccess, headingId, headingLevel = 2 }: Props) {
  const { login, setShowLogin } = useSession();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<AuthMode>('login');
  const [values, setValues] = useState<AuthValues>(EMPTY);
  // From the first try to send on, the fields are checked as they change, so a mended one clears.
  const [checked, setChecked] = useState(false);
  const problems: Problems<AuthField> = checked ? authProblems(mode, values) : {};
  /** After "Forgot password?": the server's answer (the same whether or not the address has an account). */
  const [linkSent, setLinkSent] = useState('');
  const ids = useId();
  const idOf = (field: AuthField) => (field === 'password' || field === 'repeated' ? newPasswordIds(ids)[field] : `${ids}-${field}`);

  const registering = mode === 'register';
  const forgetting = mode === 'forgot';

  const account = useSubmit(
    () =>
      registering
        ? callApi('register', {
            body: { name: values.name, email: values.email, password: values.password, ...(values.phone.trim() ? { phone: values.phone.trim() } : {}) },
          })
        : callApi('login', { body: { email: values.email, password: values.password } }),
    {
      onDone: async (answer) => {
        // Who this is decides where they land; read into the session's own cache entry before the
        // token is stored, so the session knows the role the moment it has the token (no detour via /).
        const data = await queryClient
          .fetchQuery({ queryKey: queryKeys.user(answer.token), queryFn: () => apiClient.withToken(answer.token).call('userData') })
          .catch(() => null);
        login(answer.token);
        onSuccess(homeAfterLogin(data?.user));
      },
    },
  );
  const link = useSubmit(() => callApi('forgotPassword', { body: { email: values.email } }), {
    onDone: (answer) => setLinkSent(answer.message),
  });
  const submit = forgetting ? link : account;

  const change = (field: AuthField, value: string) => setValues({ ...values, [field]: value });

  const switchTo = (next: AuthMode) => {
    setMode(next);
    setChecked(false);
    setLinkSent('');
    account.clearProblem();
    link.clearProblem();
  };

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (focusFirstProblem(AUTH_FIELDS[mode], authProblems(mode, values), idOf)) {
      submit.clearProblem();
      return;
    }
    void submit.send();
  }

  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const textField = (field: 'name' | 'email' | 'phone', label: ReactNode, input: InputHTMLAttributes<HTMLInputElement>, hint?: string) => (
    <FormField id={idOf(field)} label={label} error={problems[field]} hint={hint}>
      <input {...controlProps(idOf(field), problems[field], { hint })} {...input} value={values[field]} onChange={(e) => change(field, e.target.value)} />
    </FormField>
  );
  const emailField = textField('email', 'Email', { type: 'email', autoComplete: 'email', required: true, placeholder: 'you@example.com' });

  return (
    <form onSubmit={send} noValidate className="flex flex-col gap-4">
      <Heading id={headingId} className="text-center text-2xl font-semibold text-slate-900">
        {HEADINGS[mode]}
      </Heading>

      {forgetting ? (
        linkSent ? (
          <p role="status" className="rounded-lg bg-primary-light px-3 py-2 text-sm text-slate-800">
            {linkSent}
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-600">Enter the e-mail address of your account. We will send it a link to choose a new password.</p>
            {emailField}
            <FormProblem problem={link.problem} />
            <button type="submit" className="btn-primary w-full" disabled={link.busy}>
              {link.busy ? 'Please wait…' : 'Send me a link'}
            </button>
          </>
        )
      ) : (
        <>
          {registering && textField('name', 'Name', { type: 'text', autoComplete: 'name', required: true, maxLength: 100, placeholder: 'Your full name' })}
          {emailField}
          {registering &&
            textField(
              'phone',
              <>
                Phone number <span className="font-normal text-slate-500">(optional)</span>
              </>,
              { type: 'tel', autoComplete: 'tel', inputMode: 'tel', maxLength: 40, placeholder: '876 555 0123' },
              'So we can call you about your bookings.',
            )}
          {registering ? (
            <NewPasswordFields
              idBase={ids}
              label="Password"
              password={values.password}
              repeated={values.repeated}
              onPassword={(value) => change('password', value)}
              onRepeated={(value) => change('repeated', value)}
              problems={problems}
            />
          ) : (
            <div>
              <CurrentPasswordField
                id={idOf('password')}
                label="Password"
                value={values.password}
                onChange={(value) => change('password', value)}
                error={problems.password}
                placeholder="Your password"
              />
              <div className="mt-1 flex flex-wrap justify-between gap-x-4 gap-y-1">
                <button type="button" className="text-sm font-medium text-primary underline-offset-2 hover:underline" onClick={() => switchTo('forgot')}>
                  Forgot password?
                </button>
                {/* Walk-ins staff booked for have no password: their booking opens with its reference. */}
                <Link to="/booking" className="text-sm font-medium text-primary underline-offset-2 hover:underline" onClick={() => setShowLogin(false)}>
                  Find your booking
                </Link>
              </div>
            </div>
          )}

          <p className="text-sm text-slate-600">
            {registering ? 'Already have an account? ' : 'New here? '}
            <button
              type="button"
              className="font-medium text-primary underline-offset-2 hover:underline"
              onClick={() => switchTo(registering ? 'login' : 'register')}
            >
              {registering ? 'Login here' : 'Sign up here'}
            </button>
          </p>

          <FormProblem problem={account.problem} />
          <button type="submit" className="btn-primary w-full" disabled={account.busy}>
            {account.busy ? 'Please wait…' : registering ? 'Create Account' : 'Login'}
          </button>
        </>
      )}

      {forgetting && (
        <p className="text-sm text-slate-600">
          <button type="button" className="font-medium text-primary underline-offset-2 hover:underline" onClick={() => switchTo('login')}>
            Back to login
          </button>
        </p>
      )}
    </form>
  );
}
