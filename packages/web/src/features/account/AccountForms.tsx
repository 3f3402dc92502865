/** /account: a customer changes their name and phone number, how we reach them (WhatsApp, SMS), and their password. */
import type { User } from '@rental/contract/schemas';
import { type FormEvent, Suspense, lazy, useId, useState } from 'react';
import { callApi } from '../../api/client';
import { CurrentPasswordField } from '../../components/CurrentPasswordField';
import { FormField, FormProblem, controlProps } from '../../components/FormField';
import { LoginPrompt } from '../../components/LoginPrompt';
import { NameField } from '../../components/NameField';
import { NewPasswordFields, newPasswordIds } from '../../components/NewPasswordFields';
import { SkeletonBlock } from '../../components/Skeleton';
import { focusFirstProblem } from '../../lib/formProblems';
import { useSubmit } from '../../lib/useSubmit';
import { useSession } from '../../session/useSession';
import { VettingState } from '../drivers/VettingState';
import { DeleteAccount } from './DeleteAccount';
import { DocumentsSection } from './DocumentsSection';
import {
  PASSWORD_CHANGE_FIELDS,
  PROFILE_FIELDS,
  type PasswordChangeField,
  type ProfileField,
  type ProfileValues,
  passwordChangeProblems,
  profileProblems,
} from './accountForm';
import { MessageChoices, phoneReadingHint } from './MessageChoices';

/** Fetched as the page shows, as on the payment step: the account page opened first stays within its JavaScript budget. */
const DriverForm = lazy(() => import('../drivers/DriverForm').then((m) => ({ default: m.DriverForm })));

const CARD = 'space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

function ProfileForm({ user }: { user: User }) {
  const { refreshUser } = useSession();
  const ids = useId();
  const idOf = (field: ProfileField) => `${ids}-${field}`;
  const [values, setValues] = useState<ProfileValues>({
    name: user.name,
    phone: user.phone,
    whatsapp: user.messages?.whatsapp.on ?? false,
    sms: user.messages?.sms.on ?? false,
  });
  const [checked, setChecked] = useState(false);
  const problems = checked ? profileProblems(values) : {};
  // A channel is sent only when changed here: a STOP that arrived after the page opened is not undone by saving the name.
  const save = useSubmit(
    () =>
      callApi('updateProfile', {
        body: {
          name: values.name,
          phone: values.phone,
          ...(values.whatsapp !== (user.messages?.whatsapp.on ?? false) && { whatsapp: values.whatsapp }),
          ...(values.sms !== (user.messages?.sms.on ?? false) && { sms: values.sms }),
        },
      }),
    { onDone: () => refreshUser() },
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (focusFirstProblem(PROFILE_FIELDS, profileProblems(values), idOf)) return;
    void save.send();
  }

  const phoneHint = phoneReadingHint(values.phone);
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${ids}-heading`} className={CARD}>
      <h2 id={`${ids}-heading`} className="text-xl font-semibold text-slate-900">
        Your details
      </h2>
      <NameField id={idOf('name')} label="Name" value={values.name} onChange={(name) => setValues({ ...values, name })} error={problems.name} />
      <FormField id={idOf('phone')} label="Phone number" error={problems.phone} hint={phoneHint}>
        <input
          {...controlProps(idOf('phone'), problems.phone, { hint: phoneHint })}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={40}
          value={values.phone}
          onChange={(e) => setValues({ ...values, phone: e.target.value })}
          placeholder="876 555 0123"
        />
      </FormField>
      <div>
        <p className="field-label">E-mail</p>
        {/* A long address wraps rather than widen the page on a phone. */}
        <p className="text-slate-900 [overflow-wrap:anywhere]">{user.email}</p>
        <p className="mt-1 text-sm text-slate-600">You log in with it. To change it, please write to us.</p>
      </div>
      <MessageChoices
        idBase={ids}
        email={user.email}
        phone={values.phone}
        values={{ whatsapp: values.whatsapp, sms: values.sms }}
        saved={user.messages}
        error={problems.channels}
        onChange={(channels) => setValues({ ...values, ...channels })}
      />
      <FormProblem problem={save.problem} />
      <button type="submit" className="btn-primary" disabled={save.busy}>
        {save.busy ? 'Saving…' : 'Save details'}
      </button>
    </form>
  );
}

const NO_PASSWORDS: Record<PasswordChangeField, string> = { current: '', password: '', repeated: '' };

function PasswordForm() {
  const { login } = useSession();
  const ids = useId();
  const idOf = (field: PasswordChangeField) => (field === 'current' ? `${ids}-current` : newPasswordIds(ids)[field]);
  const [values, setValues] = useState(NO_PASSWORDS);
  const [checked, setChecked] = useState(false);
  const problems = checked ? passwordChangeProblems(values) : {};
  const change = useSubmit(() => callApi('changePassword', { body: { currentPassword: values.current, newPassword: values.password } }), {
    onDone: (answer) => {
      // The old session has ended on the server: this tab carries on with the fresh one.
      login(answer.token);
      setValues(NO_PASSWORDS);
      setChecked(false);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (focusFirstProblem(PASSWORD_CHANGE_FIELDS, passwordChangeProblems(values), idOf)) return;
    void change.send();
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${ids}-heading`} className={CARD}>
      <h2 id={`${ids}-heading`} className="text-xl font-semibold text-slate-900">
        Change password
      </h2>
      <CurrentPasswordField
        id={idOf('current')}
        label="Current password"
        value={values.current}
        onChange={(current) => setValues({ ...values, current })}
        error={problems.current}
      />
      <NewPasswordFields
        idBase={ids}
        label="New password"
        password={values.password}
        repeated={values.repeated}
        onPassword={(password) => setValues({ ...values, password })}
        onRepeated={(repeated) => setValues({ ...values, repeated })}
        problems={problems}
        hint="Other devices where you are logged in will ask you to log in again."
      />
      <FormProblem problem={change.problem} />
      <button type="submit" className="btn-primary" disabled={change.busy}>
        {change.busy ? 'Changing…' : 'Change password'}
      </button>
    </form>
  );
}

