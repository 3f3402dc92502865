import type { Car, User } from '@rental/contract/schemas';
import { createContext } from 'react';

/** The shared session state of SPEC section 3. */
export type Session = {
  user: User | null;
  isOwner: boolean;
  token: string | null;
  /** True while a stored token's user is still being fetched (do not redirect yet). */
  userLoading: boolean;
  showLogin: boolean;
  setShowLogin: (show: boolean) => void;
  cars: Car[];
  carsLoading: boolean;
  carsError: unknown;
  pickupDate: string;
  setPickupDate: (date: string) => void;
  returnDate: string;
  setReturnDate: (date: string) => void;
  /** Stores the token; the user is fetched for it. */
  login: (token: string) => void;
  logout: () => void;
  /** Fetches the user again (e.g. after the owner changed the profile image). */
  refreshUser: () => Promise<void>;
};

export const SessionContext = createContext<Session | null>(null);
