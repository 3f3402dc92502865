/** /account: a customer changes their name and phone number, and their password. */
import { MIN_PASSWORD_LENGTH } from '@rental/contract/constants';
import type { User } from '@rental/contract/schemas';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { callApi, errorMessage } from '../../api/client';
import { LoginPrompt } from '../../components/LoginPrompt';
import { SkeletonBlock } from '../../components/Skeleton';
import { useSession } from '../../session/useSession';

function ProfileForm({ user }: { user: User }) {
  const { refreshUser } = useSession();
  const ids = useId();
  const [name, setName] = useState(user.name);
  const [phone, setPhone] = useState(user.phone);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      const answer = await callApi('updateProfile', { body: { name, phone } });
      toast.success(answer.message);
      await refreshUser();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} aria-labelledby={`${ids}-heading`} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={`${ids}-heading`} className="text-xl font-semibold text-slate-900">
        Your details
      </h2>
      <div>
        <label htmlFor={`${ids}-name`} className="field-label">
          Name
        </label>
        <input id={`${ids}-name`} className="field-input" autoComplete="name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div>
        <label htmlFor={`${ids}-phone`} className="field-label">
          Phone number
        </label>
        <input
          id={`${ids}-phone`}
          className="field-input"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={40}
          aria-describedby={`${ids}-phone-hint`}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          placeholder="876 555 0123"
        />
        <p id={`${ids}-phone-hint`} className="mt-1 text-sm text-slate-600">
          We call or message you on it about your bookings.
        </p>
      </div>
      <div>
        <p className="field-label">E-mail</p>
        <p className="text-slate-900">{user.email}</p>
        <p className="mt-1 text-sm text-slate-600">You log in with it. To change it, please write to us.</p>
      </div>
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? 'Saving…' : 'Save details'}
      </button>
    </form>
  );
}

function PasswordForm() {
  const { login } = useSession();
  const ids = useId();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      const answer = await callApi('changePassword', { body: { currentPassword, newPassword } });
      // The old session has ended on the server: this tab carries on with the fresh one.
      login(answer.token);
      setCurrentPassword('');
      setNewPassword('');
      toast.success(answer.message);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} aria-labelledby={`${ids}-heading`} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={`${ids}-heading`} className="text-xl font-semibold text-slate-900">
        Change password
      </h2>
      <div>
        <label htmlFor={`${ids}-current`} className="field-label">
          Current password
        </label>
        <input
          id={`${ids}-current`}
          className="field-input"
          type="password"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(e) => setCurrentPassword(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${ids}-new`} className="field-label">
          New password
        </label>
        <input
          id={`${ids}-new`}
          className="field-input"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          aria-describedby={`${ids}-new-hint`}
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
        />
        <p id={`${ids}-new-hint`} className="mt-1 text-sm text-slate-600">
          At least {MIN_PASSWORD_LENGTH} characters. Other devices where you are logged in will ask you to log in again.
        </p>
      </div>
      <button type="submit" className="btn-primary" disabled={saving}>
        {saving ? 'Changing…' : 'Change password'}
      </button>
    </form>
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
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ProfileForm key={user._id} user={user} />
        <PasswordForm />
      </div>
    );
  }
  return (
    <div className="container-page max-w-5xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-slate-900">My Account</h1>
      <p className="mt-2 mb-8 text-slate-600">Your details and your password.</p>
      {body}
    </div>
  );
}
