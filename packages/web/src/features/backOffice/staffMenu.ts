/** The staff side menu's items, which of them a page belongs to, and which staff roles may open it. */
import { type StaffAccess, type StaffRole, staffRoleMay } from '@rental/contract/staffRoles';

export interface MenuItem {
  to: string;
  label: string;
  /** Who may open the page (and every page it holds): the same levels as the API's (staffRoles.ts). */
  access: StaffAccess;
}

export const STAFF_MENU = [
  { to: '/owner', label: 'Dashboard', access: 'staff' },
  { to: '/owner/desk', label: 'Desk', access: 'staff' },
  { to: '/owner/add-car', label: 'Add car', access: 'manager' },
  { to: '/owner/manage-cars', label: 'Manage Cars', access: 'staff' },
  { to: '/owner/manage-bookings', label: 'Manage Bookings', access: 'staff' },
  { to: '/owner/vetting', label: 'Driver checks', access: 'staff' },
  { to: '/owner/timeline', label: 'Timeline', access: 'staff' },
  { to: '/owner/papers', label: 'Car papers', access: 'staff' },
  { to: '/owner/maintenance', label: 'Maintenance', access: 'staff' },
  { to: '/owner/payments', label: 'Card payments', access: 'staff' },
  { to: '/owner/cash-up', label: 'Cash-up', access: 'staff' },
  { to: '/owner/reports/gct', label: 'GCT and the books', access: 'manager' },
  { to: '/owner/fleet-report', label: 'What each car earns', access: 'manager' },
  { to: '/owner/statements', label: 'Bank statements', access: 'manager' },
  { to: '/owner/prices', label: 'Prices and extras', access: 'manager' },
  { to: '/owner/bank-details', label: 'Bank Details', access: 'owner' },
  { to: '/owner/staff', label: 'Staff', access: 'owner' },
  { to: '/owner/settings', label: 'Company Settings', access: 'manager' },
  { to: '/owner/outbox', label: 'Outbox', access: 'staff' },
  { to: '/owner/activity', label: 'History', access: 'manager' },
] as const satisfies readonly MenuItem[];

/** The items a staff member of this role sees. */
export function menuFor(role: StaffRole, items: readonly MenuItem[] = STAFF_MENU): MenuItem[] {
  return items.filter((item) => staffRoleMay(role, item.access));
}

/**
 * May this role open the page at this address? A car's edit page changes the fleet (managers); any
 * other page is its menu item's, and a page no item holds (the new booking page) is any staff's.
 */
export function mayOpenPage(role: StaffRole, pathname: string, items: readonly MenuItem[] = STAFF_MENU): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (CAR_EDIT_PAGE.test(path)) return staffRoleMay(role, 'manager');
  const holder = items.find((item) => item.to === currentMenuItem(path, items));
  return staffRoleMay(role, holder?.access ?? 'staff');
}

/**
 * A car's edit page lives at /owner/add-car/<id> (the SPEC's address) but is reached from Manage
 * Cars and changes a car already in the fleet, so it belongs to Manage Cars, not to Add car.
 */
const CAR_EDIT_PAGE = /^\/owner\/add-car\/[^/]+$/;

/** One booking's page (/owner/bookings/<id>) is opened from Manage Bookings and marks it; the new booking page does not. */
const BOOKING_PAGE = /^\/owner\/bookings\/(?!new$)[^/]+$/;

/** The menu item to mark as the current page: the item itself or the section it leads to. */
export function currentMenuItem(pathname: string, items: readonly MenuItem[] = STAFF_MENU): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (CAR_EDIT_PAGE.test(path)) return '/owner/manage-cars';
  if (BOOKING_PAGE.test(path)) return '/owner/manage-bookings';
  // The dashboard (/owner) is the whole area's folder, so it only counts for itself.
  const holders = items.filter(({ to }) => path === to || (to !== '/owner' && path.startsWith(`${to}/`)));
  return holders.sort((a, b) => b.to.length - a.to.length)[0]?.to;
}
