#!/usr/bin/env node
/**
 * WhatsApp throughput (issue 36, decision 128): how long the BUILT server takes to send 1,000 queued
 * WhatsApp messages on PGlite, each through the real Cloud API adapter over HTTP to the local message
 * sandbox (run in this process, as WhatsApp's servers run elsewhere: the server is set up as for the
 * real Cloud API, MESSAGE_PROVIDER=whatsapp), while the sandbox posts back its signed statuses (sent,
 * delivered, read: 3,000 webhooks) — and what a reader of the site feels meanwhile: a peer reads
 * GET /api/user/cars (the fleet, cached) every 20 ms, during the sending and for as long after
 * it, so its figures can be read beside their own baseline in the same run.
 * The messages are written straight into the fresh database (1,000 queued rows, each with a template
 * and its parameters, to numbers of their own) while the server is stopped; the server's start is not
 * timed: the clock starts when /health answers, and stops when the sandbox has every message read and
 * no status left to post. Target: all sent in <= 10 s.
 * Not a test: it asserts nothing and is not part of CI; figures move with the machine's load.
 *
 *   npm run build -w @rental/server && node bench/messages.mjs [--messages 1000]
 */
import { Agent, request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { freePort, freshDatabase, ROOT, startServer } from './lib/server.mjs';

const { values } = parseArgs({ options: { messages: { type: 'string', default: '1000' } } });
const COUNT = Number(values.messages);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

/** One GET on a kept-alive connection, its body read to the end: ms. */
function timedGet(agent, url) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(url, { agent, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`GET ${url}: ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const describe = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return `median ${quantile(sorted, 0.5).toFixed(1)} ms, p95 ${quantile(sorted, 0.95).toFixed(1)} ms, slowest ${sorted.at(-1)?.toFixed(1)} ms (${sorted.length})`;
};

console.log(`Messages: ${COUNT} queued WhatsApp messages to the message sandbox, PGlite; Node ${process.version}; load average ${load()}`);
const database = await freshDatabase({});
const port = await freePort();
// The sandbox in this process, as WhatsApp's servers are elsewhere: the server speaks to it as to the
// Cloud API (MESSAGE_PROVIDER=whatsapp, its address and credentials), and it posts its signed
// statuses to the server's webhook at PUBLIC_URL.
const { register } = await import('tsx/esm/api');
register();
const { startMessageSandbox, SANDBOX_WHATSAPP } = await import(pathToFileURL(join(ROOT, 'packages', 'server', 'src', 'features', 'messages', 'index.ts')).href);
const sandbox = await startMessageSandbox({ whatsapp: SANDBOX_WHATSAPP, whatsappWebhookUrl: `http://127.0.0.1:${port}/api/webhooks/whatsapp` });
const env = {
  ...database.env,
  MESSAGE_PROVIDER: 'whatsapp',
  WHATSAPP_API_URL: `${sandbox.url}/v21.0`,
  WHATSAPP_PHONE_NUMBER_ID: SANDBOX_WHATSAPP.phoneNumberId,
  WHATSAPP_ACCESS_TOKEN: SANDBOX_WHATSAPP.accessToken,
  WHATSAPP_APP_SECRET: SANDBOX_WHATSAPP.appSecret,
  WHATSAPP_VERIFY_TOKEN: SANDBOX_WHATSAPP.verifyToken,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
};
let server;
try {
  // A first start makes the schema; the messages go in while it is stopped (PGlite has one process).
  await (await startServer({ env, logLevel: 'warn', port })).stop();
  const db = await PGlite.create(database.target.dataDir, { extensions: { btree_gist } });
  await db.query(
    `INSERT INTO channel_messages (direction, channel, phone, kind, template, params, body, state)
     SELECT 'out', 'whatsapp', '+1876600' || lpad(n::text, 4, '0'), 'bench', 'booking_received',
            jsonb_build_array('Jane', 'Waterford Car Rental', 'WR-' || n, 'Sat 28 Nov 2026', 'Tue 1 Dec 2026', 'J$34,500', 'https://rent.example.com/my-bookings/WR-' || n),
            'Hi Jane, thanks for booking with Waterford Car Rental. Booking WR-' || n || ' is received.', 'queued'
       FROM generate_series(1, $1::integer) AS n`,
    [COUNT],
  );
  await db.close();

  server = await startServer({ env, logLevel: 'warn', port });
  const started = performance.now();
  const peerAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  // A reader at a person's pace, not a flood: one read every 20 ms.
  const peer = async (until) => {
    const times = [];
    while (!until()) {
      times.push(await timedGet(peerAgent, `${server.baseUrl}/api/user/cars`));
      await new Promise((r) => setTimeout(r, 20));
    }
    return times;
  };
  let sentAt = 0;
  let readAt = 0;
  const watch = (async () => {
    for (;;) {
      const out = sandbox.messages().filter((m) => m.direction === 'out');
      if (!sentAt && out.length >= COUNT) sentAt = performance.now();
      if (out.filter((m) => m.state === 'read').length >= COUNT) {
        await sandbox.idle();
        readAt = performance.now();
        return;
      }
      if (performance.now() - started > 120_000)
        throw new Error(`after 120 s: ${out.length} messages taken, ${out.filter((m) => m.state === 'read').length} read`);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const during = await peer(() => readAt !== 0);
  await watch;
  const sendingMs = sentAt - started;
  const readMs = readAt - started;
  const afterUntil = performance.now() + Math.max(readMs, 2000);
  const after = await peer(() => performance.now() > afterUntil);
  console.log(`\n| what | figure |\n|---|---|`);
  console.log(
    `| ${COUNT} messages taken by the sandbox | **${(sendingMs / 1000).toFixed(2)} s** (target <= 10 s; ${(COUNT / (sendingMs / 1000)).toFixed(0)} a second) |`,
  );
  console.log(`| ... and every one read (3 signed statuses each, back through the webhooks) | ${(readMs / 1000).toFixed(2)} s |`);
  console.log(`| peer GET /api/user/cars while sending | ${describe(during)} |`);
  console.log(`| peer GET /api/user/cars after, as long | ${describe(after)} |`);
} finally {
  await server?.stop();
  await sandbox.close();
  await database.drop();
}
console.log(`\nLoad average after: ${load()}`);
