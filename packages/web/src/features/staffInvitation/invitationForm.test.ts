import { describe, expect, it } from 'vitest';
import { acceptBody, EMPTY_INVITATION_FORM, invitationFields, invitationProblems } from './invitationForm';

describe('the staff invitation form', () => {
  it('asks a new person for a name and a password typed twice', () => {
    expect(invitationFields(false)).toEqual(['name', 'password', 'repeated']);
    const problems = invitationProblems(EMPTY_INVITATION_FORM, false);
    expect(problems.name).toBe('Your name is required.');
    expect(problems.password).toBeTruthy();
    expect(problems.currentPassword).toBeUndefined();
    expect(invitationProblems({ ...EMPTY_INVITATION_FORM, name: 'Mia', password: 'a long password', repeated: 'another one' }, false).repeated).toBeTruthy();
    expect(invitationProblems({ ...EMPTY_INVITATION_FORM, name: 'Mia', password: 'a long password', repeated: 'a long password' }, false)).toEqual({});
  });

  it("asks a person who has an account only for that account's password", () => {
    expect(invitationFields(true)).toEqual(['currentPassword']);
    expect(invitationProblems(EMPTY_INVITATION_FORM, true)).toEqual({ currentPassword: 'Your current password is required.' });
    expect(invitationProblems({ ...EMPTY_INVITATION_FORM, currentPassword: 'x' }, true)).toEqual({});
  });

  it('sends a name only for a new account', () => {
    const values = { name: '  Mia Manager ', password: 'a long password', repeated: 'a long password', currentPassword: 'old one' };
    expect(acceptBody('tok', values, false)).toEqual({ token: 'tok', name: 'Mia Manager', password: 'a long password' });
    expect(acceptBody('tok', values, true)).toEqual({ token: 'tok', password: 'old one' });
  });
});
