import { Building2, CalendarCheck, CarFront, Landmark, LayoutDashboard, Mail, PlusSquare } from 'lucide-react';
// issue 12 item 2: the fleet timeline
import { GanttChart } from 'lucide-react';
import { NavLink } from 'react-router';
// issue 12 item 6: the history
import { History } from 'lucide-react';
import { ProfileImageEditor } from './ProfileImageEditor';

const MENU = [
  { to: '/owner', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/owner/add-car', label: 'Add car', icon: PlusSquare, end: false },
  { to: '/owner/manage-cars', label: 'Manage Cars', icon: CarFront, end: false },
  { to: '/owner/manage-bookings', label: 'Manage Bookings', icon: CalendarCheck, end: false },
  { to: '/owner/timeline', label: 'Timeline', icon: GanttChart, end: false },
  { to: '/owner/bank-details', label: 'Bank Details', icon: Landmark, end: false },
  { to: '/owner/settings', label: 'Company Settings', icon: Building2, end: false },
  { to: '/owner/outbox', label: 'Outbox', icon: Mail, end: false },
  { to: '/owner/activity', label: 'History', icon: History, end: false },
] as const;

export function OwnerSideMenu() {
  return (
    <>
      <ProfileImageEditor />
      <nav aria-label="Owner menu" className="py-4">
        <ul className="space-y-1 px-3">
          {MENU.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-lg px-3 py-2.5 font-medium transition-colors ${
                    isActive ? 'bg-primary-light text-primary' : 'text-slate-700 hover:bg-slate-100'
                  }`
                }
              >
                <Icon aria-hidden="true" size={20} />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
