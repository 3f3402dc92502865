/**
 * Service blocks and the databases they arrive in: migration 0006 over bookings
 * already made, and a backup holding blocks restored into an empty database and over a full one.
 * Slow: each makes fresh databases, the ones of the other suites are copies of a snapshot.
 */
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROUTES } from '@rental/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { writeBackup } from '../src/backup/backup';
import { restoreBackup } from '../src/backup/restore';
import { DEFAULT_MIGRATIONS_DIR, migrate } from '../src/db/migrate';
import { pgErrorCode, queryRows } from '../src/db/types';
import { authHeader, createOwner, createTestApp, createTestDatabase, describeDatabase, registerCustomer } from './helpers';
import { addCar, book, day } from './support/fleet';

describe(`migration 0006 on a database with bookings (${describeDatabase})`, () => {
  it('bookings made before it claim their days against blocks; cancelled ones do not', async () => {
    const upTo5 = await mkdtemp(join(tmpdir(), 'rental-0005-'));
    for (const name of (await readdir(DEFAULT_MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql') && f < '0006')) {
      await copyFile(join(DEFAULT_MIGRATIONS_DIR, name), join(upTo5, name));
    }
    const database = await createTestDatabase({ migrationsDir: upTo5 });
    try {
      const db = database.db;
      await db.execute(
        sql`INSERT INTO images (id, content, mime_type, width, height) VALUES ('11111111-1111-4111-8111-111111111111', '\\x00', 'image/webp', 1, 1)`,
      );
      await db.execute(
        sql`INSERT INTO users (id, name, email, password_hash) VALUES ('22222222-2222-4222-8222-222222222222', 'Old Customer', 'old@example.com', 'x')`,
      );
      await db.execute(sql`INSERT INTO cars (id, brand, model, year, price_per_day, category, transmission, fuel_type, seating_capacity, location, description, image_id)
        VALUES ('33333333-3333-4333-8333-333333333333', 'Toyota', 'Axio', 2020, 5000, 'Sedan', 'Automatic', 'Gas', 5, 'Waterford, Portmore', 'Old car', '11111111-1111-4111-8111-111111111111')`);
      for (const [from, to, status] of [
        [10, 12, 'confirmed'],
        [20, 21, 'cancelled'],
      ] as const) {
        await db.execute(sql`INSERT INTO bookings (car_id, user_id, pickup_date, return_date, price, status, payment_method)
          VALUES ('33333333-3333-4333-8333-333333333333', '22222222-2222-4222-8222-222222222222', ${day(from)}, ${day(to)}, 1000, ${status}, 'upfront')`);
      }
      await migrate(database.opened.raw);
      const blockOn = (from: number, to: number) =>
        db
          .execute(sql`INSERT INTO car_blocks (car_id, pickup_date, return_date) VALUES ('33333333-3333-4333-8333-333333333333', ${day(from)}, ${day(to)})`)
          .then(
            () => 'ok',
            (e: unknown) => pgErrorCode(e),
          );
      expect(await blockOn(12, 13)).toBe('23P01');
      expect(await blockOn(20, 21)).toBe('ok');
    } finally {
      await database.close();
      await rm(upTo5, { recursive: true, force: true });
    }
  });
});

describe(`a backup with blocks, restored (${describeDatabase})`, () => {
  it('rebuilds the taken days from the restored bookings and blocks, also when a restore replaces a database (--force)', async () => {
    const work = await mkdtemp(join(tmpdir(), 'rental-blocks-backup-'));
    const t = await createTestApp();
    const empty = await createTestDatabase({ migrationsDir: work });
    try {
      const owner = await createOwner(t.app);
      const car = await addCar(t.app, owner.token);
      const customer = await registerCustomer(t.app);
      expect((await book(t.app, customer.token, car._id, day(10), day(11))).statusCode).toBe(201);
      const blocked = await t.app.inject({
        method: 'POST',
        url: ROUTES.createBlock.path,
        headers: authHeader(owner.token),
        payload: { car: car._id, pickupDate: day(12), returnDate: day(13) },
      });
      expect(blocked.statusCode).toBe(201);
      const file = join(work, 'with-blocks.jsonl.gz');
      await writeBackup(t.database.opened.raw, file);

      const write = (table: 'car_blocks' | 'bookings', from: number, to: number) =>
        empty.db
          .execute(
            table === 'car_blocks'
              ? sql`INSERT INTO car_blocks (car_id, pickup_date, return_date) VALUES (${car._id}, ${day(from)}, ${day(to)})`
              : sql`INSERT INTO bookings (car_id, user_id, pickup_date, return_date, price, payment_method) VALUES (${car._id}, ${customer.user._id}, ${day(from)}, ${day(to)}, 1000, 'upfront')`,
          )
          .then(
            () => 'ok',
            (e: unknown) => pgErrorCode(e),
          );
      const taken = async () =>
        (await queryRows<{ n: number }>(empty.db, sql`SELECT count(*)::int AS n FROM derived.car_days_taken WHERE car_id = ${car._id}`))[0]!.n;

      for (const force of [false, true]) {
        await restoreBackup(empty.opened.raw, file, { force });
        expect(await taken(), `force: ${force}`).toBe(2);
        expect(await write('car_blocks', 11, 11)).toBe('23P01');
        expect(await write('bookings', 13, 14)).toBe('23P01');
        // Something to replace on the second round: free days taken after the backup.
        expect(await write('car_blocks', 20, 21)).toBe('ok');
      }
    } finally {
      await Promise.all([t.close(), empty.close()]);
      await rm(work, { recursive: true, force: true });
    }
  });
});
