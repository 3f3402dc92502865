import {
  Banknote,
  Building2,
  CalendarCheck,
  CarFront,
  ChartColumnIncreasing,
  CreditCard,
  FileBadge,
  FileSpreadsheet,
  GanttChart,
  History,
  IdCard,
  KeyRound,
  Landmark,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  PlusSquare,
  ReceiptText,
  Tags,
  UsersRound,
  Wrench,
} from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../session/useSession';
import { currentMenuItem, menuFor, STAFF_MENU } from './staffMenu';
import { ProfileImageEditor } from './ProfileImageEditor';
import { useUnreadMessages } from './messages/unreadQueries';

const WAITING_ID = 'desk-waiting-count';

const ICONS: Record<(typeof STAFF_MENU)[number]['to'], LucideIcon> = {
  '/owner': LayoutDashboard,
  '/owner/desk': KeyRound,
  '/owner/add-car': PlusSquare,
  '/owner/manage-cars': CarFront,
  '/owner/manage-bookings': CalendarCheck,
  '/owner/vetting': IdCard,
  '/owner/timeline': GanttChart,
  '/owner/papers': FileBadge,
  '/owner/maintenance': Wrench,
  '/owner/payments': CreditCard,
  '/owner/cash-up': Banknote,
  '/owner/reports/gct': ReceiptText,
  '/owner/fleet-report': ChartColumnIncreasing,
  '/owner/statements': FileSpreadsheet,
  '/owner/prices': Tags,
  '/owner/bank-details': Landmark,
  '/owner/staff': UsersRound,
  '/owner/settings': Building2,
  '/owner/outbox': Mail,
  '/owner/activity': History,
};

export function StaffSideMenu() {
  const current = currentMenuItem(useLocation().pathname);
  const { staffRole } = useSession();
  // How many customers wait for an answer, by the Desk entry: the link's description, so its name stays "Desk".
  const waiting = useUnreadMessages().data?.total ?? 0;
  return (
    <>
      <ProfileImageEditor />
      <nav aria-label="Owner menu" className="py-4">
        <ul className="space-y-1 px-3">
          {menuFor(staffRole ?? 'agent').map(({ to, label }) => {
            const Icon = ICONS[to as keyof typeof ICONS];
            const isCurrent = to === current;
            const count = to === '/owner/desk' ? waiting : 0;
            return (
              <li key={to}>
                <Link
                  to={to}
                  aria-current={isCurrent ? 'page' : undefined}
                  aria-describedby={count > 0 ? WAITING_ID : undefined}
                  className={`flex items-center gap-3 rounded-lg px-3 py-2.5 font-medium transition-colors ${
                    isCurrent ? 'bg-primary-light text-primary' : 'text-slate-700 hover:bg-slate-100'
                  }`}
                >
                  <Icon aria-hidden="true" size={20} />
                  {label}
                  {count > 0 && (
                    <span aria-hidden="true" className="ml-auto rounded-full bg-amber-500 px-2 py-0.5 text-xs font-semibold text-white">
                      {count}
                    </span>
                  )}
                </Link>
                {count > 0 && (
                  <span id={WAITING_ID} hidden>
                    {count === 1 ? '1 customer waits for an answer' : `${count} customers wait for an answer`}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}
