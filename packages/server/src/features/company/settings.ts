/**
 * The company's facts, one row of JSON. The row is made at start from the shipped defaults, so
 * that every change (an owner's save, a car placed at a location) can lock it: a location cannot
 * be removed while a car is being placed there.
 */
import {
  COMPANY_LATER_SETTINGS,
  type CompanySettings,
  companySettings as companySchema,
  DEFAULT_COMPANY,
  detailsFor,
  REFUSAL_CODES,
  type UpdateCompanyBody,
} from '@rental/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { bookings, cars, companySettings } from '../../db/schema';
import { actAs } from '../../db/actor';
import type { Database } from '../../db/types';
import { HttpError } from '../../http/errors';
import { markSettingUp } from './settingUp';
export { companySettingUp } from './settingUp';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Most requests read the settings, some three times (the counter, its folio, its letter), and
 * checking them against the schema cost ~2 ms each time (bench/counter-checkout.mjs, CPU profile):
 * the last row read is checked once until it changes.
 */
let lastRead: { text: string; company: CompanySettings } | undefined;

/** Stored facts over the defaults: a fact added in a later release reads its default until saved. */
export function withDefaults(value: unknown): CompanySettings {
  const text = JSON.stringify(value ?? null);
  if (lastRead?.text !== text) {
    const merged: Record<string, unknown> = { ...DEFAULT_COMPANY, ...(value && typeof value === 'object' ? value : {}) };
    // Saved before locations had details: each reads the company's address and hours until given.
    if (!(value && typeof value === 'object' && 'locationDetails' in value) && Array.isArray(merged.locations)) {
      merged.locationDetails = detailsFor(merged.locations.filter((l): l is string => typeof l === 'string'));
    }
    const parsed = companySchema.safeParse(merged);
    lastRead = { text, company: parsed.success ? parsed.data : { ...DEFAULT_COMPANY } };
  }
  // A copy each time: callers may mark or change theirs (markSettingUp keeps the object itself).
  return structuredClone(lastRead.company);
}

export async function ensureCompanySettings(db: Database): Promise<void> {
  await db.insert(companySettings).values({ id: 1, value: DEFAULT_COMPANY }).onConflictDoNothing();
}

/** savedAt: a Date from Drizzle, a string from the column below; only whether it is set counts. */
type SettingsRow = { value: unknown; savedAt: Date | string | null } | undefined;

/**
 * The row as a transaction first read it: a check-in asks three times (its own rules, its folio,
 * its letter), each a round trip on the transaction's one connection. Saving the settings forgets
 * it (saveCompanySettings), so a transaction reads its own change.
 */
const readInTransaction = new WeakMap<Tx, Promise<SettingsRow>>();

const isTransaction = (db: Database | Tx): db is Tx => 'rollback' in db;

async function settingsRow(db: Database | Tx): Promise<SettingsRow> {
  const [row] = await db
    .select({ value: companySettings.value, savedAt: companySettings.contactsSavedAt })
    .from(companySettings)
    .where(eq(companySettings.id, 1));
  return row;
}

/**
 * The settings' row as a column of the select that opens a transaction (the counter's locked
 * booking): one round trip fewer. Hand what it read to companySettingsOf, which keeps it for the
 * transaction as if getCompanySettings had read it.
 */
export const companySettingsColumn = () =>
  sql<SettingsRow | null>`(SELECT json_build_object('value', ${companySettings.value}, 'savedAt', ${companySettings.contactsSavedAt}) FROM ${companySettings} WHERE ${companySettings.id} = 1)`;

export function companySettingsOf(tx: Tx, row: SettingsRow | null): Promise<CompanySettings> {
  readInTransaction.set(tx, Promise.resolve(row ?? undefined));
  return getCompanySettings(tx);
}

export async function getCompanySettings(db: Database | Tx): Promise<CompanySettings> {
  let read: Promise<SettingsRow>;
  if (isTransaction(db)) {
    read = readInTransaction.get(db) ?? settingsRow(db);
    readInTransaction.set(db, read);
  } else read = settingsRow(db);
  const row = await read;
  const company = withDefaults(row?.value);
  // Not saved yet: the letters leave the shipped phone and e-mail out (settingUp.ts).
  return row && !row.savedAt ? markSettingUp(company) : company;
}

