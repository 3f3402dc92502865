/**
 * Settings, all from the environment (DESIGN.md "Running it"). Bad values stop the start with a
 * sentence naming the variable, instead of a server that half works.
 */
import { DEFAULT_DOCUMENT_QUOTA_MB } from '@rental/contract';
import { z } from 'zod';

export interface Config {
  port: number;
  host: string;
  /** The embedded database's folder; ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** When unset, a secret is generated once and kept in the database. */
  jwtSecret: string | undefined;
  ownerEmail: string | undefined;
  ownerPassword: string | undefined;
  /** Shared store of the login/register rate limit, for several instances. */
  redisUrl: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** json: one JSON object a line (log stores); pretty: readable lines; auto: pretty on a terminal. */
  logFormat: 'json' | 'pretty' | 'auto';
  /**
   * Behind a load balancer: take the client's address from X-Forwarded-For. A hop count (TRUST_PROXY=true
   * is 1: the address the nearest proxy saw, never what the client wrote itself) or a list of proxy
   * addresses/subnets; false: the socket's address.
   */
  trustProxy: false | number | string;
  /** The site's public address ("https://rent.example.com", no trailing slash): absolute image URLs, links in messages. */
  publicUrl: string | undefined;
  /** Origins whose pages may call the API from a browser (CORS); none by default. */
  corsOrigins: string[];
  /** A pending booking not confirmed within this many minutes is cancelled and its days freed. */
  holdMinutes: number;
  /** smtp:// or smtps:// address of the mail server; without it no e-mail is sent (messages are kept in the outbox). */
  smtpUrl: string | undefined;
  /** The From of every e-mail ("Name <address>" or an address); default: the company's name and e-mail. */
  mailFrom: string | undefined;
  /** Where staff alerts go (new bookings, cancellations by customers); default: the company's e-mail. */
  companyEmail: string | undefined;
  /** Who takes card payments: none (the payment step offers no card), WiPay, or the local sandbox. */
  paymentProvider: 'none' | 'wipay' | 'sandbox';
  /** WiPay's account, key and platform; set only when paymentProvider is wipay (required then). */
  wipay: WipaySettings | undefined;
  /** The local sandbox's port with PAYMENT_PROVIDER=sandbox; undefined: any free port. */
  paymentSandboxPort: number | undefined;
  /** Who carries WhatsApp and SMS messages (issue 36): none (e-mail only), WhatsApp's Cloud API, Twilio SMS, or the local sandbox (both). */
  messageProvider: 'none' | 'whatsapp' | 'twilio' | 'sandbox';
  /** The Cloud API's number, token and secrets; set only when messageProvider is whatsapp (required then). */
  whatsapp: WhatsAppSettings | undefined;
  /** Twilio's account, token and number; set only when messageProvider is twilio (required then). */
  twilio: TwilioSettings | undefined;
  /** The local message sandbox's port with MESSAGE_PROVIDER=sandbox; undefined: any free port. */
  messageSandboxPort: number | undefined;
  /** MB an account's documents may take together (decision 106). */
  documentQuotaMb: number;
  /** Below this many MB free on the data's disk, uploads are refused (507) while bookings go on; 0: never. */
  uploadDiskFloorMb: number;
}

export interface WipaySettings {
  accountNumber: string;
  apiKey: string;
  /** sandbox: WiPay's test platform, no money moves; live: real cards. */
  environment: 'sandbox' | 'live';
  /** The platform's base address, no trailing slash (Jamaica: https://jm.wipayfinancial.com). */
  url: string;
}

export interface WhatsAppSettings {
  phoneNumberId: string;
  accessToken: string;
  /** Signs every webhook (X-Hub-Signature-256). */
  appSecret: string;
  /** Ours, repeated by Meta's subscribe check when the webhook is registered. */
  verifyToken: string;
  /** The Graph API's base with its version, no trailing slash. */
  apiUrl: string;
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or a Messaging Service SID (MG...). */
  from: string;
  /** Twilio's base address, no trailing slash. */
  apiUrl: string;
}

