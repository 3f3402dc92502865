import { pathFor } from '@rental/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../src/db/types';
import { type Entry, type World, staffOnly } from '../support/permissionMatrix';

/**
 * A message to a staff member (the owner's password link, as the outbox keeps it): made once per
 * world, before the first call, so a refused call's "nothing changed" holds.
 */
const staffMessages = new WeakMap<World, Promise<string>>();
function staffMessage(w: World): Promise<string> {
  let id = staffMessages.get(w);
  if (!id) {
    id = queryRows<{ id: string }>(
      w.app.db,
      sql`INSERT INTO outbox (kind, recipient, subject, text_body, html_body)
          VALUES ('password_reset_link', ${w.accounts.manager.user.email}, 'Choose a new password', 'Open https://rent.example.com/reset-password?token=link-not-kept', '<p>Open the link</p>')
          RETURNING id`,
    ).then(([row]) => String(row!.id));
    staffMessages.set(w, id);
  }
  return id;
}

/** The customer's own booking letter (the world's customer booked a car). */
async function customerMessage(w: World): Promise<string> {
  const [row] = await queryRows<{ id: string }>(w.app.db, sql`SELECT id FROM outbox WHERE recipient = ${w.accounts.customer.user.email} ORDER BY id LIMIT 1`);
  return String(row!.id);
}

/** Keyed as Fastify lists routes ("METHOD /path/:param"); see permissions.test.ts. */
export const outboxEntries: Record<string, Entry> = {
  // printRoutes names these under GET /api/owner/outbox, whose path they extend.
  'GET /:id': {
    // A message to a staff member (the manager's password link): owners only, 404 to other staff, as for one that does not exist.
    call: async (w) => ({ method: 'GET', url: pathFor('outboxMessage', { id: await staffMessage(w) }) }),
    expected: { ...staffOnly(404), owner: 200 },
    check: (res) => expect(res.json().outboxMessage.subject).toBe('Choose a new password'),
  },
  // GET /api/owner/outbox/:id/attachment, named under GET /api/owner/outbox/:id.
  'GET /attachment': {
    // The customer's booking letter carries no PDF: staff learn so, nobody else anything.
    call: async (w) => ({ method: 'GET', url: pathFor('outboxAttachment', { id: await customerMessage(w) }) }),
    expected: staffOnly(404),
  },
};
