import { DEFAULT_COMPANY } from '@rental/contract/company';
import { CAR_CATEGORIES, CAR_IMAGE_MAX_WIDTH } from '@rental/contract/constants';
import { companyToday, monthBounds, rangesOverlap } from '@rental/contract/rentalDates';
import { demoQuote } from '../src/demo/demoPrices';
import { getPriceRules, listExtras } from '../src/features/prices/priceRules';
import { desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankDetails, bookingEvents, bookingExtras, bookings, cars, images, rentals, users } from '../src/db/schema';
import { DEMO_PICTURE_WIDTH } from '../src/demo/carPicture';
import { demoBookings } from '../src/demo/demoBookings';
import { DEMO_AGENT, DEMO_CUSTOMERS, DEMO_OWNER, seedDemo } from '../src/demo/seedDemo';
import { secretRowTest } from '../src/backup/tables';
import { getCompanySettings } from '../src/features/company/settings';
import { DEMO_TESTIMONIALS } from '../src/demo/demoTestimonials';
import { hashPassword, verifyPassword } from '../src/security/passwords';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type TestDatabase, createTestDatabase, describeDatabase, testApi } from './helpers';
import { queryRows } from '../src/db/types';

type Span = { carId: string; pickupDate: string; returnDate: string; status: string };

function overlappingPairs(spans: Span[]): [Span, Span][] {
  const live = spans.filter((s) => s.status !== 'cancelled');
  const pairs: [Span, Span][] = [];
  for (const [i, a] of live.entries()) {
    for (const b of live.slice(i + 1)) if (a.carId === b.carId && rangesOverlap(a, b)) pairs.push([a, b]);
  }
  return pairs;
}

