/**
 * /owner/staff, owners only: the team (role, since when), the invitations waiting, and the invite
 * form. The rules of what each row offers are staffRules.ts's; the server holds them under lock.
 */
import { STAFF_INVITATION_DAYS } from '@rental/contract/staffAccounts';
import { STAFF_ROLES, STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_WORDS } from '@rental/contract/staffRoles';
import { isOneOf } from '@rental/contract/oneOf';
import type { StaffInvitation } from '@rental/contract/schemas';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { SkeletonBlock } from '../../../components/Skeleton';
import { focusFirstProblem } from '../../../lib/formProblems';
import { usePageMeta } from '../../../lib/usePageMeta';
import { useSession } from '../../../session/useSession';
import { ConfirmDialog } from '../ConfirmDialog';
import { FormField, controlProps } from '../FormField';
import { StaffPageHeader } from '../StaffPageHeader';
import { alreadyOnTeam, EMPTY_INVITE, INVITE_FIELDS, type InviteField, inviteProblems, type InviteValues } from './inviteForm';
import { useCancelInvitation, useChangeStaffRole, useInviteStaff, useRemoveStaff, useStaff } from './staffQueries';
import { type Member, removeProblem, removeQuestion, roleChoices, staffDay } from './staffRules';

export function StaffPage() {
  usePageMeta('Staff', 'The company’s staff accounts and invitations.');
  const staff = useStaff();
  return (
    <>
      <StaffPageHeader title="Staff" description="Who works with you, what each may do, and who is invited. Only owners see this page." />
      {staff.isPending ? (
        <div role="status" className="space-y-3">
          <span className="sr-only">Loading the staff…</span>
          <SkeletonBlock className="h-24" />
          <SkeletonBlock className="h-24" />
        </div>
      ) : staff.isError ? (
        <p role="alert" className="text-slate-700">
          The staff could not be loaded. Please reload the page.
        </p>
      ) : (
        <div className="grid max-w-3xl gap-8">
          <TeamList members={staff.data.members} />
          <Invitations invitations={staff.data.invitations} />
          <InviteForm teamEmails={staff.data.members.map((m) => m.email)} />
        </div>
      )}
    </>
  );
}

