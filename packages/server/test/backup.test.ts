/**
 * Backup and restore: a populated database goes to one file and comes back identical, row for row
 * and byte for byte, on PGlite, on PostgreSQL, and from one to the other.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBackup } from '../src/backup/backup';
import { BackupFileError } from '../src/backup/format';
import { RestoreRefused, restoreBackup } from '../src/backup/restore';
import type { MigrationTarget } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import * as schema from '../src/db/schema';
import { pgErrorCode } from '../src/db/types';
import { createTestDatabase, describeDatabase, TEST_DATABASE_URL, type TestDatabase } from './helpers';
import { everyRow, query } from './support/everyRow';
import { createReopenableDatabase } from './support/reopenableDatabase';

type Kind = 'pglite' | 'postgres';
let work: string;
let emptyMigrations: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'rental-backup-test-'));
  emptyMigrations = join(work, 'no-migrations');
  await mkdir(emptyMigrations);
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** A database of the given kind; `schemaless` gives one without even the first migration (a brand-new install). */
async function freshDatabase(kind: Kind, options: { schemaless?: boolean } = {}): Promise<TestDatabase> {
  const migrationsDir = options.schemaless ? emptyMigrations : undefined;
  if (kind === 'postgres') {
    if (!TEST_DATABASE_URL) throw new Error('postgres needs TEST_DATABASE_URL');
    return createTestDatabase({ migrationsDir });
  }
  // PGlite even when the suite runs against PostgreSQL: the cross-database tests need both.
  const opened = await openDatabase({ inMemory: true, migrationsDir });
  return { opened, db: opened.db, url: undefined, close: () => opened.close() };
}

async function picture(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).webp().toBuffer();
}

/**
 * The company's data with the awkward values real data has: accents, emoji, quotes, backslashes,
 * new lines, a cancelled booking overlapping a live one, microsecond timestamps, a deleted car, JSON.
 */