describe(`demo data (${describeDatabase})`, () => {
  let database: TestDatabase;
  const logged: string[] = [];
  const log = { info: (msg: string) => void logged.push(msg) };
  const today = companyToday();

  beforeAll(async () => {
    database = await createTestDatabase();
    // As main.ts does: the demo first, on a database the app has not been built on yet.
    await seedDemo(database.db, log);
  });
  afterAll(() => database?.close());

  it("saves the company's contacts, though it seeds before the app makes the settings row: the demo's pages show its phone", async () => {
    const app = await buildApp({ db: database.db, config: loadConfig({ LOG_LEVEL: 'silent' }) });
    try {
      const answer = await testApi(app).call('company');
      expect(answer.contactsSaved).toBe(true);
      expect(answer.company.phone).toBe(DEFAULT_COMPANY.phone);
      expect(answer.company.email).toBe(DEFAULT_COMPANY.email);
    } finally {
      await app.close();
    }
  });

  it('fills an empty database with a fleet covering every category, at the only location', async () => {
    const fleet = await database.db.select().from(cars);
    expect(fleet.length).toBeGreaterThanOrEqual(12);
    expect(new Set(fleet.map((c) => c.category))).toEqual(new Set(CAR_CATEGORIES));
    for (const car of fleet) {
      expect(car.location).toBe(DEFAULT_COMPANY.locations[0]);
      expect(car.pricePerDay).toBeGreaterThanOrEqual(5000);
      expect(car.pricePerDay).toBeLessThanOrEqual(20000);
      expect(car.description.length).toBeGreaterThan(20);
    }
    expect(fleet.some((c) => c.isAvailable)).toBe(true);
  });

  it("gives the demo company the SPEC's four testimonials (a real install has none until its owner enters them)", async () => {
    expect(DEFAULT_COMPANY.testimonials).toEqual([]);
    const company = await getCompanySettings(database.db);
    expect(company.testimonials).toEqual(DEMO_TESTIMONIALS);
    // And its contacts are saved, so its pages show a phone and an e-mail.
    const [row] = await queryRows<{ saved: boolean }>(database.db, sql`SELECT contacts_saved_at IS NOT NULL AS saved FROM company_settings`);
    expect(row?.saved).toBe(true);
    expect(company.testimonials.map((t) => t.name)).toEqual(['Shanice W.', 'Andre M.', 'Keisha B.', 'Marlon T.']);
  });

  it("lists six different kinds of car first, the home page's featured six", async () => {
    const newest = await database.db.select({ category: cars.category }).from(cars).orderBy(desc(cars.createdAt)).limit(6);
    expect(new Set(newest.map((c) => c.category)).size).toBe(6);
  });

  it('gives every car its own picture, a real WebP of the expected width', async () => {
    const rows = await database.db
      .select({ content: images.content, width: images.width, mimeType: images.mimeType })
      .from(cars)
      .innerJoin(images, eq(images.id, cars.imageId));
    expect(DEMO_PICTURE_WIDTH).toBeLessThanOrEqual(CAR_IMAGE_MAX_WIDTH);
    for (const row of rows) {
      const meta = await sharp(row.content).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(DEMO_PICTURE_WIDTH);
      expect(row.width).toBe(DEMO_PICTURE_WIDTH);
      expect(row.mimeType).toBe('image/webp');
    }
    expect(new Set(rows.map((r) => r.content.toString('base64'))).size).toBe(rows.length);
  });

  it('prints a demo owner login that really works, once', async () => {
    const line = logged.find((l) => l.startsWith('Demo owner: '));
    const match = /^Demo owner: (\S+) \/ (\S+)$/.exec(line ?? '');
    expect(match?.[1]).toBe(DEMO_OWNER.email);
    const [owner] = await database.db.select().from(users).where(eq(users.email, DEMO_OWNER.email));
    expect(owner?.role).toBe('owner');
    expect(await verifyPassword(owner!.passwordHash, match![2]!)).toBe(true);
    const customers = await database.db.select().from(users).where(eq(users.role, 'user'));
    expect(customers).toHaveLength(2);
  });

  it('prints a counter agent login that really works: staff with the agent role, not an owner', async () => {
    const match = /^Demo counter agent: (\S+) \/ (\S+)$/.exec(logged.find((l) => l.startsWith('Demo counter agent: ')) ?? '');
    expect(match?.[1]).toBe(DEMO_AGENT.email);
    const [agent] = await database.db.select().from(users).where(eq(users.email, DEMO_AGENT.email));
    expect(agent?.role).toBe('owner');
    expect(agent?.staffRole).toBe('agent');
    expect(await verifyPassword(agent!.passwordHash!, match![2]!)).toBe(true);
  });

  it("has a car out on rent, due back today, checked out at the counter with its agreement, and the month's first rental returned with a receipt", async () => {
    const out = await database.db.select().from(rentals).innerJoin(bookings, eq(bookings.id, rentals.bookingId));
    const onRent = out.filter((r) => r.bookings.status === 'on_rent');
    expect(onRent.map((r) => r.bookings.returnDate)).toContain(companyToday());
    for (const r of out) expect(r.rentals.agreementPdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const returned = out.filter((r) => r.bookings.status === 'returned');
    for (const r of returned) expect(r.rentals.receiptNumber).toMatch(/^R-\d{4}-\d{6}$/);
    expect(returned.length + onRent.length).toBe(out.length);
  });

  it('adds bookings of every status, priced by the rules, never two on one car for the same day', async () => {
    const rows = await database.db.select().from(bookings).innerJoin(cars, eq(cars.id, bookings.carId));
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const statuses = new Set(rows.map((r) => r.bookings.status));
    for (const status of ['pending', 'confirmed', 'cancelled', 'on_rent']) expect(statuses).toContain(status);
    const prices = { rules: await getPriceRules(database.db), extras: await listExtras(database.db) };
    expect(prices.extras.map((e) => e.name)).toEqual(['Collision damage waiver', 'Child seat', 'GPS']);
    const taken = await database.db.select().from(bookingExtras);
    expect(taken.length).toBeGreaterThan(0);
    for (const { bookings: b, cars: c } of rows) {
      const extras = taken.filter((t) => t.bookingId === b.id).map((t) => ({ id: t.extraId, quantity: t.quantity }));
      expect(b.quote).toEqual(demoQuote(c, { pickupDate: b.pickupDate, returnDate: b.returnDate, extras }, prices));
      expect(b.price).toBe(b.quote!.total);
      expect(b.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
    expect(overlappingPairs(rows.map((r) => r.bookings))).toEqual([]);
    const { start, nextStart } = monthBounds(today);
    const revenueThisMonth = rows
      .filter((r) => r.bookings.status === 'confirmed' && r.bookings.pickupDate >= start && r.bookings.pickupDate < nextStart)
      .reduce((sum, r) => sum + r.bookings.price, 0);
    expect(revenueThisMonth).toBeGreaterThan(0);
  });

  it('makes each booking as the site would: a reference, a hold while pending, a history, why a cancelled one ended', async () => {
    const rows = await database.db.select().from(bookings);
    const events = await database.db.select().from(bookingEvents);
    for (const booking of rows) {
      expect(booking.reference).toMatch(/^WR-[2-9A-HJ-NP-Z]{6}$/);
      expect(booking.holdExpiresAt !== null, booking.reference).toBe(booking.status === 'pending');
      if (booking.holdExpiresAt) expect(booking.holdExpiresAt.getTime()).toBeGreaterThan(Date.now());
      expect(booking.statusReason !== null, booking.reference).toBe(booking.status === 'cancelled');
      const history = events.filter((e) => e.bookingId === booking.id).sort((a, b) => a.at.getTime() - b.at.getTime());
      expect(history[0]?.status).toBe('pending');
      // The last step's status: after the demo's return time an on-rent car's overdue alert is an event with no step.
      expect(history.filter((e) => e.status !== null).at(-1)?.status).toBe(booking.status);
    }
  });

  it('sets the bank details customers need for a cash deposit', async () => {
    const [details] = await database.db.select().from(bankDetails);
    expect(details?.bankName).toBeTruthy();
    expect(details?.accountType).toBe('Chequing');
  });

  it('changes nothing when run again on a database that has cars', async () => {
    const count = async () => {
      const tally = (table: typeof cars | typeof users | typeof bookings | typeof images) =>
        database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .then(([row]) => row?.n);
      return { cars: await tally(cars), users: await tally(users), bookings: await tally(bookings), images: await tally(images) };
    };
    const before = await count();
    const linesBefore = logged.length;
    await seedDemo(database.db, log);
    expect(await count()).toEqual(before);
    const firstLogins = logged.filter((l) => /^Demo (owner|customer|counter agent): /.test(l)).slice(0, 4);
    expect(logged.slice(linesBefore)).toEqual(['Demo data skipped: the database already has cars.', ...firstLogins]);
  });

  it('prints the logins again at a later start, but never a password that no longer opens the account', async () => {
    const [customer] = await database.db.select().from(users).where(eq(users.email, DEMO_CUSTOMERS[0].email));
    const original = customer!.passwordHash;
    try {
      await database.db
        .update(users)
        .set({ passwordHash: await hashPassword('a password the customer chose') })
        .where(eq(users.id, customer!.id));
      const linesBefore = logged.length;
      await seedDemo(database.db, log);
      const later = logged.slice(linesBefore);
      expect(later.find((l) => l.startsWith('Demo owner: '))).toMatch(new RegExp(`^Demo owner: ${DEMO_OWNER.email} / \\S+$`));
      expect(later).toContain(`Demo customer: ${DEMO_CUSTOMERS[0].email} (password changed since the demo began)`);
      expect(later.find((l) => l.includes(DEMO_CUSTOMERS[1].email))).toMatch(/ \/ \S+$/);
    } finally {
      await database.db.update(users).set({ passwordHash: original }).where(eq(users.id, customer!.id));
    }
  });

  it('keeps the demo passwords out of backups (the settings key names a password)', () => {
    const isSecret = secretRowTest('settings', [{ name: 'key' }, { name: 'value' }]);
    expect(isSecret?.(['demo_passwords', '{}'])).toBe(true);
  });
});

describe('demo bookings around any day of the year', () => {
  const days = ['2026-01-01', '2026-02-28', '2028-02-29', '2026-06-15', '2026-12-31'];
  it.each(days)('on %s they keep apart and earn revenue this month', (today) => {
    const plan = demoBookings(today).map((b) => ({ ...b, carId: b.model }));
    expect(overlappingPairs(plan)).toEqual([]);
    const { start, nextStart } = monthBounds(today);
    expect(plan.some((b) => b.status === 'confirmed' && b.pickupDate >= start && b.pickupDate < nextStart)).toBe(true);
    expect(plan.some((b) => b.pickupDate > today && b.status === 'pending')).toBe(true);
  });
});
