/**
 * Backup and restore: a populated database goes to one file and comes back identical, row for row
 * and byte for byte, on PGlite, on PostgreSQL, and from one to the other; except the session
 * signing secret, which never goes into a backup, so that everyone logs in again after a restore.
 * Backup files are readable by their owner only.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { API } from '@rental/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { writeBackup } from '../src/backup/backup';
import { BackupFileError } from '../src/backup/format';
import { RestoreRefused, restoreBackup } from '../src/backup/restore';
import { testConfig } from '../src/config';
import type { MigrationTarget } from '../src/db/migrate';
import { openDatabase } from '../src/db/open';
import * as schema from '../src/db/schema';
import { pgErrorCode } from '../src/db/types';
import { authHeader, createTestDatabase, describeDatabase, registerCustomer, TEST_DATABASE_URL, TEST_PASSWORD, type TestDatabase } from './helpers';
import { everyRow, query } from './support/everyRow';
import { openFromSnapshot } from './support/pgliteSnapshot';
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
  const opened = (!options.schemaless && (await openFromSnapshot())) || (await openDatabase({ inMemory: true, migrationsDir }));
  return { opened, db: opened.db, url: undefined, close: () => opened.close() };
}

/** The session signing secret as the server keeps it (settings.jwt_secret): it must never reach a backup. */
const SIGNING_SECRET = `signing-secret-${'s3cr3t'.repeat(10)}`;

/** Runs `write` with a umask that takes no permission away, as on a carelessly set up machine. */
async function withLooseUmask<T>(write: () => Promise<T>): Promise<T> {
  const previous = process.umask(0);
  try {
    return await write();
  } finally {
    process.umask(previous);
  }
}

async function fileMode(path: string): Promise<string> {
  return ((await stat(path)).mode & 0o777).toString(8);
}

