/**
 * A real SMTP server inside the test process (smtp-server), keeping every message it accepts,
 * parsed (mailparser). `refuse` lets a test answer the next messages with a temporary (4xx) or a
 * final (5xx) refusal.
 */
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  headerTo: string;
  receivedAt: number;
}

export interface SmtpSink {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Refuse the next `times` messages with this SMTP code (421..452 temporary, 550 final). */
  refuse(code: number, times: number): void;
  /** Polls until `count` messages match (default 1), or fails after timeoutMs. */
  waitFor(match: (mail: ReceivedMail) => boolean, options?: { count?: number; timeoutMs?: number }): Promise<ReceivedMail[]>;
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

function addresses(value: AddressObject | AddressObject[] | undefined): string {
  if (!value) return '';
  return [value]
    .flat()
    .map((a) => a.text)
    .join(', ');
}

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  let refusals: { code: number; times: number } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals && refusals.times > 0) {
          refusals.times -= 1;
          const err = Object.assign(new Error(refusals.code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: refusals.code });
          callback(err);
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((parsed) => {
            mails.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              from: addresses(parsed.from),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headerTo: addresses(parsed.to),
              receivedAt: Date.now(),
            });
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${boundPort}`,
    port: boundPort,
    mails,
    refuse(code, times) {
      refusals = { code, times };
    },
    async waitFor(match, options = {}) {
      const count = options.count ?? 1;
      const deadline = Date.now() + (options.timeoutMs ?? 45_000);
      for (;;) {
        const found = mails.filter(match);
        if (found.length >= count) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `expected ${count} matching e-mails, got ${found.length}; received: ${mails.map((m) => `${m.to.join(',')} "${m.subject}"`).join('; ') || 'none'}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    to(address) {
      return mails.filter((m) => m.to.includes(address.toLowerCase()));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
