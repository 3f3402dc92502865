import { describe, expect, it } from 'vitest';
import { authProblems, ownerSetupProblems } from './authFields';

const EMPTY = { name: '', email: '', phone: '', password: '', repeated: '' };
const GOOD = { name: 'Ann Brown', email: 'ann@example.com', phone: '', password: 'long enough', repeated: 'long enough' };

describe('the login and sign-up checks', () => {
  it('name only the fields the mode shows', () => {
    expect(authProblems('login', EMPTY)).toEqual({ email: 'E-mail address is required.', password: 'Password is required.' });
    expect(authProblems('forgot', EMPTY)).toEqual({ email: 'E-mail address is required.' });
    expect(Object.keys(authProblems('register', EMPTY))).toEqual(['name', 'email', 'password', 'repeated']);
  });

  it('let a login through with any password, and a sign-up only with a long enough one typed twice', () => {
    expect(authProblems('login', { ...EMPTY, email: 'ann@example.com', password: 'x' })).toEqual({});
    expect(authProblems('register', GOOD)).toEqual({});
    expect(authProblems('register', { ...GOOD, phone: 'call me' }).phone).toMatch(/^Phone number may hold only digits/);
    expect(authProblems('register', { ...GOOD, repeated: 'long enougH' })).toEqual({
      repeated: 'The two passwords are not the same. Please type the password again.',
    });
  });

  it("the owner's setup names the name box as the page does", () => {
    expect(ownerSetupProblems({ ...GOOD, name: ' ' })).toEqual({ name: 'Your name is required.' });
    expect(ownerSetupProblems(GOOD)).toEqual({});
  });
});
