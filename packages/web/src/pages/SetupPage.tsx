import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { callApi, errorMessage } from '../api/client';
import { usePageMeta } from '../lib/usePageMeta';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { useSession } from '../session/useSession';

/**
 * /setup?token=...: the first owner account, from the one-time address the server prints on its
 * console when it has no owner. Whoever runs the site chooses the owner's name, e-mail and password.
 */
export default function SetupPage() {
  usePageMeta('Set up the owner account', "Create the company's first staff account.");
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { login } = useSession();
  const navigate = useNavigate();
  const ids = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [problem, setProblem] = useState('');
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (password !== repeated) {
      setProblem('The two passwords are not the same. Please type the password again.');
      return;
    }
    setProblem('');
    setSubmitting(true);
    try {
      const answer = await callApi('setupOwner', { body: { token, name, email, password } });
      login(answer.token);
      toast.success(answer.message);
      navigate('/owner', { replace: true });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="container-page flex justify-center py-12 sm:py-16">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold text-slate-900">Set up the owner account</h1>
        {token ? (
          <>
            <p className="mt-2 text-sm text-slate-600">
              This account runs the site: the cars, every booking and the bank details customers pay into. Choose the e-mail and
              password you will log in with. This page works once; afterwards, log in as usual.
            </p>
            <form onSubmit={submit} className="mt-6 flex flex-col gap-4">
              <div>
                <label htmlFor={`${ids}-name`} className="field-label">
                  Your name
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
                />
              </div>
              <div>
                <label htmlFor={`${ids}-email`} className="field-label">
                  E-mail
                </label>
                <input
                  id={`${ids}-email`}
                  className="field-input"
                  type="email"
                  autoComplete="email"
                  required
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </div>
              <NewPasswordFields idBase={ids} label="Password" password={password} repeated={repeated} onPassword={setPassword} onRepeated={setRepeated} />
              {problem && (
                <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                  {problem}
                </p>
              )}
              <button type="submit" className="btn-primary w-full" disabled={submitting}>
                {submitting ? 'Please wait…' : 'Create the owner account'}
              </button>
            </form>
          </>
        ) : (
          <p role="alert" className="mt-2 text-slate-600">
            This page needs the setup address the server printed when it started (it ends with ?token=…). Copy the whole address
            from the server's console into the browser.
          </p>
        )}
      </div>
    </div>
  );
}