/** Room kept on the data's disk for the database's own work (its log, checkpoints, a backup) once uploads stop. */
export const DEFAULT_UPLOAD_DISK_FLOOR_MB = 1024;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z.object({
  PORT: z
    .string()
    .trim()
    .regex(/^\d+$/, { error: 'PORT must be a whole number between 0 and 65535.' })
    .transform(Number)
    .pipe(z.number().int().min(0, { error: 'PORT must be between 0 and 65535.' }).max(65535, { error: 'PORT must be between 0 and 65535.' }))
    .default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must start with postgres:// or postgresql://.' })
      .optional(),
  ),
  JWT_SECRET: optional.pipe(z.string().min(32, { error: 'JWT_SECRET must be at least 32 characters long.' }).optional()),
  OWNER_EMAIL: optional.pipe(z.email({ error: 'OWNER_EMAIL must be a valid e-mail address.' }).optional()),
  OWNER_PASSWORD: optional.pipe(z.string().min(8, { error: 'OWNER_PASSWORD must be at least 8 characters long.' }).optional()),
  REDIS_URL: optional.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, { error: 'REDIS_URL must start with redis:// or rediss://.' })
      .optional(),
  ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.',
    })
    .default('info'),
  TRUST_PROXY: optional,
  LOG_FORMAT: z.enum(['json', 'pretty', 'auto'], { error: 'LOG_FORMAT must be json, pretty or auto.' }).default('auto'),
  PUBLIC_URL: optional.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, { error: "PUBLIC_URL must be the site's address, such as https://rent.example.com." })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
  ),
  CORS_ORIGINS: optional,
  HOLD_MINUTES: z
    .string()
    .trim()
    .regex(/^\d+$/, { error: 'HOLD_MINUTES must be a whole number of minutes (2880 is 48 hours).' })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: 'HOLD_MINUTES must be at least 1.' }).max(525_600, { error: 'HOLD_MINUTES must be at most 525600 (a year).' }))
    .default(2880),
  SMTP_URL: optional.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/\S+$/, { error: 'SMTP_URL must start with smtp:// or smtps://, such as smtp://user:password@mail.example.com:587.' })
      .optional(),
  ),
  MAIL_FROM: optional.pipe(
    z
      .string()
      .regex(/^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, {
        error: 'MAIL_FROM must be an e-mail address, such as Waterford Car Rental <bookings@example.com>.',
      })
      .optional(),
  ),
  COMPANY_EMAIL: optional.pipe(z.email({ error: 'COMPANY_EMAIL must be a valid e-mail address.' }).optional()),
  PAYMENT_PROVIDER: z.enum(['none', 'wipay', 'sandbox'], { error: 'PAYMENT_PROVIDER must be none, wipay or sandbox.' }).default('none'),
  WIPAY_ACCOUNT_NUMBER: optional.pipe(
    z
      .string()
      .regex(/^\d{4,20}$/, { error: 'WIPAY_ACCOUNT_NUMBER must be the WiPay account number (digits only).' })
      .optional(),
  ),
  WIPAY_API_KEY: optional,
  WIPAY_ENVIRONMENT: z.enum(['sandbox', 'live'], { error: 'WIPAY_ENVIRONMENT must be sandbox or live.' }).default('sandbox'),
  WIPAY_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/?#]+\/?$/, { error: "WIPAY_URL must be the platform's address, such as https://jm.wipayfinancial.com." })
    .default('https://jm.wipayfinancial.com'),
  PAYMENT_SANDBOX_PORT: optional.pipe(
    z
      .string()
      .regex(/^\d+$/, { error: 'PAYMENT_SANDBOX_PORT must be a whole number between 1 and 65535.' })
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(1, { error: 'PAYMENT_SANDBOX_PORT must be between 1 and 65535.' })
          .max(65535, { error: 'PAYMENT_SANDBOX_PORT must be between 1 and 65535.' }),
      )
      .optional(),
  ),
  // WhatsApp and SMS (issue 36): features/messages.
  MESSAGE_PROVIDER: z.enum(['none', 'whatsapp', 'twilio', 'sandbox'], { error: 'MESSAGE_PROVIDER must be none, whatsapp, twilio or sandbox.' }).default('none'),
  WHATSAPP_PHONE_NUMBER_ID: optional.pipe(
    z
      .string()
      .regex(/^\d{5,30}$/, { error: 'WHATSAPP_PHONE_NUMBER_ID must be the phone number ID of the WhatsApp settings (digits only), not the phone number.' })
      .optional(),
  ),
  WHATSAPP_ACCESS_TOKEN: optional,
  WHATSAPP_APP_SECRET: optional,
  WHATSAPP_VERIFY_TOKEN: optional,
  WHATSAPP_API_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, {
      error: "WHATSAPP_API_URL must be the Graph API's address with its version, such as https://graph.facebook.com/v21.0.",
    })
    .default('https://graph.facebook.com/v21.0'),
  TWILIO_ACCOUNT_SID: optional.pipe(
    z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, { error: 'TWILIO_ACCOUNT_SID must be the Account SID of the Twilio console: AC and 32 letters and digits.' })
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_FROM: optional.pipe(
    z
      .string()
      .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, {
        error: 'TWILIO_FROM must be the Twilio number in international form (such as +18765550100) or a Messaging Service SID (MG...).',
      })
      .optional(),
  ),
  TWILIO_API_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/?#]+\/?$/, { error: "TWILIO_API_URL must be Twilio's address, such as https://api.twilio.com." })
    .default('https://api.twilio.com'),
  MESSAGE_SANDBOX_PORT: optional.pipe(
    z
      .string()
      .regex(/^\d+$/, { error: 'MESSAGE_SANDBOX_PORT must be a whole number between 1 and 65535.' })
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(1, { error: 'MESSAGE_SANDBOX_PORT must be between 1 and 65535.' })
          .max(65535, { error: 'MESSAGE_SANDBOX_PORT must be between 1 and 65535.' }),
      )
      .optional(),
  ),
  // Storage that cannot be filled (docs/decisions/106-storage-that-cannot-be-filled.md).
  DOCUMENT_QUOTA_MB: z
    .string()
    .trim()
    .regex(/^\d+$/, { error: 'DOCUMENT_QUOTA_MB must be a whole number of megabytes (40 by default).' })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(10, { error: 'DOCUMENT_QUOTA_MB must be at least 10 (one file may be 10 MB).' })
        .max(100_000, { error: 'DOCUMENT_QUOTA_MB must be at most 100000.' }),
    )
    .default(DEFAULT_DOCUMENT_QUOTA_MB),
  UPLOAD_DISK_FLOOR_MB: z
    .string()
    .trim()
    .regex(/^\d+$/, { error: 'UPLOAD_DISK_FLOOR_MB must be a whole number of megabytes (1024 by default, 0 to never refuse).' })
    .transform(Number)
    .default(DEFAULT_UPLOAD_DISK_FLOOR_MB),
});

