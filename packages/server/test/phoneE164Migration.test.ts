/**
 * The phones customers typed before E.164 was kept (migrations/0052): after the upgrade each keeps
 * its typed form and gains its E.164 form where it is understood (null where not). The database's
 * rule (phone_e164_of) and the contract's (readPhone) answer alike for any phone a person may type.
 */
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { phoneE164 } from '@rental/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MIGRATIONS_DIR, migrate } from '../src/db/migrate';
import { createTestDatabase, describeDatabase, type TestDatabase } from './helpers';
import { query } from './support/everyRow';

const MIGRATION = '0052_message_channels.sql';

describe(`the upgrade that reads stored phones into E.164 (${describeDatabase})`, () => {
  let work: string;
  let database: TestDatabase;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'rental-0052-'));
    for (const name of (await readdir(DEFAULT_MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql') && f < MIGRATION)) {
      await copyFile(join(DEFAULT_MIGRATIONS_DIR, name), join(work, name));
    }
    database = await createTestDatabase({ migrationsDir: work });
  });
  afterAll(async () => {
    await database?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('keeps every typed phone as it was and fills in the E.164 form of those understood, with every choice off', async () => {
    const target = database.opened.raw;
    const typed = [
      '+1 876 555 0142',
      '(876) 555-0142',
      '876-555-0142',
      '18765550142',
      '555-0142',
      '+1 658 555 0199',
      '+44 20 7946 0018',
      '0207 946 0018',
      '-------',
      null,
    ];
    for (const [n, phone] of typed.entries()) {
      await target.pool.query('INSERT INTO users (name, email, password_hash, phone) VALUES ($1, $2, $3, $4)', [
        `Customer ${n}`,
        `c${n}@example.com`,
        'x',
        phone,
      ]);
    }

    expect(await migrate(target, { migrationsDir: DEFAULT_MIGRATIONS_DIR })).toContain(MIGRATION);

    const rows = await query<{ name: string; phone: string | null; phone_e164: string | null; whatsapp_on: boolean; sms_on: boolean }>(
      target,
      "SELECT name, phone, phone_e164, whatsapp_on, sms_on FROM users WHERE email LIKE 'c%@example.com' ORDER BY email",
    );
    expect(rows.map((row) => [row.phone, row.phone_e164])).toEqual([
      ['+1 876 555 0142', '+18765550142'],
      ['(876) 555-0142', '+18765550142'],
      ['876-555-0142', '+18765550142'],
      ['18765550142', '+18765550142'],
      ['555-0142', '+18765550142'],
      ['+1 658 555 0199', '+16585550199'],
      ['+44 20 7946 0018', '+442079460018'],
      ['0207 946 0018', null],
      ['-------', null],
      [null, null],
    ]);
    expect(rows.every((row) => !row.whatsapp_on && !row.sms_on)).toBe(true);

    // Computed by the database whoever writes the phone: a later change follows at once.
    await target.pool.query("UPDATE users SET phone = '876 555 0177' WHERE email = 'c8@example.com'");
    expect(await query<{ phone_e164: string }>(target, "SELECT phone_e164 FROM users WHERE email = 'c8@example.com'")).toEqual([
      { phone_e164: '+18765550177' },
    ]);
  });

  it("the database's rule reads any typed phone as the contract's does", async () => {
    const target = database.opened.raw;
    const typed = fc.oneof(
      fc.stringMatching(/^ ?\+?[0-9 ()-]{0,24} ?$/),
      fc.stringMatching(/^\+?1?[ -]?[0-9]{3}[ -]?[0-9]{3}[ -]?[0-9]{4}$/),
      fc.stringMatching(/^[0-9]{3}-?[0-9]{4}$/),
      fc.string({ maxLength: 45 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(typed, { minLength: 1, maxLength: 50 }), async (phones) => {
        const rows = await target.pool.query<{ typed: string; e164: string | null }>(
          'SELECT p AS typed, phone_e164_of(p) AS e164 FROM unnest($1::text[]) WITH ORDINALITY AS t(p, n) ORDER BY n',
          [phones],
        );
        expect(rows.rows.map((row) => [row.typed, row.e164])).toEqual(phones.map((phone) => [phone, phoneE164(phone)]));
      }),
      { numRuns: 60 },
    );
  });
});
