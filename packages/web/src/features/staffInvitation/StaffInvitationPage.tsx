import { STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_WORDS } from '@rental/contract/staffRoles';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useParams } from 'react-router';
import { callApi, errorMessage } from '../../api/client';
import { BackHomeLink } from '../../components/BackHomeLink';
import { CurrentPasswordField } from '../../components/CurrentPasswordField';
import { FormProblem } from '../../components/FormField';
import { NameField } from '../../components/NameField';
import { NewPasswordFields, newPasswordIds } from '../../components/NewPasswordFields';
import { focusFirstProblem } from '../../lib/formProblems';
import { usePageMeta } from '../../lib/usePageMeta';
import { useSubmit } from '../../lib/useSubmit';
import { useEnterStaffArea } from '../../session/useEnterStaffArea';
import { acceptBody, EMPTY_INVITATION_FORM, type InvitationField, type InvitationValues, invitationFields, invitationProblems } from './invitationForm';

/**
 * /staff-invitation/<token>: the link of a staff invitation e-mail. A new person chooses a name and
 * a password; a person whose e-mail has an account gives its password and keeps it, bookings and
 * all. Either way they are logged in and land in the staff area.
 */
export default function StaffInvitationPage() {
  usePageMeta('Join the staff', 'Accept an invitation to join the company’s staff.');
  const { token = '' } = useParams();
  const invitation = useQuery({
    queryKey: ['staffInvitation', token],
    queryFn: () => callApi('staffInvitation', { params: { token } }),
    retry: false,
  });

  return (
    <div className="container-page flex justify-center py-12 sm:py-16">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold text-slate-900">Join the staff</h1>
        {invitation.isPending ? (
          <p role="status" className="mt-4 text-sm text-slate-600">
            Opening the invitation…
          </p>
        ) : invitation.isError ? (
          <>
            <p role="alert" className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {errorMessage(invitation.error)}
            </p>
            <BackHomeLink />
          </>
        ) : (
          <AcceptForm token={token} {...invitation.data} />
        )}
      </div>
    </div>
  );
}

function AcceptForm({
  token,
  email,
  staffRole,
  companyName,
  accountExists,
}: {
  token: string;
  email: string;
  staffRole: keyof typeof STAFF_ROLE_WORDS;
  companyName: string;
  accountExists: boolean;
}) {
  const enterStaffArea = useEnterStaffArea();
  const ids = useId();
  const idOf = (field: InvitationField) => (field === 'password' || field === 'repeated' ? newPasswordIds(ids)[field] : `${ids}-${field}`);
  const [values, setValues] = useState<InvitationValues>(EMPTY_INVITATION_FORM);
  const [checked, setChecked] = useState(false);
  const problems = checked ? invitationProblems(values, accountExists) : {};
  const change = (field: InvitationField) => (value: string) => setValues({ ...values, [field]: value });
  const accept = useSubmit(() => callApi('acceptStaffInvitation', { body: acceptBody(token, values, accountExists) }), {
    onDone: enterStaffArea,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (focusFirstProblem(invitationFields(accountExists), invitationProblems(values, accountExists), idOf)) return;
    void accept.send();
  }

  const role = STAFF_ROLE_WORDS[staffRole].toLowerCase();
  return (
    <>
      <p className="mt-2 text-sm text-slate-700">
        You are invited to join {companyName} as <strong>{role}</strong>: {STAFF_ROLE_DESCRIPTIONS[staffRole]}
      </p>
      <p className="mt-2 text-sm text-slate-600">
        {accountExists
          ? `You already have an account with ${email}. Type its password: it becomes a staff account and keeps your bookings.`
          : `Choose your name and the password you will log in with, with the e-mail ${email}.`}
      </p>
      <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-4">
        {accountExists ? (
          <CurrentPasswordField
            id={idOf('currentPassword')}
            label="Your current password"
            value={values.currentPassword}
            onChange={change('currentPassword')}
            error={problems.currentPassword}
          />
        ) : (
          <>
            <NameField id={idOf('name')} label="Your name" value={values.name} onChange={change('name')} error={problems.name} />
            <NewPasswordFields
              idBase={ids}
              label="Password"
              password={values.password}
              repeated={values.repeated}
              onPassword={change('password')}
              onRepeated={change('repeated')}
              problems={problems}
            />
          </>
        )}
        <FormProblem problem={accept.problem} />
        <button type="submit" className="btn-primary w-full" disabled={accept.busy}>
          {accept.busy ? 'Please wait…' : 'Join the staff'}
        </button>
      </form>
    </>
  );
}