async function populate(db: TestDatabase['db']) {
  const [carImage, secondCarImage, face] = await Promise.all([picture(64, 48, '#1d4ed8'), picture(80, 60, '#b91c1c'), picture(20, 20, '#16a34a')]);
  const images = await db
    .insert(schema.images)
    .values([
      { content: carImage, mimeType: 'image/webp', width: 64, height: 48 },
      { content: secondCarImage, mimeType: 'image/webp', width: 80, height: 60 },
      { content: face, mimeType: 'image/webp', width: 20, height: 20 },
      // Every byte value, to prove nothing is lost in encoding.
      { content: Buffer.from(Array.from({ length: 256 }, (_, i) => i)), mimeType: 'application/octet-stream', width: 1, height: 1 },
    ])
    .returning();
  const [owner, ann, bob] = await db
    .insert(schema.users)
    .values([
      { name: 'Owner Ó\'Brien', email: 'owner@example.com', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def', role: 'owner', imageId: images[2]!.id },
      { name: 'Ann "Annie" Smith\\Jones', email: 'ann@example.com', passwordHash: '$argon2id$v=19$x' },
      { name: 'Bob 🚗 Ωmega\nsecond line\ttab', email: 'bob@example.com', passwordHash: '$argon2id$v=19$y', createdAt: new Date('2026-01-02T03:04:05.678Z') },
    ])
    .returning();
  const [corolla, deletedVan] = await db
    .insert(schema.cars)
    .values([
      {
        addedBy: owner!.id,
        brand: 'Toyota',
        model: 'Corolla',
        year: 2022,
        pricePerDay: 4500,
        category: 'Sedan',
        transmission: 'Automatic',
        fuelType: 'Petrol',
        seatingCapacity: 5,
        location: 'Waterford, Portmore',
        description: 'Clean, économique; "cold" A/C.\nLine two — with a dash.',
        imageId: images[0]!.id,
      },
      {
        addedBy: owner!.id,
        brand: 'Nissan',
        model: 'Caravan',
        year: 2019,
        pricePerDay: 9000,
        category: 'Van',
        transmission: 'Manual',
        fuelType: 'Diesel',
        seatingCapacity: 15,
        location: 'Waterford, Portmore',
        description: '',
        imageId: images[1]!.id,
        isAvailable: false,
        deletedAt: new Date('2026-02-01T12:00:00.123Z'),
      },
    ])
    .returning();
  await db.insert(schema.bookings).values([
    { carId: corolla!.id, userId: ann!.id, pickupDate: '2026-03-01', returnDate: '2026-03-05', price: 18000, status: 'confirmed', paymentMethod: 'upfront' },
    // Cancelled bookings do not hold their days: this one overlaps the confirmed one above.
    { carId: corolla!.id, userId: bob!.id, pickupDate: '2026-03-03', returnDate: '2026-03-04', price: 4500, status: 'cancelled', paymentMethod: 'cash_deposit' },
    { carId: corolla!.id, userId: bob!.id, pickupDate: '2026-03-06', returnDate: '2026-03-06', price: 4500, status: 'pending', paymentMethod: 'cash_deposit' },
    { carId: deletedVan!.id, userId: ann!.id, pickupDate: '2026-01-10', returnDate: '2026-01-12', price: 18000, status: 'confirmed', paymentMethod: 'upfront' },
  ]);
  await db.insert(schema.bankDetails).values({
    bankName: 'National Commercial Bank',
    accountHolderName: 'Waterford Car Rental Ltd.',
    branch: 'Portmore Pines',
    accountNumber: '404-123-456',
    accountType: 'Chequing',
    updatedBy: owner!.id,
  });
  await db.insert(schema.settings).values({ key: 'jwt_secret', value: 'x'.repeat(64) });
  await db.insert(schema.idempotencyKeys).values({
    userId: ann!.id,
    key: 'confirm-7f3a',
    requestHash: 'abc123',
    statusCode: 201,
    response: { success: true, message: 'Booking created', nested: { list: [1, 2.5, null, 'ünïcødé ✓'] } },
  });
  return { corolla: corolla!, ann: ann!, bob: bob! };
}

async function expectSameRows(source: MigrationTarget, restored: MigrationTarget) {
  const [before, after] = await Promise.all([everyRow(source), everyRow(restored)]);
  expect(Object.keys(after)).toEqual(Object.keys(before));
  for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
  // The populated tables really were compared, not a pair of empty ones.
  for (const table of ['images', 'users', 'cars', 'bookings', 'bank_details', 'settings', 'idempotency_keys', 'schema_migrations']) {
    expect(before[table]?.length, table).toBeGreaterThan(0);
  }
}

const kind: Kind = TEST_DATABASE_URL ? 'postgres' : 'pglite';

describe(`backup and restore (${describeDatabase})`, () => {
  // One populated source and one backup of it serve every test: each new database costs seconds.
  let source: TestDatabase;
  let data: Awaited<ReturnType<typeof populate>>;
  let file: string;
  let backedUp: Record<string, number>;
  let restored: TestDatabase | undefined;

  beforeAll(async () => {
    source = await freshDatabase(kind);
    data = await populate(source.db);
    file = join(work, 'populated.jsonl.gz');
    backedUp = (await writeBackup(source.opened.raw, file)).rows;
  });
  afterAll(async () => {
    await Promise.all([source?.close(), restored?.close()]);
  });

  it('writes one compressed file holding every table', async () => {
    expect(backedUp.bookings).toBe(4);
    expect(backedUp.schema_migrations).toBeGreaterThan(0);
    const lines = gunzipSync(await readFile(file)).toString('utf8').trimEnd().split('\n');
    const tables = lines.map((l) => JSON.parse(l)).filter((l) => 'table' in l).map((l) => l.table);
    // Parents first, so the rows can go back in file order.
    expect(tables.indexOf('images')).toBeLessThan(tables.indexOf('users'));
    expect(tables.indexOf('users')).toBeLessThan(tables.indexOf('cars'));
    expect(tables.indexOf('cars')).toBeLessThan(tables.indexOf('bookings'));
    expect(tables).toEqual(expect.arrayContaining(['bank_details', 'settings', 'idempotency_keys', 'schema_migrations']));
  });

  it(`round-trips every row of every table into a brand-new ${kind} database`, async () => {
    restored = await freshDatabase(kind, { schemaless: true });
    const result = await restoreBackup(restored.opened.raw, file);
    expect(result.rows).toEqual(backedUp);
    await expectSameRows(source.opened.raw, restored.opened.raw);
  });

  it('keeps the double-booking guarantee after a restore', async () => {
    if (!restored) throw new Error('needs the restored database of the previous test');
    // 2026-03-05 is the confirmed booking's return day: still taken in the restored database.
    const overlap = await restored.db
      .insert(schema.bookings)
      .values({ carId: data.corolla.id, userId: data.bob.id, pickupDate: '2026-03-05', returnDate: '2026-03-05', price: 4500, paymentMethod: 'upfront' })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    expect(pgErrorCode(overlap)).toBe('23P01');
  });

  it('refuses a database that holds data unless forced, and changes nothing when refusing', async () => {
    if (!restored) throw new Error('needs the restored database of the previous tests');
    await restored.db.insert(schema.settings).values({ key: 'left-over', value: 'from the database being replaced' });
    const before = await everyRow(restored.opened.raw);

    const refusal = restoreBackup(restored.opened.raw, file);
    await expect(refusal).rejects.toThrow(RestoreRefused);
    await expect(refusal).rejects.toThrow(/not empty \(.*settings.* hold rows\).*--force/);
    expect(await everyRow(restored.opened.raw)).toEqual(before);

    await restoreBackup(restored.opened.raw, file, { force: true });
    await expectSameRows(source.opened.raw, restored.opened.raw);
  });

  it('restores nothing from a damaged or truncated file, even with --force', async () => {
    if (!restored) throw new Error('needs the restored database of the previous tests');
    const before = await everyRow(restored.opened.raw);
    const text = gunzipSync(await readFile(file)).toString('utf8');
    const lines = text.trimEnd().split('\n');
    const damaged = async (name: string, content: string | Buffer) => {
      const path = join(work, name);
      await writeFile(path, content);
      return restoreBackup(restored!.opened.raw, path, { force: true });
    };

    await expect(damaged('truncated.jsonl', `${lines.slice(0, -3).join('\n')}\n`)).rejects.toThrow(/incomplete/);
    await expect(damaged('altered.jsonl', text.replace('18000', '1'))).rejects.toThrow(/checksum/);
    const gz = gzipSync(Buffer.from(text));
    await expect(damaged('cut.jsonl.gz', gz.subarray(0, Math.floor(gz.length / 2)))).rejects.toThrow(BackupFileError);
    await expect(damaged('not-a-backup.json', '{"hello":"world"}\n')).rejects.toThrow(/not a backup/);
    await expect(damaged('empty.jsonl', '')).rejects.toThrow(BackupFileError);
    // The data that --force would have replaced is all still there.
    expect(await everyRow(restored.opened.raw)).toEqual(before);
  });

  it('takes one consistent moment even while bookings keep arriving', async () => {
    const target = await freshDatabase(kind, { schemaless: true });
    try {
      const busyFile = join(work, 'busy.jsonl');
      let writing = true;
      let written = 0;
      // Each new customer arrives with a booking: a backup without one snapshot could keep a
      // booking whose customer it had read too early, and that file could never be restored.
      const traffic = (async () => {
        for (let day = 0; writing && day < 300; day++) {
          await source.db.transaction(async (tx) => {
            const [customer] = await tx
              .insert(schema.users)
              .values({ name: `Walk-in ${day}`, email: `walkin${day}@example.com`, passwordHash: 'x' })
              .returning();
            const date = new Date(Date.UTC(2027, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
            await tx.insert(schema.bookings).values({ carId: data.corolla.id, userId: customer!.id, pickupDate: date, returnDate: date, price: 4500, paymentMethod: 'upfront' });
          });
          written += 1;
        }
      })();
      while (written < 3) await new Promise((r) => setImmediate(r));
      const result = await writeBackup(source.opened.raw, busyFile);
      writing = false;
      await traffic;
      await restoreBackup(target.opened.raw, busyFile);
      const [counts] = await query<{ users: number; bookings: number }>(
        target.opened.raw,
        'SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM bookings) AS bookings',
      );
      // Every walk-in in the file came with exactly one booking (3 users and 4 bookings are the base data).
      expect(counts!.users - 3).toBe(counts!.bookings - 4);
      expect(counts!.users).toBeGreaterThan(3);
      expect(result.rows.users).toBe(counts!.users);
    } finally {
      await target.close();
    }
  });
});

if (TEST_DATABASE_URL) {
  describe('moving between PGlite and PostgreSQL', () => {
    for (const [from, to] of [
      ['pglite', 'postgres'],
      ['postgres', 'pglite'],
    ] as const) {
      it(`a ${from} backup restores into a new ${to} database with every row intact`, async () => {
        const source = await freshDatabase(from);
        const target = await freshDatabase(to, { schemaless: true });
        try {
          await populate(source.db);
          const path = join(work, `${from}-to-${to}.jsonl.gz`);
          await writeBackup(source.opened.raw, path);
          await restoreBackup(target.opened.raw, path);
          await expectSameRows(source.opened.raw, target.opened.raw);
        } finally {
          await Promise.all([source.close(), target.close()]);
        }
      });
    }
  });
}

/** Runs a command-line tool from source, as `npm run backup/restore` runs its bundle. */
function runTool(tool: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${tool}.ts`, ...args], {
      cwd: join(import.meta.dirname, '..'),
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe(`npm run backup / npm run restore (${describeDatabase})`, () => {
  it('back up a database to one file and bring it back into an empty one; refuse a database that is busy or not empty', async () => {
    const live = await createReopenableDatabase('backup-live');
    const replacement = await createReopenableDatabase('backup-replacement');
    const file = join(work, 'cli', 'company.jsonl.gz');
    try {
      const server = await live.open();
      await populate(server.db);
      if (!TEST_DATABASE_URL) {
        // While a server holds the PGlite folder, a second process must not open it.
        const busy = await runTool('backup', [file], live.env);
        expect(busy.code).toBe(1);
        expect(busy.output).toMatch(/in use by process/);
      }
      await server.close();

      const backup = await runTool('backup', [file], live.env);
      expect(backup.output).toMatch(/Backed up .* to .*company\.jsonl\.gz/);
      expect(backup.code).toBe(0);

      const restore = await runTool('restore', [file], replacement.env);
      expect(restore.output).toMatch(/Restored .*bookings 4/s);
      expect(restore.code).toBe(0);

      const again = await runTool('restore', [file], replacement.env);
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/not empty.*--force/s);

      const usage = await runTool('restore', [], replacement.env);
      expect(usage.code).toBe(2);
      expect(usage.output).toMatch(/Usage: npm run restore -- <backup file>/);

      const [original, copy] = await Promise.all([live.open(), replacement.open()]);
      try {
        await expectSameRows(original.raw, copy.raw);
      } finally {
        await Promise.all([original.close(), copy.close()]);
      }
    } finally {
      await Promise.all([live.drop(), replacement.drop()]);
    }
    // Each run starts a process that loads the database engine: seconds each on a busy machine.
  }, 120_000);
});
