/** A page above the staff member's role says so in words instead of failing call by call. */
import { STAFF_ROLE_WORDS } from '@rental/contract/staffRoles';
import { Link, Outlet, useLocation } from 'react-router';
import { useSession } from '../../session/useSession';
import { mayOpenPage } from './staffMenu';

export function StaffPageGate() {
  const { staffRole } = useSession();
  const { pathname } = useLocation();
  if (!staffRole || mayOpenPage(staffRole, pathname)) return <Outlet />;
  return (
    <section className="card mx-auto max-w-xl p-6">
      <h1 className="text-xl font-semibold text-slate-900">This page is not part of your role</h1>
      <p className="mt-2 text-slate-700">
        You are signed in as a {STAFF_ROLE_WORDS[staffRole].toLowerCase()}. Ask the owner or a manager if you need something changed here.
      </p>
      <Link to="/owner" className="btn-primary mt-4 inline-flex">
        Back to the dashboard
      </Link>
    </section>
  );
}
