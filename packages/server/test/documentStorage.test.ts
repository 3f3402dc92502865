/**
 * Storage that cannot be filled (decision 106): an account's documents fit in its quota, and a file
 * that would not fit is refused saying how much is used and the limit; files tried an hour are
 * counted per account and per address, refused with 429, a code, words and Retry-After, and a
 * second instance on the same database agrees; below the free-disk floor uploads get 507 while
 * bookings go on.
 */
import { randomBytes } from 'node:crypto';
import { API, DEFAULT_DOCUMENT_QUOTA_MB, megabytesText, REFUSAL_CODES, UPLOADS_PER_HOUR } from '@rental/contract';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, testConfig } from '../src/config';
import { openDatabase } from '../src/db/open';
import { documents, images } from '../src/db/schema';
import {
  type Account,
  authHeader,
  callWithStatus,
  createOwner,
  createTestApp,
  describeDatabase,
  refusalOf,
  registerCustomer,
  type TestApp,
  testApi,
} from './helpers';
import { addCar, day } from './support/fleet';
import { NOT_AN_IMAGE, smallPng } from './support/images';
import { formData, multipart } from './support/multipart';

function uploadDocument(app: FastifyInstance, token: string, bytes: Buffer, options: { kind?: string; type?: string; from?: string } = {}) {
  return multipart({ kind: options.kind ?? 'passport' }, [{ name: 'file', bytes, type: options.type ?? 'application/pdf', filename: 'document' }]).then(
    (form) =>
      app.inject({
        method: 'POST',
        url: API.uploadDocument,
        headers: { ...form.headers, ...authHeader(token) },
        payload: form.payload,
        ...(options.from ? { remoteAddress: options.from } : {}),
      }),
  );
}

/** A real one-page PDF carrying `megabytes` of incompressible bytes, so it is stored at about that size. */
async function heavyPdf(megabytes: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([300, 200]).drawText('Proof of address');
  // Reached from the document (the cleaner drops what nothing reaches), as a scan's image would be.
  pdf.catalog.set(PDFName.of('Scan'), pdf.context.register(pdf.context.stream(randomBytes(Math.round(megabytes * 1024 * 1024)))));
  return Buffer.from(await pdf.save());
}

function expectTooMany(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({
    success: false,
    code: 'uploads_too_many',
    message: expect.stringMatching(/^Too many files were sent in the last hour\. Please try again in \d+ minutes?\.$/),
  });
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(60 * 59);
  expect(wait).toBeLessThanOrEqual(60 * 60);
}

