import { passwordPairProblems } from '@rental/contract/accountFields';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { callApi } from '../api/client';
import { BackHomeLink } from '../components/BackHomeLink';
import { FormProblem } from '../components/FormField';
import { NewPasswordFields, newPasswordIds } from '../components/NewPasswordFields';
import { focusFirstProblem } from '../lib/formProblems';
import { usePageMeta } from '../lib/usePageMeta';
import { useSubmit } from '../lib/useSubmit';
import { useSession } from '../session/useSession';

const PAIR = ['password', 'repeated'] as const;

/**
 * /reset-password?token=...: the link of the "Forgot password?" e-mail. The new password follows
 * the rules of registration; every device that was logged in must log in again.
 */
export default function ResetPasswordPage() {
  usePageMeta('Choose a new password', 'Choose a new password for your account with the link we e-mailed you.');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { token: session, logout, setShowLogin } = useSession();
  const ids = useId();
  const [pair, setPair] = useState({ password: '', repeated: '' });
  const [checked, setChecked] = useState(false);
  const [done, setDone] = useState('');
  const problems = checked ? passwordPairProblems(pair, 'New password') : {};
  const reset = useSubmit(() => callApi('resetPassword', { body: { token, password: pair.password } }), {
    onDone: (answer) => {
      // Every earlier session has ended, this browser's too.
      if (session) logout();
      setDone(answer.message);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (focusFirstProblem(PAIR, passwordPairProblems(pair, 'New password'), (field) => newPasswordIds(ids)[field])) return;
    void reset.send();
  }

  return (
    <div className="container-page flex justify-center py-12 sm:py-16">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold text-slate-900">Choose a new password</h1>
        {done ? (
          <>
            <p role="status" className="mt-4 rounded-lg bg-primary-light px-3 py-2 text-sm text-slate-800">
              {done}
            </p>
            <button type="button" className="btn-primary mt-6 w-full" onClick={() => setShowLogin(true)}>
              Log in
            </button>
          </>
        ) : token ? (
          <>
            <p className="mt-2 text-sm text-slate-600">
              Choose the password you will log in with from now on. Every device that was logged in to your account will have to log in again.
            </p>
            <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-4">
              <NewPasswordFields
                idBase={ids}
                label="New password"
                password={pair.password}
                repeated={pair.repeated}
                onPassword={(password) => setPair({ ...pair, password })}
                onRepeated={(repeated) => setPair({ ...pair, repeated })}
                problems={problems}
              />
              <FormProblem problem={reset.problem} />
              <button type="submit" className="btn-primary w-full" disabled={reset.busy}>
                {reset.busy ? 'Please wait…' : 'Save the new password'}
              </button>
            </form>
          </>
        ) : (
          <>
            <p className="mt-4 text-sm text-slate-600">
              This page opens from the link in the e-mail we send when you ask for a new password. To get one, open the login form and choose “Forgot
              password?”.
            </p>
            <button type="button" className="btn-primary mt-6 w-full" onClick={() => setShowLogin(true)}>
              Log in or ask for a link
            </button>
            <BackHomeLink />
          </>
        )}
      </div>
    </div>
  );
}
