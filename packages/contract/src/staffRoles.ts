/**
 * The company's team: every staff account has one of three roles, and every call of the API is
 * open to a level of access (routes.ts). The rule of who may do what lives here alone: the server's
 * guards, OpenAPI, the owner menu and the pages all ask it.
 *
 * - owner: everything, staff accounts and bank details included.
 * - manager: everything but staff accounts and bank details.
 * - agent: the desk, bookings, customers, vetting and cars' availability.
 *
 * Every staff member keeps the SPEC's `role: "owner"` (its marker of staff, which existing clients
 * read); `staffRole` says which of the three.
 */
import { isOneOf } from './oneOf';
export const STAFF_ROLES = ['owner', 'manager', 'agent'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * anyone: no session; customer: any logged-in account (staff included); bookingHolder: what customer
 * lets in, and also the session a booking's one-time sign-in link opens, for that booking's own
 * calls only (its `:id` or `:reference`; docs/decisions/123); staff: any staff role; manager:
 * managers and owners; owner: owners only.
 */
export const ACCESS_LEVELS = ['anyone', 'customer', 'bookingHolder', 'staff', 'manager', 'owner'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** The staff roles each staff-only level lets in. */
const ROLES_OF_LEVEL = {
  staff: ['owner', 'manager', 'agent'],
  manager: ['owner', 'manager'],
  owner: ['owner'],
} as const satisfies Record<Exclude<Access, 'anyone' | 'customer' | 'bookingHolder'>, readonly StaffRole[]>;

export type StaffAccess = keyof typeof ROLES_OF_LEVEL;

export function isStaffAccess(access: Access): access is StaffAccess {
  return access === 'staff' || access === 'manager' || access === 'owner';
}

/** May a staff member of this role make a call of this level? Customers never reach a staff level. */
export function staffRoleMay(role: StaffRole, access: StaffAccess): boolean {
  return isOneOf<StaffRole>(ROLES_OF_LEVEL[access], role);
}

export const STAFF_ROLE_WORDS: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  agent: 'Counter agent',
};

/** What each role may do, in the words the staff page shows beside the choice. */
export const STAFF_ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  owner: 'Everything, including staff accounts and bank details.',
  manager: 'Everything except staff accounts and bank details.',
  agent: 'The desk, bookings, customers, driver checks and when cars are free. Not prices, settings, history or exports.',
};

/** Who a staff-only call is for, as a refusal and OpenAPI say it. */
export const ACCESS_WORDS: Record<Access, string> = {
  anyone: 'Anyone.',
  customer: 'Any logged-in account.',
  bookingHolder: 'Any logged-in account, or the session of this booking’s one-time sign-in link (this booking only).',
  staff: 'Staff only (owner, manager or counter agent).',
  manager: 'Managers and owners only.',
  owner: 'Owners only.',
};

/** The 403 a staff member hears for a call above their role (customers hear MESSAGES.ownersOnly, as ever). */
export const STAFF_REFUSALS: Record<'manager' | 'owner', string> = {
  manager: 'Only a manager or the owner can do this. Ask one of them.',
  owner: 'Only the owner can do this. Ask them.',
};
