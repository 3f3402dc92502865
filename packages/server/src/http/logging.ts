import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type ChildLoggerOptions, type Logger } from 'pino';
import type { Config } from '../config';
import { RequestSummaries, type SummaryOptions } from './requestSummary';

/** Secrets never reach the log: session tokens, passwords and their hashes. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'password',
  'passwordHash',
  'token',
  '*.password',
  '*.passwordHash',
  '*.token',
  'body.password',
];

/** `auto` is readable lines on a terminal and JSON lines otherwise (a service manager, a log store). */
export function resolveLogFormat(format: Config['logFormat'] | undefined, isTerminal = Boolean(process.stdout.isTTY)): 'json' | 'pretty' {
  if (format === 'json' || format === 'pretty') return format;
  return isTerminal ? 'pretty' : 'json';
}

/**
 * pino-pretty turns the same records into readable lines, written synchronously so nothing is
 * lost when the process stops. It is a development dependency: where it is not installed (an
 * install without dev dependencies), the log stays JSON.
 */
function prettyStream(): pino.DestinationStream | undefined {
  try {
    const pretty = createRequire(import.meta.url)('pino-pretty') as (options: object) => pino.DestinationStream;
    return pretty({ colorize: Boolean(process.stdout.isTTY), sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true });
  } catch {
    return undefined;
  }
}

export function createLogger(config: Pick<Config, 'logLevel'> & Partial<Pick<Config, 'logFormat'>>, destination?: pino.DestinationStream): Logger {
  // JSON lines to stdout in blocks of 4 KB, or every 200 ms, whichever comes first: one write per
  // line (two per request) was 13% of the server's CPU in the booking storm. pino writes what is
  // left when the process exits; a kill -9 loses at most the last 200 ms of lines (decision 073).
  const stream =
    destination ??
    (resolveLogFormat(config.logFormat) === 'pretty' ? prettyStream() : undefined) ??
    pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 200 });
  return pino({ level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, stream);
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** A load balancer's X-Request-Id is kept (so logs join up across hops) when it looks sane. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && SAFE_REQUEST_ID.test(given)) return given;
  return randomUUID();
}

/**
 * One log line per request, when it is answered: the request (method, address, caller), the
 * status and the time taken, under the request's id. Fastify's default writes a second line as
 * each request arrives; logging was a fifth of the server's CPU on a cached read (decision 080).
 * That line is still written at debug level (LOG_LEVEL=debug), to see requests still under way.
 *
 * The answered line goes through a logger without redaction: its fields are fixed by Fastify's
 * serializers (method, URL, host, address, port, status, time), none of which redaction looks at,
 * and redaction was half of the line's cost. Anything else (errors, the routes' own lines) is
 * written through the request's logger, redacted as before.
 *
 * Reads answered whole from a cache (the public fleet's), successful and quick, are counted in
 * their route's summary line instead (`requestSummary.ts`, decision 130); every other request,
 * and every request at LOG_LEVEL=debug, has its own line. `close()` writes what is counted.
 */
export class OneLinePerRequest extends LogController {
  private readonly answeredLogs = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();
  readonly summaries: RequestSummaries;

  constructor(summary: SummaryOptions = {}) {
    super();
    this.summaries = new RequestSummaries(summary);
  }

  /** Writes the summaries counted so far and stops their timer (when the server closes). */
  close(): void {
    this.summaries.close();
  }

  private answeredLog(server: FastifyBaseLogger): FastifyBaseLogger {
    let log = this.answeredLogs.get(server);
    if (!log) {
      log = server.child({}, { redact: { paths: [] } } as ChildLoggerOptions);
      this.answeredLogs.set(server, log);
    }
    return log;
  }

  override incomingRequest(request: FastifyRequest): void {
    // pino makes a level below its own a function that does nothing: no cost at info.
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    if (this.summaries.count(request, reply)) return;
    this.answeredLog(request.server.log).info(
      { [this.requestIdLogLabel]: request.id, req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}