/**
 * Has an owner saved the settings (their phone and e-mail) yet? Until then the public site and the
 * letters say the company is setting up instead of showing the shipped placeholders.
 */
export async function contactsSaved(db: Database | Tx): Promise<boolean> {
  const [row] = await db.select({ at: companySettings.contactsSavedAt }).from(companySettings).where(eq(companySettings.id, 1));
  return Boolean(row?.at);
}

/** Read under a share lock, inside a transaction that places a car at a location. */
export async function lockedCompanySettings(tx: Tx): Promise<CompanySettings> {
  const [row] = await tx.select({ value: companySettings.value }).from(companySettings).where(eq(companySettings.id, 1)).for('share');
  return withDefaults(row?.value);
}

export function locationProblem(company: CompanySettings, location: string): string | undefined {
  if (company.locations.includes(location)) return undefined;
  return `Please choose one of the company's pickup locations: ${company.locations.join('; ')}.`;
}

export async function saveCompanySettings(db: Database, staffId: string, asked: UpdateCompanyBody): Promise<CompanySettings> {
  return db.transaction(async (tx) => {
    await actAs(tx, staffId);
    // The row exists: buildApp made it (ensureCompanySettings) before any route could run.
    const [row] = await tx.select({ value: companySettings.value }).from(companySettings).where(eq(companySettings.id, 1)).for('update');
    const current = withDefaults(row?.value);
    // A client that does not know a later setting (drivers' rules, GCT, TRN, the counter's charges) keeps it as it is.
    const next = { ...asked } as CompanySettings;
    for (const key of COMPANY_LATER_SETTINGS) (next as Record<string, unknown>)[key] = asked[key] ?? current[key];
    const strays = (asked.locationDetails ?? []).filter((place) => !next.locations.includes(place.name));
    if (strays.length > 0) {
      throw new HttpError(400, `${REFUSAL_CODES.location_details_unknown} Not listed: ${strays.map((p) => p.name).join('; ')}.`, 'location_details_unknown');
    }
    // Each place keeps its address and hours unless this save gives new ones (a client that sends only `locations`).
    next.locationDetails = detailsFor(next.locations, asked.locationDetails, current.locationDetails);
    await refuseRemovingUsedLocations(
      tx,
      current.locations.filter((place) => !next.locations.includes(place)),
    );
    await tx
      .update(companySettings)
      // The first save is when the phone and e-mail become the company's own (contactsSaved).
      .set({ value: next, updatedBy: staffId, updatedAt: sql`now()`, contactsSavedAt: sql`coalesce(${companySettings.contactsSavedAt}, now())` })
      .where(eq(companySettings.id, 1));
    readInTransaction.delete(tx);
    return next;
  });
}

/** The SPEC's booking statuses and the counter's that still need their car's place. */
const OPEN_BOOKING = ['pending', 'confirmed', 'on_rent'] as const;

/**
 * A location cannot go while a car stands there (it would have no place customers can search) or
 * an open booking's car does (a car hidden from the fleet keeps its bookings): 409 location_in_use.
 */
async function refuseRemovingUsedLocations(tx: Tx, removed: string[]): Promise<void> {
  if (removed.length === 0) return;
  const standing = await tx
    .select({ location: cars.location, count: sql<number>`count(*)::int` })
    .from(cars)
    .where(and(inArray(cars.location, removed), isNull(cars.deletedAt)))
    .groupBy(cars.location);
  const booked = await tx
    .select({ location: cars.location, count: sql<number>`count(*)::int` })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .where(and(inArray(cars.location, removed), inArray(bookings.status, [...OPEN_BOOKING])))
    .groupBy(cars.location);
  if (standing.length === 0 && booked.length === 0) return;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const places = removed
    .map((place) => {
      const carCount = standing.find((s) => s.location === place)?.count ?? 0;
      const bookingCount = booked.find((b) => b.location === place)?.count ?? 0;
      const what = [carCount && plural(carCount, 'car', 'cars'), bookingCount && plural(bookingCount, 'open booking', 'open bookings')].filter(Boolean);
      return what.length ? `${place} (${what.join(', ')})` : '';
    })
    .filter(Boolean)
    .join(', ');
  throw new HttpError(
    409,
    `Cars or bookings are still at ${places}. Move the cars to another location, and let the bookings end, before removing it.`,
    'location_in_use',
  );
}
