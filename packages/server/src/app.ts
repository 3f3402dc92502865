/** Builds the Fastify app without listening: main.ts listens, tests use app.inject(). */
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { MAP_ORIGINS, MESSAGES } from '@rental/contract';
import { sql } from 'drizzle-orm';
import { constants as zlib } from 'node:zlib';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database } from './db/types';
import type { AuthRateLimit } from './features/auth/routes';
import accountRoutes from './features/auth/account';
import authRoutes from './features/auth/routes';
import passwordResetRoutes from './features/auth/passwordReset';
import { type SessionKey, loadSessionKey } from './features/auth/sessionTokens';
import { createSessionReader, type SessionReader } from './features/auth/sessionReader';
import { watchRedis } from './features/auth/redisWatch';
import { redisOrMemoryStore } from './features/auth/redisOrMemoryStore';
import apiDocsRoutes from './features/apiDocs/routes';
import bookingsRoutes from './features/bookings/routes';
import carsRoutes from './features/cars/routes';
import carPictureRoutes from './features/cars/pictureRoutes';
import companyRoutes from './features/company/routes';
import driverRoutes from './features/drivers/routes';
import paymentSlipRoutes from './features/paymentSlips/routes';
import { onlineCheckInRoutes } from './features/onlineCheckIn';
import { cashUpRoutes } from './features/cashUp';
import { maintenanceRoutes } from './features/maintenance';
import booksRoutes from './features/books/routes';
import { fleetReportRoutes } from './features/fleetReport';
import { statementRoutes } from './features/statements';
import { carPaperRoutes } from './features/carPapers';
import { cleanDocument } from './features/drivers';
import { lateChargeRoutes } from './features/lateCharges';
import { bookingLookupRoutes } from './features/bookingLookup';
import priceRoutes from './features/prices/routes';
// The fleet cache
import { type FleetCacheOptions, registerFleetCache } from './features/fleetCache/fleetCache';
import { installFastFleetReads } from './features/fleetCache/fastFleetReads';
import { ensureCompanySettings } from './features/company/settings';
import imagesRoutes from './features/images/routes';
import { type MailSettings, mailSettings } from './features/mail/letters';
import { type ChannelSender, type ChannelSenderOptions, lettersFromEvents, messageWebhookRoutes, startChannelSender } from './features/mail';
import { createEventLog, type EventLog } from './events';
import mailRoutes from './features/mail/routes';
import staffRoutes from './features/staff/routes';
import { type MailSender, type MailSenderOptions, startMailSender } from './features/mail/sender';
import backOfficeRoutes from './features/backOffice/routes';
// Service blocks, the fleet timeline
import blocksRoutes from './features/blocks/routes';
import timelineRoutes from './features/timeline/routes';
// The history
import activityRoutes from './features/activity/routes';
import paymentRoutes from './features/payments/routes';
import { registerMessageChannels } from './features/messages';
import counterRoutes from './features/counter/routes';
import { agreementRoutes } from './features/agreements';
import bookingChangeRoutes from './features/bookingChanges/routes';
// Bookings staff make for walk-in and phone customers
import staffBookingRoutes from './features/staffBookings/routes';
import ownerSetupRoutes from './features/firstOwner/setup';
import { absoluteImageUrls } from './http/absoluteImageUrls';
import { clientErrorHandler } from './http/clientErrors';
import { requireBookingHolder, requireStaff, requireUser } from './features/auth/guards';
import { addEndpoint, provideAccessGuards } from './http/endpoint';
import { installErrorHandling } from './http/errorHandler';
import { HttpError } from './http/errors';
import { createLogger, OneLinePerRequest, requestId } from './http/logging';
import type { SummaryOptions } from './http/requestSummary';
import { securityHeaders } from './http/securityHeaders';
import { createUploadGate, type UploadGate, type UploadLimits } from './http/uploadGate';
import { DEFAULT_WEB_DIST, registerWebApp } from './features/publicPages/webApp';
import { carPaperAlertJob, deadRowsJob, holdSweepJob, overdueJob, plannerStatisticsJob, reminderJob } from './jobs/backgroundJobs';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    /** Signs and checks session tokens (see features/auth/sessionTokens.ts). */
    sessionKey: SessionKey;
    /** Checks session tokens and reads their accounts (features/auth/sessionReader.ts). */
    sessions: SessionReader;
    /** Every route registered, as "METHOD url" (the endpoint table's test holds them to the table). */
    registeredRoutes: string[];
    /** Where links in e-mails point and where staff alerts go. */
    mail: MailSettings;
    /** Where features record what happened (src/events); letters are made from the events. */
    events: EventLog;
    /** Delivers the outbox; undefined without SMTP_URL (messages are kept, none is sent). */
    mailSender: MailSender | undefined;
    /** Sends the letters' WhatsApp and SMS messages; undefined with MESSAGE_PROVIDER=none. */
    channelSender: ChannelSender | undefined;
    /** The disk floor and the uploads an hour, before an upload is read (http/uploadGate.ts). */
    uploadGate: UploadGate;
  }
}