/** "https://a.example, http://localhost:5173" -> exact origins; a path or a wildcard is refused. */
function parseCorsOrigins(value: string | undefined): string[] {
  if (!value) return [];
  const origins = value
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const origin of origins) {
    if (!/^https?:\/\/[^\s/?#*]+$/.test(origin)) {
      throw new ConfigError(`CORS_ORIGINS: "${origin}" is not an origin; write each as https://host[:port], separated by commas.`);
    }
  }
  return origins;
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === 'false' || value === '0') return false;
  // Not "trust every X-Forwarded-For entry": the client writes the first ones itself, and would
  // choose its own address (and escape the login limit). One hop: the nearest proxy's view.
  if (value === 'true') return 1;
  // A hop count ("1") or a list of addresses/subnets ("10.0.0.0/8,127.0.0.1").
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** "A is not set", "A and B are not set", "A, B and C are not set". */
function notSet(names: string[]): string {
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
  return `${list} ${names.length === 1 ? 'is' : 'are'} not set`;
}

/** The message provider's settings, or a sentence naming every one that is missing. */
function messageSettings(e: z.infer<typeof envSchema>): Pick<Config, 'whatsapp' | 'twilio'> {
  if (e.MESSAGE_PROVIDER === 'whatsapp') {
    const missing = (['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const).filter((name) => !e[name]);
    if (missing.length > 0) {
      throw new ConfigError(
        `MESSAGE_PROVIDER is whatsapp but ${notSet(missing)}; set ${missing.length === 1 ? 'it' : 'them'} (from the WhatsApp settings of the company's Meta app; the verify token is one you choose when registering the webhook), or MESSAGE_PROVIDER=none.`,
      );
    }
    return {
      whatsapp: {
        phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID!,
        accessToken: e.WHATSAPP_ACCESS_TOKEN!,
        appSecret: e.WHATSAPP_APP_SECRET!,
        verifyToken: e.WHATSAPP_VERIFY_TOKEN!,
        apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ''),
      },
      twilio: undefined,
    };
  }
  if (e.MESSAGE_PROVIDER === 'twilio') {
    const missing = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const).filter((name) => !e[name]);
    if (missing.length > 0) {
      throw new ConfigError(
        `MESSAGE_PROVIDER is twilio but ${notSet(missing)}; set ${missing.length === 1 ? 'it' : 'them'} (from the Twilio console), or MESSAGE_PROVIDER=none.`,
      );
    }
    // Twilio posts each message's statuses to PUBLIC_URL and signs that address: without it they could never arrive or be checked.
    if (!e.PUBLIC_URL) {
      throw new ConfigError(
        "MESSAGE_PROVIDER is twilio but PUBLIC_URL is not set; set PUBLIC_URL to the site's address (such as https://rent.example.com), where Twilio sends each message's statuses and the customers' replies.",
      );
    }
    return {
      whatsapp: undefined,
      twilio: { accountSid: e.TWILIO_ACCOUNT_SID!, authToken: e.TWILIO_AUTH_TOKEN!, from: e.TWILIO_FROM!, apiUrl: e.TWILIO_API_URL.replace(/\/+$/, '') },
    };
  }
  return { whatsapp: undefined, twilio: undefined };
}

