/**
 * Calendar dates of the company (YYYY-MM-DD in America/Jamaica) and the booking rules on them.
 * Pure functions, shared by the server (which enforces them) and the browser (which explains them).
 */
import { COMPANY_UTC_OFFSET_MINUTES, FAR_AHEAD_DAYS, FAR_AHEAD_HOLD_MINUTES, MAX_DAYS_AHEAD, MAX_RENTAL_DAYS } from './constants';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** True only for a real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [, y = NaN, mo = NaN, d = NaN] = m.map(Number);
  if (y < 1900 || y > 9999) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function toUtcMs(date: string): number {
  const [y = NaN, m = NaN, d = NaN] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

function fromUtcMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The company's date and clock time at an instant. Jamaica keeps UTC-5 all year (no daylight saving
 * time since 1983), so its wall clock is UTC's less five hours: worked out without Intl, whose first
 * use in a browser tab costs a phone 30-60 ms of one task while the public pages are hydrated (and
 * the server asks for today on every cached read). A test holds it to the time zone database
 * (COMPANY_TIME_ZONE) across the years; were Jamaica to change its clocks, that test fails.
 */
export function companyWallClock(instant: Date): { date: string; hour: number; minute: number } {
  const shifted = new Date(instant.getTime() + COMPANY_UTC_OFFSET_MINUTES * 60_000);
  return { date: shifted.toISOString().slice(0, 10), hour: shifted.getUTCHours(), minute: shifted.getUTCMinutes() };
}

/** Today's date in the company's time zone. */
export function companyToday(now: Date = new Date()): string {
  return companyWallClock(now).date;
}

export function addDays(date: string, days: number): string {
  return fromUtcMs(toUtcMs(date) + days * MS_PER_DAY);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / MS_PER_DAY);
}

/** Return minus pickup, at least 1: a same-day return is charged as one day. */
export function rentalDays(pickupDate: string, returnDate: string): number {
  return Math.max(1, daysBetween(pickupDate, returnDate));
}

/** A rental's price as every screen shows it: days x daily rate = total. */
export interface RentalPrice {
  pricePerDay: number;
  days: number;
  total: number;
}

/**
 * The price of renting a car for these days: the one computation behind every price a customer
 * sees (cards, car page, payment step). The server's booking function stores the same total;
 * a test holds the two together.
 */
export function rentalPrice(pricePerDay: number, pickupDate: string, returnDate: string): RentalPrice {
  const days = rentalDays(pickupDate, returnDate);
  return { pricePerDay, days, total: pricePerDay * days };
}

export function bookingPrice(pricePerDay: number, pickupDate: string, returnDate: string): number {
  return rentalPrice(pricePerDay, pickupDate, returnDate).total;
}

/** A booking's price as it was stored (later price changes never alter it), told as days x rate. */
export function storedRentalPrice(booking: { price: number; pickupDate: string; returnDate: string }): RentalPrice {
  const days = rentalDays(booking.pickupDate, booking.returnDate);
  return { pricePerDay: booking.price / days, days, total: booking.price };
}

/** A pickup far enough ahead that its hold is short (holdMinutesFor): one rule for the server and the payment step. */
export function isFarAhead(pickupDate: string, today: string = companyToday()): boolean {
  return daysBetween(today, pickupDate) > FAR_AHEAD_DAYS;
}

/**
 * How long a new pending booking is held for staff to confirm: the company's hold, but at most a day
 * for a pickup more than FAR_AHEAD_DAYS ahead, so holds far ahead cannot keep cars for weeks unseen.
 */
export function holdMinutesFor(pickupDate: string, holdMinutes: number, today: string = companyToday()): number {
  return isFarAhead(pickupDate, today) ? Math.min(holdMinutes, FAR_AHEAD_HOLD_MINUTES) : holdMinutes;
}

/** The first day of the month holding `date`, and the first day of the next month. */
export function monthBounds(date: string): { start: string; nextStart: string } {
  const [y = NaN, m = NaN] = date.split('-').map(Number);
  const start = fromUtcMs(Date.UTC(y, m - 1, 1));
  const nextStart = fromUtcMs(Date.UTC(y, m, 1));
  return { start, nextStart };
}

/** Do two inclusive date ranges share at least one day? */
export function rangesOverlap(a: { pickupDate: string; returnDate: string }, b: { pickupDate: string; returnDate: string }): boolean {
  return a.pickupDate <= b.returnDate && b.pickupDate <= a.returnDate;
}

export type RentalDatesProblem = { field: 'pickupDate' | 'returnDate'; message: string };

/**
 * Why these dates cannot be booked, or null when they can.
 * Inclusive range: the car is taken on the pickup day, the return day and every day between.
 */
export function rentalDatesProblem(pickupDate: string, returnDate: string, today: string = companyToday()): RentalDatesProblem | null {
  if (!isCalendarDate(pickupDate)) return { field: 'pickupDate', message: 'The pickup date is not a real date. Please choose it again.' };
  if (!isCalendarDate(returnDate)) return { field: 'returnDate', message: 'The return date is not a real date. Please choose it again.' };
  if (pickupDate < today) return { field: 'pickupDate', message: 'The pickup date cannot be in the past.' };
  if (daysBetween(today, pickupDate) > MAX_DAYS_AHEAD) {
    return { field: 'pickupDate', message: `The pickup date can be at most ${MAX_DAYS_AHEAD} days ahead.` };
  }
  if (returnDate < pickupDate) return { field: 'returnDate', message: 'The return date cannot be before the pickup date.' };
  if (rentalDays(pickupDate, returnDate) > MAX_RENTAL_DAYS) {
    return { field: 'returnDate', message: `A rental can last at most ${MAX_RENTAL_DAYS} days.` };
  }
  return null;
}

/** Next year's models arrive before New Year; "this year" is the company's, not the browser's or UTC's. */
export function latestCarYear(now: Date = new Date()): number {
  return Number(companyToday(now).slice(0, 4)) + 1;
}