describe(`documents fit in the account's quota (${describeDatabase})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // The smallest quota the setting takes, so a few real files fill it.
    t = await createTestApp({ config: { documentQuotaMb: 10 } });
  });
  afterAll(() => t?.close());

  it('is 40 MB unless DOCUMENT_QUOTA_MB says otherwise, and the setting is checked', () => {
    expect(DEFAULT_DOCUMENT_QUOTA_MB).toBe(40);
    expect(loadConfig({}).documentQuotaMb).toBe(40);
    expect(loadConfig({ DOCUMENT_QUOTA_MB: '100' }).documentQuotaMb).toBe(100);
    expect(() => loadConfig({ DOCUMENT_QUOTA_MB: '5' })).toThrow('DOCUMENT_QUOTA_MB must be at least 10 (one file may be 10 MB).');
    expect(() => loadConfig({ DOCUMENT_QUOTA_MB: 'lots' })).toThrow('DOCUMENT_QUOTA_MB must be a whole number of megabytes (40 by default).');
  });

  it('says what the documents use of the quota, refuses a file that would not fit with both figures, and takes it once room is made', async () => {
    const customer = await registerCustomer(t.app);
    const limit = 10 * 1024 * 1024;
    expect((await testApi(t.app, customer.token).call('userDocuments')).storage).toEqual({ used: 0, limit });

    const file = await heavyPdf(3.9);
    const first = await uploadDocument(t.app, customer.token, file, { kind: 'passport' });
    expect(first.statusCode, first.body).toBe(201);
    const second = await uploadDocument(t.app, customer.token, file, { kind: 'work_id' });
    expect(second.statusCode, second.body).toBe(201);
    const stored = second.json().storage.used as number;
    expect(stored).toBeGreaterThan(2 * 3.9 * 1024 * 1024);
    expect(second.json().storage).toEqual({ used: stored, limit });

    const refused = await uploadDocument(t.app, customer.token, file, { kind: 'proof_of_address' });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      success: false,
      code: 'documents_full',
      used: stored,
      limit,
      message: `Your documents already use ${megabytesText(stored)} of the 10 MB each account has, and this file needs ${megabytesText(stored / 2)}. Please remove a file you no longer need, or send a smaller photo.`,
    });
    expect(REFUSAL_CODES.documents_full).toMatch(/^Your documents take all the space/);
    const listed = await testApi(t.app, customer.token).call('userDocuments');
    expect(listed.documents.map((d) => d.kind)).toEqual(['passport', 'work_id']);
    expect(listed.storage).toEqual({ used: stored, limit });

    // Another customer's space is their own.
    const other = await registerCustomer(t.app);
    expect((await uploadDocument(t.app, other.token, file)).statusCode).toBe(201);

    await testApi(t.app, customer.token).call('deleteDocument', { params: { id: first.json().document._id } });
    const after = await uploadDocument(t.app, customer.token, file, { kind: 'proof_of_address' });
    expect(after.statusCode, after.body).toBe(201);
    expect(after.json().storage).toEqual({ used: stored, limit });
  }, 120_000);
});

describe(`files an hour, per account and per address (${describeDatabase})`, () => {
  let t: TestApp;
  let second: { app: FastifyInstance; close(): Promise<void> };

  beforeAll(async () => {
    t = await createTestApp();
    // A second instance of the site on the same database: its own pool on PostgreSQL.
    const pool = t.database.url ? await openDatabase({ databaseUrl: t.database.url, poolSize: 2 }) : undefined;
    const app = await buildApp({ db: pool?.db ?? t.db, config: testConfig(), rateLimit: false });
    await app.ready();
    second = {
      app,
      close: async () => {
        await app.close();
        await pool?.close();
      },
    };
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it(`counts every file an account tries: the ${UPLOADS_PER_HOUR.account + 1}st within the hour is refused on every instance, and nothing more is read`, async () => {
    expect(UPLOADS_PER_HOUR).toEqual({ account: 20, address: 60 });
    const customer = await registerCustomer(t.app);
    // Files the cleaner refuses count too: reading them is the work being limited. Half on each instance.
    for (let i = 0; i < UPLOADS_PER_HOUR.account; i++) {
      const res = await uploadDocument(i % 2 === 0 ? t.app : second.app, customer.token, NOT_AN_IMAGE, { type: 'image/png' });
      expect(res.statusCode, res.body).toBe(400);
    }
    expectTooMany(await uploadDocument(t.app, customer.token, await smallPng()));
    expectTooMany(await uploadDocument(second.app, customer.token, await smallPng()));
    expect((await t.db.select({ n: count() }).from(documents).where(eq(documents.userId, customer.user._id)))[0]!.n).toBe(0);

    // Another account is not held back by this one's count.
    const other = await registerCustomer(t.app);
    expect((await uploadDocument(t.app, other.token, await smallPng())).statusCode).toBe(201);
  }, 120_000);

  it(`counts an address across accounts (${UPLOADS_PER_HOUR.address} an hour); a refused file counts for neither`, async () => {
    const office = '203.0.113.40';
    const accounts: Account[] = [];
    for (let i = 0; i < 4; i++) accounts.push(await registerCustomer(t.app));
    for (let i = 0; i < UPLOADS_PER_HOUR.address; i++) {
      const res = await uploadDocument(i % 2 === 0 ? t.app : second.app, accounts[i % 3]!.token, NOT_AN_IMAGE, { type: 'image/png', from: office });
      expect(res.statusCode, res.body).toBe(400);
    }
    // The fourth account has sent nothing, but its address is spent.
    expectTooMany(await uploadDocument(t.app, accounts[3]!.token, await smallPng(), { from: office }));
    // From elsewhere it sends its own, all of them: the refusal above was not counted against it.
    for (let i = 0; i < UPLOADS_PER_HOUR.account; i++) {
      const res = await uploadDocument(t.app, accounts[3]!.token, NOT_AN_IMAGE, { type: 'image/png', from: '198.51.100.7' });
      expect(res.statusCode, res.body).toBe(400);
    }
    expectTooMany(await uploadDocument(t.app, accounts[3]!.token, await smallPng(), { from: '198.51.100.7' }));
  }, 180_000);
});

describe(`below the free-disk floor (${describeDatabase})`, () => {
  let t: TestApp;
  let owner: Account;
  let customer: Account;

  beforeAll(async () => {
    // A floor no disk reaches, so the check trips as it would on a full one.
    t = await createTestApp({ config: { uploadDiskFloorMb: 1_000_000_000 } });
    owner = await createOwner(t.app);
    customer = await registerCustomer(t.app);
  });
  afterAll(() => t?.close());

  it('is 1024 MB unless UPLOAD_DISK_FLOOR_MB says otherwise (0: never)', () => {
    expect(loadConfig({}).uploadDiskFloorMb).toBe(1024);
    expect(loadConfig({ UPLOAD_DISK_FLOOR_MB: '0' }).uploadDiskFloorMb).toBe(0);
    expect(() => loadConfig({ UPLOAD_DISK_FLOOR_MB: '-1' })).toThrow(/^UPLOAD_DISK_FLOOR_MB must be a whole number of megabytes/);
  });

  it('refuses documents and pictures with 507 in plain words, keeps nothing, and bookings go on', async () => {
    const paused = { success: false, code: 'uploads_paused', message: REFUSAL_CODES.uploads_paused };
    expect(REFUSAL_CODES.uploads_paused).toBe(
      'We cannot take files just now: the server is short of space. Please try again later, or bring the document to our office. Your bookings are not affected.',
    );
    const document = await uploadDocument(t.app, customer.token, await smallPng(), { type: 'image/png' });
    expect(document.statusCode).toBe(507);
    expect(document.json()).toEqual(paused);

    const imagesBefore = (await t.db.select({ n: count() }).from(images))[0]!.n;
    const picture = formData({}, [{ name: 'image', bytes: await smallPng(), filename: 'profile.png', type: 'image/png' }]);
    const profile = await refusalOf(testApi(t.app, owner.token).call('updateImage', { form: picture }));
    expect(profile.status).toBe(507);
    expect(profile.answer).toEqual(paused);
    expect((await t.db.select({ n: count() }).from(images))[0]!.n).toBe(imagesBefore);
    expect((await t.db.select({ n: count() }).from(documents))[0]!.n).toBe(0);

    // The car was added before (its picture written to the database directly), and it is booked now.
    const car = await addCarWithoutTheGate();
    const booked = await callWithStatus(t.app, customer.token, 'createBooking', {
      body: { car, pickupDate: day(20), returnDate: day(22), paymentMethod: 'upfront' },
    });
    expect(booked.status).toBe(201);
  });

  /** The fleet as it was before the disk ran short: a car added through a site without the floor, on the same database. */
  async function addCarWithoutTheGate(): Promise<string> {
    const before = await buildApp({ db: t.db, config: testConfig({ uploadDiskFloorMb: 0 }), rateLimit: false });
    await before.ready();
    try {
      return (await addCar(before, owner.token))._id;
    } finally {
      await before.close();
    }
  }
});
