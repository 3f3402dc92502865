/**
 * Services that fall due (docs/decisions/117-services-that-fall-due.md): a car's maintenance plan
 * (its own, or its make and model's) of items each due every so many kilometres and/or months
 * after the last service that did it; what is due soon or overdue for the fleet; services logged
 * with their cost in cents. The due states are worked out by the server in one SQL statement.
 */
import { CURRENCY_SYMBOL } from './constants';
import { groupedNumber } from './numbers';

export const MAINTENANCE_MESSAGES = {
  planSaved: 'The maintenance plan is saved.',
  modelPlanSaved: 'The maintenance plan is saved for every car of this make and model without a plan of its own.',
  ownPlanRemoved: 'This car now follows the plan of its make and model.',
  serviceLogged: 'The service is logged; the items it did start counting again.',
  blockAdded: 'The car is blocked for its service on those days.',
  receiptNotFound: 'This service has no receipt scan.',
  serviceNotFound: 'This service was not found.',
  serviceJsonUnreadable: 'The service could not be read. Please fill in the form again.',
  odometerBelow: 'The odometer reading is below what this car had already shown by that day. Please check the reading.',
  itemUnknown: "An item is not in this car's maintenance plan. Please choose only from the plan's items, or add the item to the plan first.",
  dateFuture: 'The service date is in the future. Please log a service once it is done.',
  costNegative: 'The cost cannot be below zero. Please enter what the garage charged, or 0.',
  noItems: 'Please choose at least one item the service did.',
  ownPlanNone: 'This car has no plan of its own to remove.',
} as const;

/** The refusals a screen acts on, with their words (refusalCodes.ts gathers them). */
export const MAINTENANCE_REFUSALS = {
  service_odometer_below: MAINTENANCE_MESSAGES.odometerBelow,
  service_item_unknown: MAINTENANCE_MESSAGES.itemUnknown,
  service_date_future: MAINTENANCE_MESSAGES.dateFuture,
  service_cost_negative: MAINTENANCE_MESSAGES.costNegative,
} as const;
export type MaintenanceRefusal = keyof typeof MAINTENANCE_REFUSALS;

/** ok: not due yet; due_soon: within the company's margin (km or days); overdue: reached or passed. */
export const MAINTENANCE_STATES = ['ok', 'due_soon', 'overdue'] as const;
export type MaintenanceState = (typeof MAINTENANCE_STATES)[number];

export const MAINTENANCE_STATE_WORDS: Record<MaintenanceState, string> = {
  ok: 'Not due yet',
  due_soon: 'Due soon',
  overdue: 'Overdue',
};

/** The plan the web offers to start from: what most garages in Jamaica advise for a small car. */
export const DEFAULT_MAINTENANCE_ITEMS: readonly { name: string; everyKm: number | null; everyMonths: number | null }[] = [
  { name: 'Oil and filter', everyKm: 5_000, everyMonths: 6 },
  { name: 'Tyre rotation', everyKm: 10_000, everyMonths: null },
  { name: 'Brakes', everyKm: 20_000, everyMonths: 12 },
  { name: 'Timing belt', everyKm: 100_000, everyMonths: null },
];

/** What a service names to reset an item: its name in lower case, its spaces trimmed (0040_maintenance.sql). */
export const maintenanceItemKey = (name: string) => name.trim().toLowerCase();

/** "$12,500.50 JMD" from cents; whole amounts without ".00". */
export function formatCents(cents: number, currency = 'JMD'): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const part = abs % 100;
  return `${sign}${CURRENCY_SYMBOL}${groupedNumber(Math.floor(abs / 100))}${part ? `.${String(part).padStart(2, '0')}` : ''} ${currency}`;
}

/** Cents from an amount typed in dollars ("12,500", "12500.5"); null when it is not an amount. */
export function centsOf(typed: string): number | null {
  const clean = typed.replace(/[,\s$]/g, '');
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(clean);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0') || 0);
  return match[1] ? -cents : cents;
}

/** An item's interval in words: "every 5,000 km or 6 months, whichever comes first". */
export function intervalWords(item: { everyKm: number | null; everyMonths: number | null }): string {
  const km = item.everyKm ? `${groupedNumber(item.everyKm)} km` : '';
  const months = item.everyMonths ? `${item.everyMonths} month${item.everyMonths === 1 ? '' : 's'}` : '';
  return km && months ? `every ${km} or ${months}, whichever comes first` : `every ${km || months}`;
}

/** A service block's note: what the car is out for. */
export const serviceBlockNote = (items: readonly string[]) => `Service: ${items.join(', ')}`.slice(0, 200);
