/**
 * Reset e-mails stored before their tokens were kept apart (migrations/0013): the upgrade takes the
 * tokens out of every body, keeps the one of an e-mail still to be sent so that it can still go
 * out with a working link, and keeps nothing of a sent one. Nothing else in the rows changes.
 */
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MIGRATIONS_DIR, migrate } from '../src/db/migrate';
import { LINK_TOKEN_PLACEHOLDER } from '../src/features/mail/outbox';
import { createTestDatabase, describeDatabase, type TestDatabase } from './helpers';
import { query } from './support/everyRow';

const MIGRATION = '0013_outbox_link_token.sql';

describe(`the upgrade that takes reset tokens out of stored e-mails (${describeDatabase})`, () => {
  let work: string;
  let database: TestDatabase;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'rental-0013-'));
    for (const name of (await readdir(DEFAULT_MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql') && f < MIGRATION)) {
      await copyFile(join(DEFAULT_MIGRATIONS_DIR, name), join(work, name));
    }
    database = await createTestDatabase({ migrationsDir: work });
  });
  afterAll(async () => {
    await database?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('keeps the token of an e-mail still to be sent beside it, drops that of a sent one, and leaves other e-mails alone', async () => {
    const target = database.opened.raw;
    const waiting = 'Wq1_-abcdefghijklmnopqrstuvwxyzABCDEFGHIJK';
    const sent = 'Zz9_-abcdefghijklmnopqrstuvwxyzABCDEFGHIJK';
    const letter = (token: string) => ({
      text: `Choose a new password: https://rent.example.com/reset-password?token=${token}\n`,
      html: `<a href="https://rent.example.com/reset-password?token=${token}">Choose</a><span>https://rent.example.com/reset-password?token=${token}</span>`,
    });
    const insert = (kind: string, status: string, body: { text: string; html: string }) =>
      target.pool.query('INSERT INTO outbox (kind, recipient, subject, text_body, html_body, status) VALUES ($1, $2, $3, $4, $5, $6)', [
        kind,
        `${status}@example.com`,
        'Choose a new password',
        body.text,
        body.html,
        status,
      ]);
    await insert('password_reset_link', 'pending', letter(waiting));
    await insert('password_reset_link', 'sent', letter(sent));
    const other = { text: 'Your booking WCR-1 is confirmed: https://rent.example.com/my-bookings/WCR-1?token=keep-me\n', html: '<p>confirmed</p>' };
    await insert('booking_confirmed', 'failed', other);

    expect(await migrate(target)).toContain(MIGRATION);

    const rows = await query<{ recipient: string; kind: string; link_token: string | null; text_body: string; html_body: string; status: string }>(
      target,
      'SELECT recipient, kind, link_token, text_body, html_body, status FROM outbox ORDER BY id',
    );
    const placeholder = letter(LINK_TOKEN_PLACEHOLDER);
    expect(rows).toEqual([
      {
        recipient: 'pending@example.com',
        kind: 'password_reset_link',
        status: 'pending',
        link_token: waiting,
        text_body: placeholder.text,
        html_body: placeholder.html,
      },
      {
        recipient: 'sent@example.com',
        kind: 'password_reset_link',
        status: 'sent',
        link_token: null,
        text_body: placeholder.text,
        html_body: placeholder.html,
      },
      { recipient: 'failed@example.com', kind: 'booking_confirmed', status: 'failed', link_token: null, text_body: other.text, html_body: other.html },
    ]);
  });
});
