import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { callApi, errorMessage } from '../api/client';
import { usePageMeta } from '../lib/usePageMeta';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { useSession } from '../session/useSession';

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
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (password !== repeated) {
      setProblem('The two passwords are not the same. Please type the new password again.');
      return;
    }
    setProblem('');
    setSubmitting(true);
    try {
      const answer = await callApi('resetPassword', { body: { token, password } });
      // Every earlier session has ended, this browser's too.
      if (session) logout();
      setDone(answer.message);
      toast.success(answer.message);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
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
            <form onSubmit={submit} className="mt-6 flex flex-col gap-4">
              <NewPasswordFields idBase={ids} label="New password" password={password} repeated={repeated} onPassword={setPassword} onRepeated={setRepeated} />
              {problem && (
                <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
                  {problem}
                </p>
              )}
              <button type="submit" className="btn-primary w-full" disabled={submitting}>
                {submitting ? 'Please wait…' : 'Save the new password'}
              </button>
            </form>
          </>
        ) : (
          <>
            <p className="mt-4 text-sm text-slate-600">
              This page opens from the link in the e-mail we send when you ask for a new password. To get one, open the login form and
              choose “Forgot password?”.
            </p>
            <button type="button" className="btn-primary mt-6 w-full" onClick={() => setShowLogin(true)}>
              Log in or ask for a link
            </button>
            <p className="mt-4 text-center text-sm">
              <Link to="/" className="text-primary underline-offset-2 hover:underline">
                Back to the home page
              </Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
