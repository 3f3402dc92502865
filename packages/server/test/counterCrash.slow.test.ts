/**
 * Keys back in a storm, and the server killed with SIGKILL in the middle of it. Cars on rent are
 * checked in over real HTTP against the real server process (PGlite on a data folder; PostgreSQL
 * with TEST_DATABASE_URL), and the process is killed once a few check-ins were answered. Restarted
 * on the same data:
 *  - every check-in answered 200 is there, with the receipt number it was answered with;
 *  - the receipt numbers stored run 1, 2, 3, ... with no gap and none given twice;
 *  - every other booking is either returned with its receipt (finished just before the kill,
 *    its answer lost) or still on rent with none;
 *  - the check-ins cut off or never sent go through after the restart and carry on the same run
 *    (one finished before the kill is refused as already checked in, not given a second number).
 */
import { randomBytes } from 'node:crypto';
import { addDays, COUNTER_MESSAGES, type CounterBooking, companyToday, pathFor } from '@rental/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';
import { signSessionToken } from '../src/features/auth/sessionTokens';
import { describeDatabase } from './helpers';
import { checkInForm, checkOutForm } from './support/counter';
import { query } from './support/everyRow';
import { smallPng } from './support/images';
import { createReopenableDatabase, type ReopenableDatabase } from './support/reopenableDatabase';
import { type ServerProcess, startServerProcess } from './support/serverProcess';

const RENTALS = 30;
/** Check-ins sent at once: the rest wait their turn, so some are never sent before the kill. */
const CONCURRENCY = 8;
/** The kill comes as soon as this many check-ins were answered 200. */
const ANSWERED_BEFORE_KILL = 4;
const JWT_SECRET = randomBytes(32).toString('hex');

type Answer = { status: number; body: { success: boolean; message?: string; receiptNumber?: string } } | { status: 'no answer'; error: string };

/** Posts a counter form as the staff's phone does (the form's JSON in `data`). */
async function postForm(server: ServerProcess, token: string, which: 'checkOut' | 'checkIn', bookingId: string, data: unknown): Promise<Answer> {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  try {
    const res = await fetch(`${server.url}${pathFor(which, { id: bookingId })}`, { method: 'POST', headers: { authorization: token }, body: form });
    return { status: res.status, body: await res.json() };
  } catch (err) {
    return { status: 'no answer', error: String((err as Error).cause ?? err) };
  }
}

/** "R-2026-000012" as [2026, 12], to sort and count receipt numbers. */
function receiptParts(receipt: string): [number, number] {
  const match = /^R-(\d{4})-(\d{6})$/.exec(receipt);
  if (!match) throw new Error(`not a receipt number: ${receipt}`);
  return [Number(match[1]), Number(match[2])];
}

/** Receipt numbers with no gap and no repeat: each year's run from 1 up. */
function expectOneUnbrokenRun(receipts: string[]) {
  const byYear = new Map<number, number[]>();
  for (const receipt of receipts) {
    const [year, n] = receiptParts(receipt);
    byYear.set(year, [...(byYear.get(year) ?? []), n]);
  }
  for (const [year, numbers] of byYear) {
    numbers.sort((a, b) => a - b);
    expect(numbers, `receipt numbers of ${year}`).toEqual(numbers.map((_, i) => i + 1));
  }
}

