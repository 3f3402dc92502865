/** Services that fall due (maintenance.ts, docs/decisions/117): plans, services, the due list. */
import { z } from 'zod';
import { MAINTENANCE_STATES } from '../maintenance';
import { calendarDate, CONTROL_OR_BIDI_MULTILINE, idField, ok, storable, text, wholeNumber } from './fields';

/** The longest interval an item may have: a million km, twenty years. */
const MAX_EVERY_KM = 1_000_000;
const MAX_EVERY_MONTHS = 240;
/** The most a service may cost, in cents (JMD 10 million): the column is a 32-bit integer. */
export const MAX_SERVICE_COST_CENTS = 1_000_000_000;
export const MAX_PLAN_ITEMS = 20;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be written as text.` })
    .overwrite((value) => value.trim())
    .max(max, { error: `${label} can be at most ${max} characters long.` })
    .refine(storable, { error: `${label} contains characters that cannot be stored. Please remove them.` })
    .refine((value) => !CONTROL_OR_BIDI_MULTILINE.test(value), { error: `${label} contains invisible control characters. Please type it again.` })
    .optional()
    .default('');

export const maintenancePlanItemInput = z
  .object({
    name: text("An item's name", 60),
    everyKm: wholeNumber('Every … km', 1, MAX_EVERY_KM).nullable().optional().default(null),
    everyMonths: wholeNumber('Every … months', 1, MAX_EVERY_MONTHS).nullable().optional().default(null),
  })
  .refine((item) => item.everyKm !== null || item.everyMonths !== null, {
    error: 'Each item needs a distance (km), a number of months, or both.',
  });

export const maintenancePlanBody = z.object({
  /** car: this car's own plan; model: the plan of every car of its make and model without one of its own. */
  scope: z.enum(['car', 'model'], { error: 'Please say whether the plan is for this car or for its make and model.' }),
  items: z
    .array(maintenancePlanItemInput, { error: 'The items must be a list.' })
    .max(MAX_PLAN_ITEMS, { error: `A plan can have at most ${MAX_PLAN_ITEMS} items.` })
    .refine((items) => new Set(items.map((item) => item.name.toLowerCase())).size === items.length, {
      error: 'Each item may be listed only once.',
    })
    .describe("Empty with scope car: the car's own plan is removed and it follows its model's."),
});
export type MaintenancePlanBody = z.input<typeof maintenancePlanBody>;
export type MaintenancePlanSave = z.infer<typeof maintenancePlanBody>;

export const maintenancePlanItem = z.object({
  name: z.string(),
  everyKm: z.number().nullable(),
  everyMonths: z.number().nullable(),
  /** The last service that did it (null: never; counted from 0 km and the day the car was added). */
  lastServiceOn: z.string().nullable(),
  lastServiceKm: z.number().nullable(),
  /** Where it falls due next, by distance and by date (null when the item has no such interval). */
  dueAtKm: z.number().nullable(),
  dueOn: z.string().nullable(),
  state: z.enum(MAINTENANCE_STATES),
});
export type MaintenancePlanItem = z.infer<typeof maintenancePlanItem>;

export const maintenancePlan = z.object({
  /** car: the car's own; model: its make and model's; none: no plan yet. */
  source: z.enum(['car', 'model', 'none']),
  brand: z.string(),
  model: z.string(),
  odometerKm: z.number(),
  items: z.array(maintenancePlanItem),
  /** Whether the make and model has a plan (which the car follows when it has none of its own). */
  modelHasPlan: z.boolean(),
});
export type MaintenancePlan = z.infer<typeof maintenancePlan>;

/** The service as sent: the JSON of the form's `service` field. Cost in cents. */
export const carServiceInput = z.object({
  date: calendarDate('Service date'),
  odometerKm: wholeNumber('The odometer reading', 0, 10_000_000),
  items: z
    .array(text("An item's name", 60), { error: 'The items must be a list.' })
    .min(1, { error: 'Please choose at least one item the service did.' })
    .max(MAX_PLAN_ITEMS, { error: `A service can name at most ${MAX_PLAN_ITEMS} items.` }),
  // Below zero is refused by the server with its own code (service_cost_negative).
  cost: z
    .number({ error: 'The cost must be a whole number of cents.' })
    .int({ error: 'The cost must be a whole number of cents.' })
    .max(MAX_SERVICE_COST_CENTS, { error: 'The cost is too large. Please check it.' }),
  garage: optionalText('The garage', 120),
  note: optionalText('The note', 500),
});
export type CarServiceInput = z.input<typeof carServiceInput>;
export type CarServiceSave = z.infer<typeof carServiceInput>;

export const carServiceFields = z.object({
  service: z.string().describe('The service as JSON: { date, odometerKm, items (names of plan items), cost (cents), garage, note }.'),
  receipt: z.file().optional().describe('Optional: the receipt, a JPEG, PNG or WebP photo or a PDF, at most 10 MB; kept without its metadata, staff only.'),
});

export const carService = z.object({
  _id: z.string(),
  date: z.string(),
  odometerKm: z.number(),
  items: z.array(z.string()),
  /** Cents. */
  cost: z.number(),
  garage: z.string(),
  note: z.string(),
  hasReceipt: z.boolean(),
  loggedBy: z.string(),
  loggedAt: z.string(),
});
export type CarService = z.infer<typeof carService>;

export const carServiceParams = z.object({ id: z.string().describe('The car id (a UUID).'), serviceId: z.string().describe('The service id (a UUID).') });

export const dueItem = z.object({
  name: z.string(),
  state: z.enum(['due_soon', 'overdue']),
  dueAtKm: z.number().nullable(),
  dueOn: z.string().nullable(),
  lastServiceOn: z.string().nullable(),
});
export const dueCar = z.object({
  _id: z.string(),
  brand: z.string(),
  model: z.string(),
  plate: z.string().nullable(),
  odometerKm: z.number(),
  /** The worst of its items. */
  state: z.enum(['due_soon', 'overdue']),
  items: z.array(dueItem),
});
export type DueCar = z.infer<typeof dueCar>;

export const serviceBlockBody = z.object({
  car: idField('the car'),
  pickupDate: calendarDate('First day'),
  returnDate: calendarDate('Last day'),
  items: z.array(text("An item's name", 60)).min(1, { error: 'Please name what the service is for.' }).max(MAX_PLAN_ITEMS),
});
export type ServiceBlockBody = z.input<typeof serviceBlockBody>;

export const maintenanceResponses = {
  plan: ok({ plan: maintenancePlan }),
  planSaved: ok({ message: z.string(), plan: maintenancePlan }),
  services: ok({ services: z.array(carService) }),
  serviceLogged: ok({ message: z.string(), service: carService, plan: maintenancePlan }),
  due: ok({ cars: z.array(dueCar), soonKm: z.number(), soonDays: z.number(), today: z.string() }),
} as const;
export type MaintenanceDueResponse = z.infer<typeof maintenanceResponses.due>;
