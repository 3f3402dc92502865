/** What each car earns (fleetReport.ts, docs/decisions/120). */
import { z } from 'zod';
import { FLEET_COLUMN_WORDS, FLEET_SORT_COLUMNS, SORT_ORDERS } from '../fleetReport';
import { oneOf } from './fields';

/** The days are checked by the server itself, so a bad range answers its own code, not a general refusal. */
export const fleetReportQuery = z.object({
  from: z.string({ error: 'Please give one first day.' }).optional().describe('The first day, YYYY-MM-DD (Jamaica time), included.'),
  to: z.string({ error: 'Please give one last day.' }).optional().describe('The last day, YYYY-MM-DD, included; at most three years after from.'),
  sort: oneOf('the column to sort by', FLEET_SORT_COLUMNS, Object.values(FLEET_COLUMN_WORDS))
    .optional()
    .describe('The column the cars are sorted by (car by default).'),
  order: oneOf('the order', SORT_ORDERS, ['ascending', 'descending']).optional().describe('asc (the default) or desc.'),
});

const whole = (description: string) => z.number().int().describe(description);

const fleetCosts = z.object({
  services: whole('What the car’s services cost, counted on their day.'),
  repairs: whole('What its repairs cost, counted on the day they were done.'),
  papers: whole('What its papers cost (registration, fitness, insurance), counted on the day paid.'),
  total: whole('The three added up.'),
});

/** A line of the table: one car, or the fleet's totals. */
const fleetFigures = z.object({
  rentedDays: whole('Days in the range a booking that holds its car held it (on rent, returned, and booked ahead).'),
  blockedDays: whole('Days in the range the car was blocked for service.'),
  availableDays: whole('Days in the range less the blocked days: the days it could have been rented.'),
  utilisation: z.number().nullable().describe('rentedDays / availableDays, from 0 to 1; null when no day was available.'),
  revenue: whole('The folio charges before GCT, net of voids and discounts, each booking’s spread evenly over its days; the days in the range.'),
  costs: fleetCosts,
  difference: whole('revenue - costs.total.'),
});

/** Per month of the range, in the order of the report's months: what the chart draws. */
const fleetMonths = z.object({
  rentedDays: z.array(z.number().int()),
  availableDays: z.array(z.number().int()),
  revenue: z.array(z.number().int()),
  costs: z.array(z.number().int()),
});

export const fleetCar = fleetFigures.extend({
  carId: z.string(),
  name: z.string().describe('Brand, model and year.'),
  plate: z.string().nullable(),
  removed: z.boolean().describe('Taken out of the fleet (it still shows for the days it had in the range).'),
  byMonth: fleetMonths,
});
export type FleetCar = z.infer<typeof fleetCar>;

export const fleetReport = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  days: whole('Days in the range, both ends included.'),
  months: z.array(z.string()).describe('The months ("2026-01") the range touches, in order; byMonth arrays follow them.'),
  cars: z.array(fleetCar),
  totals: fleetFigures.extend({ byMonth: fleetMonths }),
});
export type FleetReport = z.infer<typeof fleetReport>;

export const fleetReportResponses = {
  fleetReport: z.object({ success: z.literal(true), report: fleetReport }),
} as const;
