/**
 * The e-mail that carries a staff invitation's one-time link (features/staff/invitations.ts). Its
 * stored copy holds the link while the invitation waits (the owners read it in the outbox); the
 * staff feature blots the token out when the invitation ends.
 */
import { type CompanySettings, STAFF_INVITATION_DAYS, STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_WORDS, type StaffRole } from '@rental/contract';
import { compose, type Letter, type MailSettings } from './letters';

/** The public page that opens the invitation; its token is the last part of the path. */
export function invitationLink(siteUrl: string, token: string): string {
  return `${siteUrl}/staff-invitation/${encodeURIComponent(token)}`;
}

export function staffInvitationLetter(
  invitation: { email: string; staffRole: StaffRole; invitedBy: string },
  token: string,
  company: CompanySettings,
  mail: MailSettings,
): Letter {
  const role = STAFF_ROLE_WORDS[invitation.staffRole];
  return compose(
    'staff_invitation',
    invitation.email,
    `You are invited to join ${company.name} as ${role.toLowerCase()}`,
    'Hello,',
    [
      `${invitation.invitedBy} invites you to join the staff of ${company.name} as ${role.toLowerCase()}: ${STAFF_ROLE_DESCRIPTIONS[invitation.staffRole]}`,
      { link: invitationLink(mail.siteUrl, token), label: 'Accept the invitation' },
      `The link works once, within ${STAFF_INVITATION_DAYS} days. If you already have an account with this e-mail address, you keep it and its bookings: the page asks for its password.`,
      'If you did not expect this, ignore this e-mail: nothing changes.',
    ],
    company,
    mail,
  );
}