export interface BuildAppOptions {
  db: Database;
  config: Config;
  /** A pino logger; by default one at config.logLevel with secrets redacted. */
  logger?: FastifyBaseLogger;
  /**
   * Register attempts per address, and failed logins (per account and address, per address, per
   * account: see features/auth/loginLimits.ts); false turns the limits off. Default 10 a minute.
   */
  rateLimit?: AuthRateLimit | false;
  /** The web app's build; by default packages/web/dist. */
  webDist?: string;
  /** The mail sender's pace (tests make it quick); it runs only when config.smtpUrl is set. */
  mailSender?: Partial<Omit<MailSenderOptions, 'smtpUrl' | 'from'>>;
  /** The WhatsApp and SMS sender's pace (tests make it quick); it runs only with a MESSAGE_PROVIDER. */
  channelSender?: ChannelSenderOptions;
  /** The fleet cache's clock, poll interval and size (tests move its clock past midnight). */
  fleetCache?: FleetCacheOptions;
  /** Documents a customer may send an hour, per account and per address (http/uploadGate.ts); false: no count. */
  uploadLimits?: UploadLimits | false;
  /** The database is PGlite, which has no autovacuum: the app keeps the planner's statistics and cleans dead rows itself (main.ts sets it). */
  pgliteUpkeep?: boolean;
  /** The summary lines of quick reads answered from the cache: how often, and what is quick (decision 130). */
  requestSummary?: SummaryOptions;
}

/** TRUST_PROXY=2: trust the nearest two proxies (what proxy-addr does with a hop count). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * Fastify's `trustProxy: true` trusts every X-Forwarded-For entry, so the client's own header
 * decides its address. Here true is one hop: the address the nearest proxy saw (the last entry).
 */
export function trustProxyOption(setting: Config['trustProxy'] | boolean): false | string | ((address: string, hop: number) => boolean) {
  if (setting === true) return trustHops(1);
  if (typeof setting === 'number') return setting > 0 ? trustHops(setting) : false;
  return setting;
}

