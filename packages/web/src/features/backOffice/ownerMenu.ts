/** The staff side menu's items, and which of them a page belongs to. */

export interface MenuItem {
  to: string;
  label: string;
}

export const OWNER_MENU = [
  { to: '/owner', label: 'Dashboard' },
  { to: '/owner/desk', label: 'Desk' },
  { to: '/owner/add-car', label: 'Add car' },
  { to: '/owner/manage-cars', label: 'Manage Cars' },
  { to: '/owner/manage-bookings', label: 'Manage Bookings' },
  { to: '/owner/vetting', label: 'Driver checks' },
  { to: '/owner/timeline', label: 'Timeline' },
  { to: '/owner/payments', label: 'Card payments' },
  { to: '/owner/prices', label: 'Prices and extras' },
  { to: '/owner/bank-details', label: 'Bank Details' },
  { to: '/owner/settings', label: 'Company Settings' },
  { to: '/owner/outbox', label: 'Outbox' },
  { to: '/owner/activity', label: 'History' },
] as const satisfies readonly MenuItem[];

/**
 * A car's edit page lives at /owner/add-car/<id> (the SPEC's address) but is reached from Manage
 * Cars and changes a car already in the fleet, so it belongs to Manage Cars, not to Add car.
 */
const CAR_EDIT_PAGE = /^\/owner\/add-car\/[^/]+$/;

/** The menu item to mark as the current page: the item itself or the section it leads to. */
export function currentMenuItem(pathname: string, items: readonly MenuItem[] = OWNER_MENU): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (CAR_EDIT_PAGE.test(path)) return '/owner/manage-cars';
  // The dashboard (/owner) is the whole area's folder, so it only counts for itself.
  const holders = items.filter(({ to }) => path === to || (to !== '/owner' && path.startsWith(`${to}/`)));
  return holders.sort((a, b) => b.to.length - a.to.length)[0]?.to;
}
