/**
 * One page of the public fleet, for the web's car list: the SPEC's GET /api/user/cars sends every
 * car, which at a few hundred cars is more than a phone should download, parse and draw to show
 * the first dozen. The search and the vehicle group apply to the whole fleet before the cut, so the
 * count and the page numbers are the fleet's.
 */
import { z } from 'zod';
import { CAR_CATEGORIES } from '../constants';
import { car } from './cars';
import { ok, queryText } from './fields';

/** Cars on a page of /cars: a phone's first screen and a desktop's (1, 2 or 3 to a row) fill evenly. */
export const CARS_PAGE_SIZE = 12;
/** The most a page may hold (the home page and a car's page ask for a few). */
export const MAX_CARS_PAGE_SIZE = 48;
/** The longest search the list takes. */
export const MAX_CAR_SEARCH_LENGTH = 100;

const wholeText = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} must be given once, as a whole number.` })
    .regex(/^\d{1,6}$/, { error: `${label} must be a whole number from ${min} to ${max}.` })
    .refine((value) => Number(value) >= min && Number(value) <= max, { error: `${label} must be a whole number from ${min} to ${max}.` });

export const carsPageQuery = z.object({
  page: wholeText('The page', 1, 100_000).optional().describe('Which page, from 1; past the last page the last is answered.'),
  size: wholeText('The page size', 1, MAX_CARS_PAGE_SIZE).optional().describe(`Cars on a page, ${CARS_PAGE_SIZE} when left out.`),
  search: queryText('The search', MAX_CAR_SEARCH_LENGTH)
    .optional()
    .describe('Words that must all appear in the make, model, vehicle group or gearbox, in any case.'),
  category: z
    .enum(CAR_CATEGORIES, { error: `Please choose a vehicle group: ${CAR_CATEGORIES.join(', ')}.` })
    .optional()
    .describe('Only cars of this vehicle group.'),
});
export type CarsPageQuery = z.infer<typeof carsPageQuery>;

export const carsPageResponse = ok({
  cars: z.array(car),
  /** Cars matching the search and group in the whole fleet. */
  total: z.number(),
  /** The page answered (the last one when a later page was asked), and how many there are (at least 1). */
  page: z.number(),
  pages: z.number(),
  pageSize: z.number(),
  /** The vehicle groups the whole fleet has, whatever the filter: the list's buttons. */
  categories: z.array(z.string()),
});
export type CarsPageResponse = z.infer<typeof carsPageResponse>;
