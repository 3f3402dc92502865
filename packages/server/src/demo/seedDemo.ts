/**
 * `npm run demo`: fills an empty database with a living site — a fleet with generated pictures,
 * a demo owner, two customers, a few bookings and the company's bank details — so a newcomer
 * sees every screen with data at once. A database that already has cars is left alone.
 */
import { randomBytes } from 'node:crypto';
import { companyToday } from '@rental/contract/rentalDates';
import { eq, sql } from 'drizzle-orm';
import { bankDetails, bookingEvents, bookingExtras, bookings, carPictures, cars, users } from '../db/schema';
import type { Database } from '../db/types';
import { rowAt, theRow } from '../db/rows';
import { hashPassword } from '../security/passwords';
import { FOLIO_METHOD_OF } from '@rental/contract/folio';
import { folioTotalsOf, recordMoney } from '../features/bookings';
import { storeImage } from '../features/images/store';
import { ensureCompanySettings, lockedCompanySettings } from '../features/company';
import { DEMO_PICTURE_HEIGHT, DEMO_PICTURE_WIDTH, carPictureWebp } from './carPicture';
import { DEMO_FLEET } from './fleet';
import { DEMO_TESTIMONIALS } from './demoTestimonials';
import { demoBookings } from './demoBookings';
import { demoQuote, seedDemoPrices } from './demoPrices';
import { DEMO_LICENCE, seedDemoDrivers } from './demoDrivers';
import { type DemoRental, seedDemoCounter } from './demoCounter';
import { demoLoginLabel, keepDemoLogins, printDemoLogins } from './demoLogins';

export type DemoLog = { info: (msg: string) => void };

export const DEMO_OWNER = { name: 'Marcia Reid', email: 'demo.owner@example.com' } as const;
/** A counter agent: the desk and bookings without prices, settings or bank details (staffRoles.ts). */
export const DEMO_AGENT = { name: 'Kemar Brown', email: 'demo.agent@example.com' } as const;
export const DEMO_CUSTOMERS = [
  { name: 'Tanisha Campbell', email: 'tanisha.campbell@example.com' },
  { name: 'Andre Williams', email: 'andre.williams@example.com' },
] as const;

const DEMO_BANK_DETAILS = {
  bankName: 'National Commercial Bank (NCB)',
  accountHolderName: 'Waterford Car Rental Ltd.',
  branch: 'Portmore Pines',
  accountNumber: '354-1027-889',
  accountType: 'Chequing',
} as const;

/** Twelve characters from 72 random bits: easy to copy from the log, impossible to guess. */
function generatePassword(): string {
  return randomBytes(9).toString('base64url');
}

async function hasCars(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(cars);
  return (row?.n ?? 0) > 0;
}

/** The fleet was "added" this long ago, well before the oldest demo booking. */
const FLEET_AGE_MS = 90 * 86_400_000;

type Account = { name: string; email: string; role: 'owner' | 'user'; staffRole?: 'agent'; password: string; passwordHash: string };

/** An account that already exists under the demo e-mail keeps its password; returns whether it was created. */
async function ensureAccount(db: Database, account: Account): Promise<{ id: string; created: boolean }> {
  const [created] = await db
    .insert(users)
    .values({ name: account.name, email: account.email, role: account.role, staffRole: account.staffRole, passwordHash: account.passwordHash })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (created) return { id: created.id, created: true };
  const existing = theRow(await db.select({ id: users.id }).from(users).where(eq(users.email, account.email)), `The account ${account.email}`);
  return { id: existing.id, created: false };
}

