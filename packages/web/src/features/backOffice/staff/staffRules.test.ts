import { STAFF_MESSAGES } from '@rental/contract/staffAccounts';
import { describe, expect, it } from 'vitest';
import { alreadyOnTeam, EMPTY_INVITE, inviteProblems } from './inviteForm';
import { type Member, removeProblem, removeQuestion, roleChoices, staffDay } from './staffRules';

const member = (id: string, staffRole: Member['staffRole'], name = `Person ${id}`): Member => ({
  _id: id,
  name,
  email: `${id}@example.com`,
  staffRole,
  since: '2026-11-27T15:00:00Z',
});

describe('the staff page rules', () => {
  const olive = member('olive', 'owner', 'Olive');
  const mia = member('mia', 'manager', 'Mia');

  it('the last owner can neither leave nor be demoted, and the page says why', () => {
    const team = [olive, mia];
    expect(removeProblem(olive, team, 'olive')).toBe(STAFF_MESSAGES.lastOwnerSelf);
    expect(roleChoices(olive, team, 'olive')).toEqual(['owner']);
    expect(removeProblem(mia, team, 'olive')).toBeUndefined();
    expect(roleChoices(mia, team, 'olive')).toEqual(['owner', 'manager', 'agent']);
  });

  it('with two owners, either may leave or become a manager', () => {
    const otto = member('otto', 'owner', 'Otto');
    const team = [olive, otto, mia];
    expect(removeProblem(olive, team, 'olive')).toBeUndefined();
    expect(removeProblem(otto, team, 'olive')).toBeUndefined();
    expect(roleChoices(otto, team, 'olive')).toEqual(['owner', 'manager', 'agent']);
  });

  it('asks before a removal in plain words, differently for oneself', () => {
    expect(removeQuestion(mia, 'olive')).toMatchObject({ title: 'Remove Mia from the staff?', yes: 'Remove from the staff' });
    expect(removeQuestion(mia, 'olive').text).toContain('bookings stay');
    expect(removeQuestion(olive, 'olive').title).toBe('Leave the staff?');
  });

  it('shows days in Jamaica', () => {
    expect(staffDay('2026-11-28T03:00:00Z')).toBe('27 Nov 2026');
  });
});

describe('the invite form', () => {
  it('needs an address and a role', () => {
    expect(inviteProblems(EMPTY_INVITE)).toEqual({ email: 'E-mail address is required.', staffRole: 'Please choose the role they will have.' });
    expect(inviteProblems({ email: 'not an address', staffRole: 'agent' }).email).toBeTruthy();
    expect(inviteProblems({ email: 'mia@example.com', staffRole: 'manager' })).toEqual({});
  });

  it('knows an address already on the team, whatever its case', () => {
    expect(alreadyOnTeam(' Mia@Example.com ', ['mia@example.com'])).toBe(true);
    expect(alreadyOnTeam('new@example.com', ['mia@example.com'])).toBe(false);
  });
});