async function picture(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .webp()
    .toBuffer();
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
      { name: "Owner Ó'Brien", email: 'owner@example.com', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc$def', role: 'owner', imageId: images[2]!.id },
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
    {
      carId: corolla!.id,
      userId: bob!.id,
      pickupDate: '2026-03-03',
      returnDate: '2026-03-04',
      price: 4500,
      status: 'cancelled',
      paymentMethod: 'cash_deposit',
    },
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
  await db.insert(schema.settings).values([
    { key: 'jwt_secret', value: SIGNING_SECRET },
    // Any other setting is data like the rest.
    { key: 'welcome_note', value: 'Closed on Christmas Day' },
  ]);
  await db.insert(schema.idempotencyKeys).values({
    userId: ann!.id,
    key: 'confirm-7f3a',
    requestHash: 'abc123',
    statusCode: 201,
    response: { success: true, message: 'Booking created', nested: { list: [1, 2.5, null, 'ünïcødé ✓'] } },
  });
  return { corolla: corolla!, ann: ann!, bob: bob! };
}

/** Every row is restored as it was, except the signing secret, which is in no backup. */
async function expectSameRows(source: MigrationTarget, restored: MigrationTarget) {
  const [before, after] = await Promise.all([everyRow(source), everyRow(restored)]);
  if (before.settings) before.settings = before.settings.filter((row) => !row.startsWith('(jwt_secret,'));
  expect(Object.keys(after)).toEqual(Object.keys(before));
  for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
  // The populated tables really were compared, not a pair of empty ones.
  for (const table of ['images', 'users', 'cars', 'bookings', 'bank_details', 'settings', 'idempotency_keys', 'schema_migrations']) {
    expect(before[table]?.length, table).toBeGreaterThan(0);
  }
}

const kind: Kind = TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** The tables a backup file names, in the order it holds them. */
async function tablesInBackup(path: string): Promise<string[]> {
  return gunzipSync(await readFile(path))
    .toString('utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => 'table' in l)
    .map((l) => String(l.table));
}

describe(`backup and restore (${describeDatabase})`, () => {
  // One populated source, one backup of it and one restore of that serve these tests: each new
  // database costs seconds. No test changes the source; a test that changes the restored database
  // puts it back as the backup has it.
  let source: TestDatabase;
  let data: Awaited<ReturnType<typeof populate>>;
  let file: string;
  let backedUp: Record<string, number>;
  let restored: TestDatabase;
  let restoredRows: Record<string, number>;

  beforeAll(async () => {
    source = await freshDatabase(kind);
    data = await populate(source.db);
    file = join(work, 'populated.jsonl.gz');
    backedUp = (await withLooseUmask(() => writeBackup(source.opened.raw, file))).rows;
    restored = await freshDatabase(kind, { schemaless: true });
    restoredRows = (await restoreBackup(restored.opened.raw, file)).rows;
  });
  afterAll(async () => {
    await Promise.all([source?.close(), restored?.close()]);
  });

  it('writes one compressed file holding every table', async () => {
    expect(backedUp.bookings).toBe(4);
    expect(backedUp.schema_migrations).toBeGreaterThan(0);
    const tables = await tablesInBackup(file);
    // Parents first, so the rows can go back in file order.
    expect(tables.indexOf('images')).toBeLessThan(tables.indexOf('users'));
    expect(tables.indexOf('users')).toBeLessThan(tables.indexOf('cars'));
    expect(tables.indexOf('cars')).toBeLessThan(tables.indexOf('bookings'));
    expect(tables).toEqual(expect.arrayContaining(['bank_details', 'settings', 'idempotency_keys', 'schema_migrations']));
  });

  it('leaves out the fleet report’s kept figures and counts them afresh from the rows restored (decision 121)', async () => {
    const kept = (target: MigrationTarget) =>
      query<Record<string, unknown>>(target, 'SELECT * FROM derived.fleet_month_figures WHERE items <> 0 ORDER BY month, car_id');
    const tables = await tablesInBackup(file);
    expect(tables.filter((name) => ['fleet_month_figures', 'fleet_booking_counted'].includes(name) || name.includes('.'))).toEqual([]);
    const [before, after] = [await kept(source.opened.raw), await kept(restored.opened.raw)];
    expect(before.length).toBeGreaterThan(0);
    expect(after).toEqual(before);
  });

  it('leaves out the dashboard’s kept booking figures and counts them afresh from the rows restored (decision 131)', async () => {
    // Summed over the slots: the source's are spread by the writers' connections, a rebuild's are in one.
    const kept = (target: MigrationTarget) =>
      query<Record<string, unknown>>(
        target,
        `SELECT month, sum(bookings)::int AS bookings, sum(pending)::int AS pending, sum(confirmed)::int AS confirmed, sum(revenue)::bigint AS revenue
           FROM derived.booking_figures GROUP BY month ORDER BY month`,
      );
    const tables = await tablesInBackup(file);
    expect(tables).not.toContain('booking_figures');
    const [before, after] = [await kept(source.opened.raw), await kept(restored.opened.raw)];
    expect(before.reduce((n, row) => n + Number(row.bookings), 0)).toBe(backedUp.bookings);
    expect(after).toEqual(before);
  });

  it('is readable by its owner only (0600), even when the umask would allow more', async () => {
    expect(await fileMode(file)).toBe('600');
  });

  it('never holds the session signing secret, while it keeps the other settings', async () => {
    const text = gunzipSync(await readFile(file)).toString('utf8');
    expect(text).not.toContain(SIGNING_SECRET);
    expect(text).not.toContain('jwt_secret');
    expect(text).toContain('Closed on Christmas Day');
    expect(backedUp.settings).toBe(1);
  });

  it(`round-trips every row of every table into a brand-new ${kind} database`, async () => {
    expect(restoredRows).toEqual(backedUp);
    await expectSameRows(source.opened.raw, restored.opened.raw);
  });

  it('keeps the double-booking guarantee after a restore', async () => {
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
    const before = await everyRow(restored.opened.raw);
    const text = gunzipSync(await readFile(file)).toString('utf8');
    const lines = text.trimEnd().split('\n');
    const damaged = async (name: string, content: string | Buffer) => {
      const path = join(work, name);
      await writeFile(path, content);
      return restoreBackup(restored.opened.raw, path, { force: true });
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

  it('drops the signing secret from a backup made before secrets were left out', async () => {
    // The file as the previous version wrote it: the secret's row in settings, counted and hashed.
    const lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .trimEnd()
      .split('\n');
    const at = lines.findIndex((l) => l.startsWith('{"table":"settings"'));
    const columns = (JSON.parse(lines[at]!) as { columns: { name: string }[] }).columns.map((c) => c.name);
    lines.splice(at + 1, 0, JSON.stringify({ row: columns.map((c) => (c === 'key' ? 'jwt_secret' : SIGNING_SECRET)) }));
    const end = JSON.parse(lines.pop()!) as { rows: Record<string, number>; sha256: string };
    end.rows.settings = (end.rows.settings ?? 0) + 1;
    end.sha256 = createHash('sha256')
      .update(lines.map((l) => `${l}\n`).join(''))
      .digest('hex');
    const old = join(work, 'made-with-the-secret.jsonl');
    await writeFile(old, `${[...lines, JSON.stringify(end)].join('\n')}\n`);
    expect(await readFile(old, 'utf8')).toContain(SIGNING_SECRET);

    const target = await freshDatabase(kind, { schemaless: true });
    try {
      const result = await restoreBackup(target.opened.raw, old);
      expect(result.rows.settings).toBe(1);
      await expectSameRows(source.opened.raw, target.opened.raw);
      expect(JSON.stringify(await everyRow(target.opened.raw))).not.toContain(SIGNING_SECRET);
    } finally {
      await target.close();
    }
  });

  it('takes one consistent moment even while bookings keep arriving', async () => {
    // A source of its own, since this test adds customers to it.
    const busy = await freshDatabase(kind);
    const target = await freshDatabase(kind, { schemaless: true });
    try {
      const { corolla } = await populate(busy.db);
      const busyFile = join(work, 'busy.jsonl');
      let writing = true;
      let written = 0;
      // Each new customer arrives with a booking: a backup without one snapshot could keep a
      // booking whose customer it had read too early, and that file could never be restored.
      const traffic = (async () => {
        for (let day = 0; writing && day < 300; day++) {
          await busy.db.transaction(async (tx) => {
            const [customer] = await tx
              .insert(schema.users)
              .values({ name: `Walk-in ${day}`, email: `walkin${day}@example.com`, passwordHash: 'x' })
              .returning();
            const date = new Date(Date.UTC(2027, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
            await tx
              .insert(schema.bookings)
              .values({ carId: corolla.id, userId: customer!.id, pickupDate: date, returnDate: date, price: 4500, paymentMethod: 'upfront' });
          });
          written += 1;
        }
      })();
      while (written < 3) await new Promise((r) => setImmediate(r));
      const result = await writeBackup(busy.opened.raw, busyFile);
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
      await Promise.all([busy.close(), target.close()]);
    }
  });
});

describe(`sessions after a restore (${describeDatabase})`, () => {
  it('a token from before the restore is refused after it, in the restored database and in the one it replaced; passwords still log in', async () => {
    const source = await freshDatabase(kind);
    const target = await freshDatabase(kind);
    try {
      // A customer of the database that is backed up, and one of the database the restore replaces.
      const sourceApp = await buildApp({ db: source.db, config: testConfig() });
      const customer = await registerCustomer(sourceApp);
      await sourceApp.close();
      const replacedApp = await buildApp({ db: target.db, config: testConfig() });
      const replaced = await registerCustomer(replacedApp);
      await replacedApp.close();

      const path = join(work, 'sessions.jsonl.gz');
      await writeBackup(source.opened.raw, path);
      await restoreBackup(target.opened.raw, path, { force: true });

      // The server starts on the restored data, as after `npm run restore`.
      const app = await buildApp({ db: target.db, config: testConfig() });
      try {
        const userData = (token: string) => app.inject({ method: 'GET', url: API.userData, headers: authHeader(token) });
        expect((await userData(customer.token)).statusCode).toBe(401);
        expect((await userData(replaced.token)).statusCode).toBe(401);
        // A new secret, not the source's one again.
        const secrets = async (db: TestDatabase) => (await db.db.select().from(schema.settings)).filter((r) => r.key === 'jwt_secret').map((r) => r.value);
        const [restoredSecret] = await secrets(target);
        expect(restoredSecret).toBeDefined();
        expect(await secrets(source)).not.toContain(restoredSecret);

        // Everyone logs in again, with the password they had.
        const login = await app.inject({ method: 'POST', url: API.login, payload: { email: customer.user.email, password: TEST_PASSWORD } });
        expect(login.statusCode).toBe(200);
        expect((await userData(login.json().token as string)).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await Promise.all([source.close(), target.close()]);
    }
  }, 60_000);
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
        expect(busy.output).toMatch(/in use by another process/);
      }
      await server.close();

      // The tool's process inherits the loose umask; the file is still the owner's only.
      const backup = await withLooseUmask(() => runTool('backup', [file], live.env));
      expect(backup.output).toMatch(/Backed up .* to .*company\.jsonl\.gz/);
      expect(backup.code).toBe(0);
      expect(await fileMode(file)).toBe('600');
      expect(gunzipSync(await readFile(file)).toString('utf8')).not.toContain(SIGNING_SECRET);

      const restore = await runTool('restore', [file], replacement.env);
      expect(restore.output).toMatch(/Restored .*bookings 4/s);
      expect(restore.output).toContain('Everyone logs in again');
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
