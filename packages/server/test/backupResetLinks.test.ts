/**
 * A backup taken while a password reset link still works holds no token that opens the account:
 * restored, the link is refused, the waiting e-mail is not sent with a dead link, and the outbox
 * still shows that it was asked for.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@rental/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { writeBackup } from '../src/backup/backup';
import { restoreBackup } from '../src/backup/restore';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/open';
import { outbox } from '../src/db/schema';
import { hashResetToken } from '../src/features/auth/passwordReset';
import { listReadableOutbox } from '../src/features/mail/reading';
import { DEAD_LINK_ERROR } from '../src/features/mail/sender';
import {
  callWithStatus,
  createTestApp,
  createTestDatabase,
  describeDatabase,
  refusalOf,
  registerCustomer,
  TEST_DATABASE_URL,
  TEST_PASSWORD,
  type TestApp,
  type TestDatabase,
  testApi,
} from './helpers';
import { startSmtpSink } from './support/smtpSink';

let work: string;
let noMigrations: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'rental-backup-reset-'));
  noMigrations = join(work, 'no-migrations');
  await mkdir(noMigrations);
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** A database without even the first migration, as restore wants it. */
async function emptyDatabase(): Promise<TestDatabase> {
  if (TEST_DATABASE_URL) return createTestDatabase({ migrationsDir: noMigrations });
  const opened = await openDatabase({ inMemory: true, migrationsDir: noMigrations });
  return { opened, db: opened.db, url: undefined, close: () => opened.close() };
}

describe(`a backup taken while a reset link works (${describeDatabase})`, () => {
  let source: TestApp;
  beforeAll(async () => {
    // No SMTP_URL: the reset e-mail waits in the outbox, its token beside it, as on a site whose mail is down.
    source = await createTestApp();
  });
  afterAll(() => source?.close());

  it('holds no usable token: restored, the link is refused, the e-mail is not sent with it, and the outbox still lists it', async () => {
    const customer = await registerCustomer(source.app, { name: 'Marcia Lewis' });
    expect((await callWithStatus(source.app, undefined, 'forgotPassword', { body: { email: customer.user.email } })).status).toBe(200);
    const [waiting] = await source.db.select().from(outbox).where(eq(outbox.recipient, customer.user.email));
    const token = waiting!.linkToken!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const file = join(work, 'while-a-link-works.jsonl');
    await writeBackup(source.database.opened.raw, file);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(token);
    // Only the token's hash, which opens nothing, is in it.
    expect(text).toContain(hashResetToken(token));

    const restored = await emptyDatabase();
    const sink = await startSmtpSink();
    try {
      await restoreBackup(restored.opened.raw, file);
      const app = await buildApp({ db: restored.db, config: testConfig({ smtpUrl: sink.url }), rateLimit: false, mailSender: { pollMs: 50 } });
      try {
        await app.ready();
        // Whoever holds the file tries every link it has: none opens the account.
        const found = [...text.matchAll(/token=([A-Za-z0-9_%-]+)/g)].map((m) => decodeURIComponent(m[1]!));
        expect(found.length).toBeGreaterThan(0);
        for (const candidate of new Set(found)) {
          const tried = await refusalOf(testApi(app).call('resetPassword', { body: { token: candidate, password: 'taken over at last' } }));
          expect(tried.status, candidate).toBe(400);
          expect(tried.answer).toEqual({ success: false, code: expect.any(String), message: MESSAGES.resetLinkInvalid });
        }
        expect((await restored.db.select({ linkToken: outbox.linkToken }).from(outbox)).every((r) => r.linkToken === null)).toBe(true);
        expect((await callWithStatus(app, undefined, 'login', { body: { email: customer.user.email, password: TEST_PASSWORD } })).status).toBe(200);

        // The e-mail that was waiting is not sent with a link that cannot work; staff see why.
        await expect
          .poll(async () => (await listReadableOutbox(restored.db, 'owner', 1)).messages.find((m) => m.recipient === customer.user.email), { timeout: 30_000 })
          .toMatchObject({ status: 'failed', lastError: DEAD_LINK_ERROR, subject: expect.stringMatching(/new password/) });
        expect(sink.to(customer.user.email)).toEqual([]);
        // Asking again sends a new link that works.
        await testApi(app).call('forgotPassword', { body: { email: customer.user.email } });
        const [mail] = await sink.waitFor((m) => m.to.includes(customer.user.email));
        const fresh = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
        expect((await callWithStatus(app, undefined, 'resetPassword', { body: { token: fresh, password: 'my new secret phrase' } })).status).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await sink.close();
      await restored.close();
    }
  }, 120_000);
});