/** Reads and checks the settings; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const message = issue?.message ?? 'invalid value';
    throw new ConfigError(message.includes(variable) ? message : `${variable}: ${message}`);
  }
  const e = result.data;
  if (e.OWNER_PASSWORD && !e.OWNER_EMAIL) throw new ConfigError('OWNER_PASSWORD is set but OWNER_EMAIL is not; set both.');
  if (e.PAYMENT_PROVIDER === 'wipay' && (!e.WIPAY_ACCOUNT_NUMBER || !e.WIPAY_API_KEY)) {
    throw new ConfigError(
      'PAYMENT_PROVIDER is wipay but WIPAY_ACCOUNT_NUMBER or WIPAY_API_KEY is not set; set both (from the WiPay dashboard), or PAYMENT_PROVIDER=none.',
    );
  }
  // WiPay sends the customer's browser back to PUBLIC_URL; without it the return address would be
  // http://localhost:PORT, which the customer's phone cannot reach, so paid cards would never come back.
  if (e.PAYMENT_PROVIDER === 'wipay' && !e.PUBLIC_URL) {
    throw new ConfigError(
      "PAYMENT_PROVIDER is wipay but PUBLIC_URL is not set; set PUBLIC_URL to the site's address (such as https://rent.example.com), where WiPay sends customers back after they pay.",
    );
  }
  const messages = messageSettings(e);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    ownerEmail: e.OWNER_EMAIL?.toLowerCase(),
    ownerPassword: e.OWNER_PASSWORD,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    publicUrl: e.PUBLIC_URL,
    corsOrigins: parseCorsOrigins(e.CORS_ORIGINS),
    holdMinutes: e.HOLD_MINUTES,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    companyEmail: e.COMPANY_EMAIL?.toLowerCase(),
    paymentProvider: e.PAYMENT_PROVIDER,
    wipay:
      e.PAYMENT_PROVIDER === 'wipay'
        ? { accountNumber: e.WIPAY_ACCOUNT_NUMBER!, apiKey: e.WIPAY_API_KEY!, environment: e.WIPAY_ENVIRONMENT, url: e.WIPAY_URL.replace(/\/+$/, '') }
        : undefined,
    paymentSandboxPort: e.PAYMENT_SANDBOX_PORT,
    messageProvider: e.MESSAGE_PROVIDER,
    ...messages,
    messageSandboxPort: e.MESSAGE_SANDBOX_PORT,
    documentQuotaMb: e.DOCUMENT_QUOTA_MB,
    uploadDiskFloorMb: e.UPLOAD_DISK_FLOOR_MB,
  };
}

/** Settings for tests and tools: defaults, then the given overrides (no environment read). */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), logLevel: 'silent', ...overrides };
}