export const DEFAULT_AUTH_RATE_LIMIT: AuthRateLimit = { max: 10, timeWindow: '1 minute' };

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  const requestLog = new OneLinePerRequest(options.requestSummary);
  const app = Fastify({
    loggerInstance: options.logger ?? createLogger(config),
    logController: requestLog,
    genReqId: requestId,
    trustProxy: trustProxyOption(config.trustProxy),
    // The JSON bodies of this API are small; uploads go through multipart with their own limit.
    bodyLimit: 1024 * 1024,
    // Fastify's default is no limit, which lets a client that trickles its body hold a connection
    // for ever; a 10 MB upload on a slow phone line still fits in a minute.
    requestTimeout: 60_000,
    // Malformed URLs (/api/user/car/%) are answered before routing: in our shape, not Fastify's.
    frameworkErrors: (err, _request, reply) => {
      (reply as FastifyReply)
        .code(400)
        .send({ success: false, message: err.code === 'FST_ERR_BAD_URL' ? 'The address is not valid.' : 'The request is not valid.', code: 'invalid_input' });
    },
    // Requests Node's parser refuses (headers too large, not HTTP): in our shape too.
    clientErrorHandler,
  });

  const registeredRoutes: string[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push(`${method} ${route.url}`);
  });

  // The cached reads counted since the last summary are written as the server stops.
  app.addHook('onClose', (_instance, done) => {
    requestLog.close();
    done();
  });

  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('mail', mailSettings(config));
  // What happened, recorded by the features in their transactions; the outbox's letters are made from it.
  app.decorate('events', createEventLog());
  app.events.react(lettersFromEvents(app.mail));
  app.decorate('mailSender', config.smtpUrl ? startMailSender(app, { ...options.mailSender, smtpUrl: config.smtpUrl, from: config.mailFrom }) : undefined);
  await ensureCompanySettings(db);
  app.decorate('sessionKey', await loadSessionKey(db, config.jwtSecret));
  app.decorate('sessions', createSessionReader(db, app.sessionKey));
  app.decorate('uploadGate', createUploadGate(db, config, options.uploadLimits));
  // WhatsApp and SMS (MESSAGE_PROVIDER): the adapters the outbox's sender and the webhooks use; with sandbox, the sandbox starts here.
  await registerMessageChannels(app);
  app.decorate('channelSender', startChannelSender(app, { exclusive: options.mailSender?.exclusive, ...options.channelSender }));
  app.decorateRequest('user', null as never);
  app.decorateRequest('answeredFromCache', null);
  app.decorateRequest('bookingScope', null);
  provideAccessGuards(app, {
    customer: requireUser,
    bookingHolder: requireBookingHolder,
    staff: requireStaff('staff'),
    manager: requireStaff('manager'),
    owner: requireStaff('owner'),
  });

  // Callback hooks on every request: an async one costs a promise and a turn of the microtask queue.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  installErrorHandling(app);

  // On shutdown, answers to requests still in flight close their keep-alive connection, so close()
  // does not wait on idle connections that clients (or a load balancer) would otherwise keep open.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  securityHeaders(app, {
    // HSTS only when the site is known to be served over https: on a plain-HTTP local network a
    // browser would otherwise refuse the site for a year after one visit through an https proxy.
    strictTransportSecurity: config.publicUrl?.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        scriptSrc: ["'self'"],
        // React's style attributes are inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The about page embeds the company's map (company settings only take links from these).
        frameSrc: [...MAP_ORIGINS],
        formAction: ["'self'"],
        // The site is often reached over plain HTTP on a local network; upgrading would break it.
        upgradeInsecureRequests: null,
      },
    },
  });

  // The car list carries every car's reserved dates: ~10x smaller compressed on a phone's connection.
  // The web app's files are precompressed at build time (the header they carry makes this skip them);
  // pictures are WebP, which does not compress further.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  // Other origins' pages (the company's other clients) may call the API: only those listed.
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
      exposedHeaders: ['Idempotent-Replayed', 'X-Request-Id'],
      maxAge: 600,
    });
  }

  if (config.publicUrl) absoluteImageUrls(app, config.publicUrl);

  const authLimit = options.rateLimit === undefined ? DEFAULT_AUTH_RATE_LIMIT : options.rateLimit;
  let redis: Redis | undefined;
  if (authLimit) {
    if (config.redisUrl) {
      // Shared by every instance, so the limit holds behind a load balancer.
      // No offline queue: while Redis is down a command fails at once (failed logins are then
      // and registrations are counted in memory) instead of holding every login until a reconnection.
      redis = new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false, enableOfflineQueue: false });
      // Says once that Redis is away and once that it is back, not at every reconnection attempt.
      watchRedis(redis, app.log);
      app.addHook('onClose', async () => {
        await redis?.quit().catch(() => redis?.disconnect());
      });
    }
    const nameSpace = authLimit.nameSpace ?? 'rental-rate-limit-';
    await app.register(rateLimit, {
      global: false,
      // With Redis, counted there while it answers and in this instance's memory while it does not.
      ...(redis ? { store: redisOrMemoryStore(redis, nameSpace) } : {}),
      nameSpace,
      // A store failing anyway must not lock everyone out.
      skipOnError: true,
      errorResponseBuilder: () => new HttpError(429, MESSAGES.tooManyAttempts),
    });
  }

  addEndpoint(app, 'health', async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { success: true as const, status: 'ok' as const, database: 'ok' as const };
    } catch (err) {
      app.log.error({ err }, 'health check: database unreachable');
      return reply.code(503).send({ success: false, status: 'error', database: 'unreachable', message: MESSAGES.serverError });
    }
  });

  await app.register(authRoutes, { rateLimit: authLimit, redis });
  await app.register(accountRoutes, {
    limited: authLimit ? { rateLimit: { max: authLimit.max, timeWindow: authLimit.timeWindow } } : undefined,
  });
  await app.register(passwordResetRoutes, {
    limited: authLimit ? { rateLimit: { max: authLimit.max, timeWindow: authLimit.timeWindow } } : undefined,
  });
  await app.register(bookingLookupRoutes, { rateLimit: authLimit, redis });
  await app.register(ownerSetupRoutes, {
    config: authLimit ? { rateLimit: { max: authLimit.max, timeWindow: authLimit.timeWindow } } : {},
  });
  // Before the routes: its hook marks the fleet version dirty when any write is answered.
  registerFleetCache(app, options.fleetCache);
  installFastFleetReads(app);
  await app.register(carsRoutes);
  await app.register(companyRoutes);
  await app.register(bookingsRoutes);
  await app.register(priceRoutes);
  await app.register(driverRoutes, {
    limited: authLimit ? { rateLimit: { max: authLimit.max, timeWindow: authLimit.timeWindow } } : undefined,
  });
  await app.register(paymentSlipRoutes);
  await app.register(onlineCheckInRoutes);
  await app.register(cashUpRoutes);
  await app.register(maintenanceRoutes);
  await app.register(booksRoutes);
  await app.register(fleetReportRoutes);
  await app.register(statementRoutes);
  // The scans are cleaned as a driver's documents are (the drivers feature's own cleaning).
  await app.register(carPaperRoutes, { cleanScan: cleanDocument });
  await app.register(lateChargeRoutes);
  await app.register(backOfficeRoutes);
  await app.register(carPictureRoutes);
  await app.register(blocksRoutes);
  await app.register(timelineRoutes);
  await app.register(activityRoutes);
  await app.register(paymentRoutes);
  await app.register(counterRoutes);
  // Anyone may check a copy of an agreement: limited to half the login limit per address (5 a minute by default).
  await app.register(agreementRoutes, {
    limited: authLimit ? { rateLimit: { max: Math.max(1, Math.ceil(authLimit.max / 2)), timeWindow: authLimit.timeWindow } } : undefined,
  });
  await app.register(bookingChangeRoutes);
  await app.register(staffBookingRoutes);
  await app.register(imagesRoutes);
  await app.register(mailRoutes);
  await app.register(messageWebhookRoutes);
  await app.register(staffRoutes, {
    limited: authLimit ? { rateLimit: { max: authLimit.max, timeWindow: authLimit.timeWindow } } : undefined,
  });
  await app.register(apiDocsRoutes);
  await registerWebApp(app, options.webDist ?? DEFAULT_WEB_DIST);

  // The background jobs, all of them (jobs/backgroundJobs.ts): each sweeps once when the app is ready,
  // then on its clock until it closes. Each is safe with several instances on one PostgreSQL: every
  // effect happens once. The hold sweep expires card attempts before holds in the same round. The
  // planner's statistics run on PGlite only (PostgreSQL's autovacuum does it there).
  const backgroundJobs = [holdSweepJob, overdueJob, reminderJob, carPaperAlertJob, ...(options.pgliteUpkeep ? [plannerStatisticsJob, deadRowsJob] : [])];
  for (const job of backgroundJobs) await app.register(job);

  return app;
}