function TeamList({ members }: { members: Member[] }) {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const myId = user?._id ?? '';
  const changeRole = useChangeStaffRole();
  const remove = useRemoveStaff((id) => {
    // Leaving oneself ends one's own session: off to the public site.
    if (id === myId) {
      logout();
      navigate('/', { replace: true });
    }
  });
  const [asking, setAsking] = useState<Member | null>(null);
  const question = asking ? removeQuestion(asking, myId) : null;

  return (
    <section aria-labelledby="team-heading">
      <h2 id="team-heading" className="text-lg font-semibold text-slate-900">
        The team ({members.length})
      </h2>
      <ul className="mt-3 grid gap-3">
        {members.map((member) => {
          const blocked = removeProblem(member, members, myId);
          const choices = roleChoices(member, members, myId);
          const selectId = `role-${member._id}`;
          return (
            <li key={member._id} className="rounded-xl border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <p className="font-medium text-slate-900">
                  {member.name}
                  {member._id === myId && <span className="ml-2 text-sm font-normal text-slate-500">(you)</span>}
                </p>
                <p className="text-sm text-slate-500">Staff since {staffDay(member.since)}</p>
              </div>
              <p className="break-all text-sm text-slate-600">{member.email}</p>
              <div className="mt-3 flex flex-wrap items-end gap-3">
                <label htmlFor={selectId} className="text-sm text-slate-700">
                  Role
                  <select
                    id={selectId}
                    className="mt-1 block rounded-lg border border-slate-300 px-3 py-2 text-sm"
                    value={member.staffRole}
                    disabled={changeRole.isPending || choices.length === 1}
                    onChange={(e) => isOneOf(STAFF_ROLES, e.target.value) && changeRole.mutate({ id: member._id, staffRole: e.target.value })}
                  >
                    {choices.map((role) => (
                      <option key={role} value={role}>
                        {STAFF_ROLE_WORDS[role]}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="button" className="btn-secondary text-sm" disabled={Boolean(blocked) || remove.isPending} onClick={() => setAsking(member)}>
                  {member._id === myId ? 'Leave the staff' : 'Remove from the staff'}
                </button>
              </div>
              {blocked && <p className="mt-2 text-sm text-amber-900">{blocked}</p>}
            </li>
          );
        })}
      </ul>
      {asking && question && (
        <ConfirmDialog
          title={question.title}
          text={question.text}
          yes={question.yes}
          no="Keep them"
          onYes={() => {
            remove.mutate(asking._id);
            setAsking(null);
          }}
          onNo={() => setAsking(null)}
        />
      )}
    </section>
  );
}

function Invitations({ invitations }: { invitations: StaffInvitation[] }) {
  const cancel = useCancelInvitation();
  return (
    <section aria-labelledby="invitations-heading">
      <h2 id="invitations-heading" className="text-lg font-semibold text-slate-900">
        Invitations waiting
      </h2>
      {invitations.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No invitation is waiting.</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {invitations.map((invitation) => (
            <li key={invitation._id} className="rounded-xl border border-slate-200 bg-white p-4">
              <p className="break-all font-medium text-slate-900">{invitation.email}</p>
              <p className="text-sm text-slate-600">
                {STAFF_ROLE_WORDS[invitation.staffRole]} · sent {staffDay(invitation.sentAt)}
                {invitation.invitedBy && ` by ${invitation.invitedBy}`} ·{' '}
                {invitation.expired ? (
                  <span className="text-amber-900">expired {staffDay(invitation.expiresAt)}: invite them again</span>
                ) : (
                  `works until ${staffDay(invitation.expiresAt)}`
                )}
              </p>
              <button type="button" className="btn-secondary mt-3 text-sm" disabled={cancel.isPending} onClick={() => cancel.mutate(invitation._id)}>
                Cancel invitation
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function InviteForm({ teamEmails }: { teamEmails: string[] }) {
  const invite = useInviteStaff();
  const [values, setValues] = useState<InviteValues>(EMPTY_INVITE);
  const [checked, setChecked] = useState(false);
  const problems = checked ? inviteProblems(values) : {};
  const onTeam = values.email.trim() !== '' && alreadyOnTeam(values.email, teamEmails);
  const idOf = (field: InviteField) => (field === 'email' ? 'invite-email' : `invite-role-${STAFF_ROLES[0]}`);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (focusFirstProblem(INVITE_FIELDS, inviteProblems(values), idOf) || onTeam || values.staffRole === '') return;
    invite.mutate(
      { email: values.email.trim(), staffRole: values.staffRole },
      {
        onSuccess: () => {
          setValues(EMPTY_INVITE);
          setChecked(false);
        },
      },
    );
  }

  return (
    <section aria-labelledby="invite-heading">
      <h2 id="invite-heading" className="text-lg font-semibold text-slate-900">
        Invite someone
      </h2>
      <form
        noValidate
        onSubmit={submit}
        aria-label="Invite someone to the staff"
        className="mt-3 space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      >
        <FormField id="invite-email" label="Their e-mail address" error={problems.email ?? (onTeam ? 'This person is already on the staff.' : undefined)}>
          <input
            {...controlProps('invite-email', problems.email)}
            type="email"
            autoComplete="off"
            value={values.email}
            onChange={(e) => setValues({ ...values, email: e.target.value })}
          />
        </FormField>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Their role</legend>
          <div className="mt-2 grid gap-2">
            {STAFF_ROLES.map((role) => (
              <div key={role} className="flex gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-primary">
                <input
                  id={`invite-role-${role}`}
                  type="radio"
                  name="invite-role"
                  value={role}
                  aria-describedby={`invite-role-${role}-what`}
                  checked={values.staffRole === role}
                  onChange={() => setValues({ ...values, staffRole: role })}
                />
                <div>
                  <label htmlFor={`invite-role-${role}`} className="block font-medium text-slate-900">
                    {STAFF_ROLE_WORDS[role]}
                  </label>
                  <p id={`invite-role-${role}-what`} className="text-sm text-slate-600">
                    {STAFF_ROLE_DESCRIPTIONS[role]}
                  </p>
                </div>
              </div>
            ))}
          </div>
          {problems.staffRole && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {problems.staffRole}
            </p>
          )}
        </fieldset>
        <p className="text-sm text-slate-600">
          They get an e-mail with a link that works once, for {STAFF_INVITATION_DAYS} days. If the address already has a customer account, they keep it and its
          bookings.
        </p>
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={invite.isPending}>
          {invite.isPending ? 'Sending…' : 'Send the invitation'}
        </button>
      </form>
    </section>
  );
}
