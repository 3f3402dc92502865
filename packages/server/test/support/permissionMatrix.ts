/**
 * The permission matrix's vocabulary (permissions.test.ts): the kinds of caller, the world they act
 * in, and an entry per route saying what each must get. Features keep their own entries in
 * permissionEntries/, so each file of entries has one writer.
 */
import { MESSAGES, STAFF_REFUSALS, type Car } from '@rental/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Account } from '../helpers';

export const ROLES = ['anonymous', 'otherCustomer', 'customer', 'agent', 'manager', 'owner'] as const;
export type Role = (typeof ROLES)[number];
export type StaffMember = 'agent' | 'manager' | 'owner';

export interface World {
  app: FastifyInstance;
  accounts: Record<Exclude<Role, 'anonymous'>, Account>;
  car: Car;
  /** Cars nobody books, for the calls that change or remove a car: each staff member has their own. */
  spareCars: Record<StaffMember, Car>;
  /** The customer's own booking: the other customer and the customer alike must not change it. */
  customersBooking: string;
  /** More of the customer's bookings, one for each cancel call. */
  cancellable: string[];
}

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
}

export interface Entry {
  call(world: World, role: Role): Call | Promise<Call>;
  expected: Record<Role, number>;
  /** What the allowed callers must (not) see, beyond the status. */
  check?(res: LightMyRequestResponse, world: World, role: Role): void;
}

export const everyone = (status: number): Record<Role, number> => ({
  anonymous: status,
  otherCustomer: status,
  customer: status,
  agent: status,
  manager: status,
  owner: status,
});
export const loggedIn = (status: number): Record<Role, number> => ({ ...everyone(status), anonymous: 401 });
/** Any staff member: owner, manager or counter agent. */
export const staffOnly = (status: number): Record<Role, number> => ({ ...loggedIn(status), otherCustomer: 403, customer: 403 });
/** Managers and owners. */
export const managersOnly = (status: number): Record<Role, number> => ({ ...staffOnly(status), agent: 403 });
/** Owners only. */
export const ownersOnly = (status: number): Record<Role, number> => ({ ...managersOnly(status), manager: 403 });

/** The words of a 403, as each kind of caller hears it. */
export function refusalsFor(entry: Entry): Partial<Record<Role, string>> {
  const refusals: Partial<Record<Role, string>> = { otherCustomer: MESSAGES.staffOnly, customer: MESSAGES.staffOnly };
  const ownerOnly = entry.expected.manager === 403;
  refusals.agent = ownerOnly ? STAFF_REFUSALS.owner : STAFF_REFUSALS.manager;
  refusals.manager = STAFF_REFUSALS.owner;
  return refusals;
}
