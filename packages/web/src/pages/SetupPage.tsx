import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { callApi } from '../api/client';
import { FormField, FormProblem, controlProps } from '../components/FormField';
import { NameField } from '../components/NameField';
import { NewPasswordFields, newPasswordIds } from '../components/NewPasswordFields';
import { OWNER_SETUP_FIELDS, type OwnerSetupField, ownerSetupProblems } from '../components/authFields';
import { focusFirstProblem } from '../lib/formProblems';
import { usePageMeta } from '../lib/usePageMeta';
import { useSubmit } from '../lib/useSubmit';
import { useEnterStaffArea } from '../session/useEnterStaffArea';

/**
 * /setup?token=...: the first owner account, from the one-time address the server prints on its
 * console when it has no owner. Whoever runs the site chooses the owner's name, e-mail and password.
 */
export default function SetupPage() {
  usePageMeta('Set up the owner account', "Create the company's first staff account.");
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const enterStaffArea = useEnterStaffArea();
  const ids = useId();
  const idOf = (field: OwnerSetupField) => (field === 'password' || field === 'repeated' ? newPasswordIds(ids)[field] : `${ids}-${field}`);
  const [values, setValues] = useState<Record<OwnerSetupField, string>>({ name: '', email: '', password: '', repeated: '' });
  const [checked, setChecked] = useState(false);
  const problems = checked ? ownerSetupProblems(values) : {};
  const change = (field: OwnerSetupField) => (value: string) => setValues({ ...values, [field]: value });
  const setup = useSubmit(() => callApi('setupOwner', { body: { token, name: values.name, email: values.email, password: values.password } }), {
    onDone: enterStaffArea,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (focusFirstProblem(OWNER_SETUP_FIELDS, ownerSetupProblems(values), idOf)) return;
    void setup.send();
  }

  return (
    <div className="container-page flex justify-center py-12 sm:py-16">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold text-slate-900">Set up the owner account</h1>
        {token ? (
          <>
            <p className="mt-2 text-sm text-slate-600">
              This account runs the site: the cars, every booking and the bank details customers pay into. Choose the e-mail and password you will log in with.
              This page works once; afterwards, log in as usual.
            </p>
            <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-4">
              <NameField id={idOf('name')} label="Your name" value={values.name} onChange={change('name')} error={problems.name} />
              <FormField id={idOf('email')} label="E-mail" error={problems.email}>
                <input
                  {...controlProps(idOf('email'), problems.email)}
                  type="email"
                  autoComplete="email"
                  required
                  value={values.email}
                  onChange={(e) => change('email')(e.target.value)}
                />
              </FormField>
              <NewPasswordFields
                idBase={ids}
                label="Password"
                password={values.password}
                repeated={values.repeated}
                onPassword={change('password')}
                onRepeated={change('repeated')}
                problems={problems}
              />
              <FormProblem problem={setup.problem} />
              <button type="submit" className="btn-primary w-full" disabled={setup.busy}>
                {setup.busy ? 'Please wait…' : 'Create the owner account'}
              </button>
            </form>
          </>
        ) : (
          <p role="alert" className="mt-2 text-slate-600">
            This page needs the setup address the server printed when it started (it ends with ?token=…). Copy the whole address from the server's console into
            the browser.
          </p>
        )}
      </div>
    </div>
  );
}
