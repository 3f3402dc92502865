import type { Driver, User, Vetting } from '@rental/contract/schemas';
import type { StaffRole } from '@rental/contract/staffRoles';
import { createContext } from 'react';

/** The shared session state: who is logged in, their token, and the login dialog. */
export type Session = {
  user: User | null;
  /** The customer's own driving licence and date of birth; null until given (or while loading). */
  driver: Driver | null;
  /** Where the company's check of the customer stands; null while loading. */
  vetting: Vetting | null;
  /** Staff of any role (the SPEC's role "owner"). */
  isStaff: boolean;
  /** Which of the team's roles, for staff; null for customers and visitors. */
  staffRole: StaffRole | null;
  token: string | null;
  /** True while a stored token's user is still being fetched (do not redirect yet). */
  userLoading: boolean;
  showLogin: boolean;
  /** Opens (or closes) the login dialog; after a login it leads to / (as SPEC.md has it). */
  setShowLogin: (show: boolean) => void;
  /** Where the open login dialog leads after a login: the page that asked for it, or null for /. */
  loginReturnTo: string | null;
  /** A page that needs a login opens the dialog; after the login the person stays on that page. */
  requestLogin: (returnTo: string) => void;
  pickupDate: string;
  setPickupDate: (date: string) => void;
  returnDate: string;
  setReturnDate: (date: string) => void;
  /** Stores the token; the user is fetched for it. */
  login: (token: string) => void;
  logout: () => void;
  /** Ends the session as logout does, toasting `message` instead of "Logged out" (an erased account), for `duration` ms if given. */
  logoutWith: (message: string, duration?: number) => void;
  /** Fetches the user again (e.g. after the owner changed the profile image). */
  refreshUser: () => Promise<void>;
};

export const SessionContext = createContext<Session | null>(null);