describe(`check-ins with kill -9 of the server and a restart (${describeDatabase})`, () => {
  let database: ReopenableDatabase;
  let bookingIds: string[];
  let ownerToken: string;
  const running = new Set<ServerProcess>();
  const started: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createReopenableDatabase('counter-crash');
    const opened = await database.open();
    try {
      const picture = await smallPng(8, 8);
      const [image] = await opened.db.insert(schema.images).values({ content: picture, mimeType: 'image/png', width: 8, height: 8 }).returning();
      // An owner exists, so the server does not make one (an argon2 hash) at every start.
      const [owner] = await opened.db
        .insert(schema.users)
        .values({ name: 'Andre Campbell', email: 'owner@crash.example', passwordHash: 'x', role: 'owner' })
        .returning();
      const customers = await opened.db
        .insert(schema.users)
        .values(
          Array.from({ length: RENTALS }, (_, i) => ({
            name: `Customer ${i}`,
            email: `c${i}@crash.example`,
            passwordHash: 'x',
            vettingStatus: 'approved' as const,
          })),
        )
        .returning({ id: schema.users.id });
      await opened.db.insert(schema.driverDetails).values(
        customers.map(({ id }) => ({
          userId: id,
          licenceNumber: 'JM123456789',
          licenceCountry: 'Jamaica',
          licenceIssued: '2015-01-10',
          licenceExpires: '2031-01-10',
          dateOfBirth: '1990-05-05',
        })),
      );
      const cars = await opened.db
        .insert(schema.cars)
        .values(
          Array.from({ length: RENTALS }, (_, i) => ({
            brand: 'Toyota',
            model: 'Yaris',
            year: 2022,
            pricePerDay: 6000,
            category: 'Sedan' as const,
            transmission: 'Automatic' as const,
            fuelType: 'Gas' as const,
            seatingCapacity: 5,
            location: 'Waterford, Portmore',
            description: 'Counter storm car',
            imageId: image!.id,
            plate: `${1000 + i} CR`,
            odometerKm: 9_000,
          })),
        )
        .returning({ id: schema.cars.id });
      // Confirmed for today: checked out through the server below, as the counter does it.
      const today = companyToday();
      const rows = await opened.db
        .insert(schema.bookings)
        .values(
          cars.map((car, i) => ({
            carId: car.id,
            userId: customers[i]!.id,
            pickupDate: today,
            returnDate: addDays(today, 3),
            price: 18_000,
            status: 'confirmed' as const,
            paymentMethod: 'upfront' as const,
          })),
        )
        .returning({ id: schema.bookings.id });
      bookingIds = rows.map((r) => r.id);
      ownerToken = await signSessionToken(new TextEncoder().encode(JWT_SECRET), owner!.id);
    } finally {
      await opened.close();
    }
  });

  afterAll(async () => {
    for (const server of running) server.child.kill('SIGKILL');
    await Promise.all([...running].map((s) => s.exited));
    await database?.drop();
  });

  const start = async () => {
    const server = await startServerProcess({ ...database.env, JWT_SECRET });
    started.push(server);
    running.add(server);
    void server.exited.then(() => running.delete(server));
    return server;
  };
  /** On a failure, the servers' own error lines say why. */
  const serverErrors = () =>
    started
      .flatMap((server) => server.output().split('\n'))
      .filter((line) => line.includes('"level":50'))
      .slice(0, 3)
      .join('\n');

  it('loses no answered check-in and skips or repeats no receipt number', async () => {
    const first = await start();

    // Every car out on rent, through the real check-out (the owner lets the rentals be paid at return).
    const form = await checkOutForm({ odometerKm: 10_000, payAtReturn: { reason: 'Paid at return, as agreed' } });
    for (let i = 0; i < RENTALS; i += 5) {
      const outs = await Promise.all(bookingIds.slice(i, i + 5).map((id) => postForm(first, ownerToken, 'checkOut', id, form)));
      for (const out of outs) expect(out.status, `${JSON.stringify(out)}\n${serverErrors()}`).toBe(200);
    }

    // The storm of check-ins; SIGKILL as soon as a few were answered.
    const answers = new Map<string, Answer>();
    const unsent: string[] = [];
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (next < bookingIds.length) {
        const id = bookingIds[next++]!;
        if (killed) {
          unsent.push(id);
          continue;
        }
        const answer = await postForm(first, ownerToken, 'checkIn', id, checkInForm());
        answers.set(id, answer);
        if (!killed && [...answers.values()].filter((a) => a.status === 200).length >= ANSWERED_BEFORE_KILL) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(killed, 'the storm ended before the kill').toBe(true);
    expect((await first.exited).signal).toBe('SIGKILL');

    const answered = new Map<string, string>();
    const cutOff: string[] = [];
    for (const [id, answer] of answers) {
      if (answer.status === 'no answer') cutOff.push(id);
      else if (answer.status === 200) answered.set(id, answer.body.receiptNumber!);
      else expect.fail(`check-in answered ${answer.status}: ${JSON.stringify(answer.body)}\n${serverErrors()}`);
    }
    expect(answered.size).toBeGreaterThanOrEqual(ANSWERED_BEFORE_KILL);
    // The kill must have cut the storm short, or this test would prove nothing about it.
    expect(cutOff.length + unsent.length).toBeGreaterThan(0);
    expect(answered.size + cutOff.length + unsent.length).toBe(RENTALS);

    // ---- restarted on the same data: what staff see ----
    const second = await start();
    const counterBooking = async (id: string): Promise<CounterBooking> => {
      const res = await fetch(`${second.url}${pathFor('counterBooking', { id })}`, { headers: { authorization: ownerToken } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { booking: CounterBooking }).booking;
    };
    const afterCrash = new Map<string, CounterBooking>();
    for (const id of bookingIds) afterCrash.set(id, await counterBooking(id));
    for (const [id, receipt] of answered) {
      const booking = afterCrash.get(id)!;
      expect(booking.status, `answered check-in of ${booking.reference}`).toBe('returned');
      expect(booking.counter.checkIn?.receiptNumber).toBe(receipt);
    }
    const returnedBeforeKill: string[] = [];
    for (const [id, booking] of afterCrash) {
      if (booking.status === 'returned') {
        expect(booking.counter.checkIn?.receiptNumber).toMatch(/^R-\d{4}-\d{6}$/);
        returnedBeforeKill.push(booking.counter.checkIn!.receiptNumber);
      } else {
        expect({ id, status: booking.status, checkIn: booking.counter.checkIn }).toEqual({ id, status: 'on_rent', checkIn: null });
      }
    }
    expectOneUnbrokenRun(returnedBeforeKill);
    const stillOut = bookingIds.filter((id) => afterCrash.get(id)!.status === 'on_rent');
    expect(stillOut.length).toBeGreaterThan(0);
    // Only a check-in that was cut off can have finished without its answer.
    for (const [id, booking] of afterCrash) if (booking.status === 'returned' && !answered.has(id)) expect(cutOff).toContain(id);

    // ---- staff try again every check-in that got no answer, all at once ----
    const retried = [...cutOff, ...unsent];
    const retries = await Promise.all(retried.map(async (id) => [id, await postForm(second, ownerToken, 'checkIn', id, checkInForm())] as const));
    const newReceipts: string[] = [];
    for (const [id, retry] of retries) {
      if (retry.status === 'no answer') expect.fail(`retry of a check-in got no answer: ${retry.error}`);
      if (afterCrash.get(id)!.status === 'returned') {
        expect({ status: retry.status, message: retry.body.message }).toEqual({ status: 409, message: COUNTER_MESSAGES.alreadyCheckedIn });
      } else {
        expect(retry.status, `${JSON.stringify(retry.body)}\n${serverErrors()}`).toBe(200);
        newReceipts.push(retry.body.receiptNumber!);
      }
    }
    expect(newReceipts).toHaveLength(stillOut.length);
    // The run goes on from the last number given before the kill.
    expectOneUnbrokenRun([...returnedBeforeKill, ...newReceipts]);
    const lastBefore = Math.max(...returnedBeforeKill.map((r) => receiptParts(r)[1]), 0);
    expect(Math.min(...newReceipts.map((r) => receiptParts(r)[1]))).toBe(lastBefore + 1);

    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);

    // ---- what the database holds ----
    const opened = await database.open();
    try {
      const rows = await query<{ booking_id: string; status: string; receipt_number: string | null; has_receipt: boolean }>(
        opened.raw,
        `SELECT r.booking_id::text, b.status, r.receipt_number, r.receipt_pdf IS NOT NULL AS has_receipt
           FROM rentals r JOIN bookings b ON b.id = r.booking_id`,
      );
      expect(rows).toHaveLength(RENTALS);
      for (const row of rows) expect(row).toMatchObject({ status: 'returned', has_receipt: true });
      const stored = new Map(rows.map((r) => [r.booking_id, r.receipt_number!]));
      for (const [id, receipt] of answered) expect(stored.get(id)).toBe(receipt);
      expectOneUnbrokenRun([...stored.values()]);
      // The counter of the year stands at the last number given: none was taken and lost.
      const counters = await query<{ year: number; last: number }>(opened.raw, 'SELECT year, last FROM receipt_numbers');
      const highest = new Map<number, number>();
      for (const receipt of stored.values()) {
        const [year, n] = receiptParts(receipt);
        highest.set(year, Math.max(highest.get(year) ?? 0, n));
      }
      expect(new Map(counters.map((c) => [Number(c.year), Number(c.last)]))).toEqual(highest);
    } finally {
      await opened.close();
    }
  }, 180_000);
});
