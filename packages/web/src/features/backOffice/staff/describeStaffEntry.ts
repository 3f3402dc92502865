/**
 * A staff history entry in plain words (migrations/0020_staff_invitations.sql writes them): an
 * invitation sent, cancelled, replaced or accepted; a member who joined, changed role or left.
 * The entry's name is the member's name, or the address an invitation went to.
 */
import type { ActivityEntry } from '@rental/contract/schemas';
import { STAFF_ROLE_WORDS, type StaffRole } from '@rental/contract/staffRoles';

type Fields = Record<string, unknown>;

function roleWords(value: unknown): string {
  return typeof value === 'string' && value in STAFF_ROLE_WORDS ? STAFF_ROLE_WORDS[value as StaffRole].toLowerCase() : 'staff member';
}

export function describeStaffEntry(who: string, entry: ActivityEntry, before: Fields, after: Fields): { headline: string; changes: string[] } {
  const name = entry.subjectName || 'someone';
  if ('invitation' in after || 'invitation' in before) {
    switch (after.invitation) {
      case 'sent':
        return { headline: `${who} invited ${name} to join the staff as ${roleWords(after.staff_role)}`, changes: [] };
      case 'accepted':
        return { headline: `${who} accepted the invitation to join the staff`, changes: [] };
      case 'cancelled':
        return { headline: `${who} cancelled the invitation of ${name}`, changes: [] };
      case 'replaced':
        return { headline: `${who} sent ${name} a new invitation, which replaced the earlier one`, changes: [] };
    }
  }
  if (entry.action === 'added') return { headline: `${name} joined the staff as ${roleWords(after.staff_role)}`, changes: [] };
  if (entry.action === 'removed') return { headline: `${who} removed ${name} from the staff (${roleWords(before.staff_role)} before)`, changes: [] };
  return { headline: `${who} made ${name} ${roleWords(after.staff_role)}`, changes: [`Role ${roleWords(before.staff_role)} → ${roleWords(after.staff_role)}`] };
}