/** The customer's driving licence and date of birth, with the company's check of them above. */
function DriverCard() {
  const { driver, vetting } = useSession();
  return (
    <div className={CARD}>
      {vetting && <VettingState vetting={vetting} />}
      <Suspense fallback={<SkeletonBlock className="h-64 w-full" />}>
        <DriverForm
          key={driver?.updatedAt ?? 'none'}
          driver={driver}
          intro="As on your driving licence. We check them before your pickup: the company's rules ask a minimum age and years of driving."
        />
      </Suspense>
    </div>
  );
}

export function AccountForms() {
  const { token, user } = useSession();
  let body;
  if (!token) {
    body = <LoginPrompt title="Please log in to see your account." text="Your name, phone number and password can be changed here once you are logged in." />;
  } else if (!user) {
    body = (
      <div role="status" className="grid gap-6 lg:grid-cols-2">
        <span className="sr-only">Loading your account</span>
        <SkeletonBlock className="h-80 w-full" />
        <SkeletonBlock className="h-80 w-full" />
      </div>
    );
  } else {
    body = (
      <div className="space-y-6">
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <ProfileForm key={user._id} user={user} />
          <PasswordForm />
        </div>
        {/* Staff are not vetted, and their accounts are not erased here. */}
        {user.role === 'user' && (
          <>
            <DriverCard />
            <DocumentsSection className={CARD} />
            <DeleteAccount className={CARD} />
          </>
        )}
      </div>
    );
  }
  return (
    <div className="container-page max-w-5xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-slate-900">My Account</h1>
      <p className="mt-2 mb-8 text-slate-600">Your details, your password, your driving licence and documents.</p>
      {body}
    </div>
  );
}