export async function seedDemo(db: Database, log: DemoLog, today: string = companyToday(), holdMinutes = 2880): Promise<void> {
  if (await hasCars(db)) {
    log.info('Demo data skipped: the database already has cars.');
    await printDemoLogins(db, log);
    return;
  }

  // The slow parts (drawing, hashing) happen before the transaction so it stays short.
  // Each car's cover, then its other views (the same car under other skies) for the car page's gallery.
  const pictures = await Promise.all(
    DEMO_FLEET.map((car, index) =>
      Promise.all(
        Array.from({ length: 1 + (car.extraViews ?? 0) }, (_, view) => carPictureWebp({ category: car.category, colour: car.colour, scene: index + view * 5 })),
      ),
    ),
  );
  const plan = demoBookings(today);
  const people: Account[] = await Promise.all(
    [
      { ...DEMO_OWNER, role: 'owner' as const },
      ...DEMO_CUSTOMERS.map((c) => ({ ...c, role: 'user' as const })),
      { ...DEMO_AGENT, role: 'owner' as const, staffRole: 'agent' as const },
    ].map(async (person) => {
      const password = generatePassword();
      return { ...person, password, passwordHash: await hashPassword(password) };
    }),
  );

  // The demo is seeded before the app is built (main.ts), so before it makes the settings' row: made
  // here, or the demo's saved contacts and testimonials below would update nothing.
  await ensureCompanySettings(db);
  const seeded = await db.transaction(async (tx) => {
    // Two instances started with --demo at once: the second waits here, then sees the cars.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('rental.seedDemo'))`);
    if (await hasCars(tx)) return null;
    // The fleet stands at the company's first location, whatever the settings name it.
    const [location] = (await lockedCompanySettings(tx)).locations;
    if (location === undefined) throw new Error('The company settings name no location for the demo fleet.');

    const accounts = [];
    for (const person of people) accounts.push({ ...person, ...(await ensureAccount(tx, person)) });
    await keepDemoLogins(
      tx,
      accounts.filter((a) => a.created),
    );
    // The owner, the customers, then the agent (who books nothing of their own).
    const [owner, ...others] = accounts;
    if (!owner) throw new Error('The demo has no owner account.');
    const customers = others.filter((account) => account.role === 'user');

    const prices = await seedDemoPrices(tx, today);
    const childSeat = prices.extras.find((extra) => extra.name === 'Child seat');
    if (!childSeat) throw new Error('The demo prices have no child seat.');
    const carRows: { id: string; brand: string; model: string; category: string; pricePerDay: number }[] = [];
    const now = Date.now();
    for (const [index, car] of DEMO_FLEET.entries()) {
      // Added before any demo booking was made; a minute apart, because one transaction gives every
      // row the same now() and "newest first" would then shuffle the fleet.
      const addedAt = new Date(now - FLEET_AGE_MS - index * 60_000);
      const imageIds: string[] = [];
      for (const content of rowAt(pictures, index, 'The demo car’s pictures')) {
        imageIds.push(await storeImage(tx, { content, mimeType: 'image/webp', width: DEMO_PICTURE_WIDTH, height: DEMO_PICTURE_HEIGHT }));
      }
      const imageId = theRow(imageIds, 'The demo car’s cover picture');
      const row = theRow(
        await tx
          .insert(cars)
          .values({
            addedBy: owner.id,
            brand: car.brand,
            model: car.model,
            year: car.year,
            pricePerDay: car.pricePerDay,
            category: car.category,
            transmission: car.transmission,
            fuelType: car.fuelType,
            seatingCapacity: car.seatingCapacity,
            location,
            description: car.description,
            imageId,
            doors: car.doors,
            distancePerDay: car.distancePerDay ?? null,
            isAvailable: !car.inService,
            // Jamaican private plates: four digits and two letters.
            plate: `${String(1000 + index * 463).slice(-4)} ${['FB', 'GK', 'HX', 'JD', 'KP', 'LM'][index % 6]}`,
            odometerKm: 18_000 + index * 7_531,
            createdAt: addedAt,
            updatedAt: addedAt,
          })
          .returning({ id: cars.id, brand: cars.brand, model: cars.model, category: cars.category, pricePerDay: cars.pricePerDay }),
        'The demo car',
      );
      carRows.push(row);
      await tx.insert(carPictures).values(imageIds.map((id, position) => ({ carId: row.id, imageId: id, position })));
    }

    // Each booking as the site would have made it: quoted (every other one with a child seat), a hold
    // while pending, its history, why a cancelled one ended.
    const seatFor = (n: number) => (n % 2 === 0 ? [{ id: childSeat.id, quantity: 1 }] : []);
    const made = await tx
      .insert(bookings)
      .values(
        plan.map((b, n) => {
          const car = rowAt(
            carRows,
            DEMO_FLEET.findIndex((c) => c.model === b.model),
            `The demo ${b.model}`,
          );
          const createdAt = new Date(now - b.bookedHoursAgo * 3_600_000);
          const quoted = demoQuote(car, { ...b, extras: seatFor(n) }, prices);
          return {
            carId: car.id,
            userId: rowAt(customers, b.customerIndex, 'The demo customer').id,
            pickupDate: b.pickupDate,
            returnDate: b.returnDate,
            price: quoted.total,
            quote: quoted,
            status: b.status,
            statusReason: b.status === 'cancelled' ? ('customer' as const) : null,
            paymentMethod: b.paymentMethod,
            holdExpiresAt: b.status === 'pending' ? new Date(createdAt.getTime() + holdMinutes * 60_000) : null,
            createdAt,
          };
        }),
      )
      .returning({ id: bookings.id, status: bookings.status, userId: bookings.userId, createdAt: bookings.createdAt });
    const seated = made.filter((_, n) => seatFor(n).length > 0);
    if (seated.length > 0) await tx.insert(bookingExtras).values(seated.map((booking) => ({ bookingId: booking.id, extraId: childSeat.id, quantity: 1 })));
    await tx.insert(bookingEvents).values(
      made.flatMap((booking) => [
        {
          bookingId: booking.id,
          kind: 'book' as const,
          data: { status: 'pending', confirmAtOnce: false },
          status: 'pending' as const,
          actorId: booking.userId,
          at: booking.createdAt,
        },
        ...(booking.status === 'pending'
          ? []
          : [
              {
                bookingId: booking.id,
                kind: booking.status === 'cancelled' ? ('cancel_by_customer' as const) : ('confirm' as const),
                data: { status: booking.status },
                status: booking.status,
                reason: booking.status === 'cancelled' ? ('customer' as const) : null,
                actorId: booking.status === 'cancelled' ? booking.userId : owner.id,
                // Staff confirm (or the customer cancels) within the hour.
                at: new Date(booking.createdAt.getTime() + 45 * 60_000),
              },
            ]),
      ]),
    );

    // Money in the folios, as a company has it: rentals under way or over were paid at the office,
    // and one bank deposit covered half of a booking (it reads Part paid).
    for (const [n, b] of plan.entries()) {
      const booking = rowAt(made, n, 'The demo booking');
      if (b.status !== 'confirmed') continue;
      const { balance } = await folioTotalsOf(tx, booking.id);
      if (b.pickupDate <= today && balance > 0) {
        await recordMoney(tx, booking.id, { kind: 'payment', method: FOLIO_METHOD_OF[b.paymentMethod], amount: balance, reference: 'demo', by: owner.id });
      } else if (b.paymentMethod === 'cash_deposit' && balance > 1) {
        await recordMoney(tx, booking.id, {
          kind: 'payment',
          method: 'bank_deposit',
          amount: Math.floor(balance / 2),
          reference: 'NCB 88231',
          note: 'Half paid into the bank',
          by: owner.id,
        });
      }
    }

    await seedDemoDrivers(tx, customers);
    // The approved customer's rentals that reached the counter: this month's first (returned if
    // over), and the one out on rent today.
    const counter: DemoRental[] = plan.flatMap((b, n) =>
      b.customerIndex === 0 && b.status === 'confirmed' && b.pickupDate <= today
        ? [{ bookingId: rowAt(made, n, 'The demo booking').id, pickupDate: b.pickupDate, returnDate: b.returnDate, returned: b.returnDate < today }]
        : [],
    );

    await tx
      .insert(bankDetails)
      .values({ id: 1, ...DEMO_BANK_DETAILS, updatedBy: owner.id })
      .onConflictDoNothing({ target: bankDetails.id });
    // The demo's company has its facts saved (the shipped ones), so its pages show a phone and an
    // e-mail; a real install says it is setting up until its owner saves theirs.
    await tx.execute(sql`UPDATE company_settings SET contacts_saved_at = now(), updated_by = ${owner.id} WHERE contacts_saved_at IS NULL`);
    // And the SPEC's four testimonials, unless the company entered its own.
    await tx.execute(
      sql`UPDATE company_settings SET value = jsonb_set(value, '{testimonials}', ${JSON.stringify(DEMO_TESTIMONIALS)}::jsonb)
          WHERE coalesce(jsonb_array_length(value->'testimonials'), 0) = 0`,
    );

    return { accounts, counter, ownerId: owner.id };
  });

  if (!seeded) {
    log.info('Demo data skipped: the database already has cars.');
    await printDemoLogins(db, log);
    return;
  }
  const { accounts: createdAccounts, counter, ownerId } = seeded;
  await seedDemoCounter(db, ownerId, DEMO_LICENCE, counter, today);
  log.info(`Demo data added: ${DEMO_FLEET.length} cars, ${plan.length} bookings.`);
  for (const account of createdAccounts) {
    const label = demoLoginLabel(account);
    log.info(account.created ? `${label}: ${account.email} / ${account.password}` : `${label}: ${account.email} (existing account, password unchanged)`);
  }
}
