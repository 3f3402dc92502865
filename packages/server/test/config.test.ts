import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('settings from the environment', () => {
  it('has working defaults on a bare machine', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      jwtSecret: undefined,
      ownerEmail: undefined,
      ownerPassword: undefined,
      redisUrl: undefined,
      logLevel: 'info',
      trustProxy: false,
      publicUrl: undefined,
      corsOrigins: [],
      holdMinutes: 2880,
      logFormat: 'auto',
      paymentProvider: 'none',
      messageProvider: 'none',
      documentQuotaMb: 40,
      uploadDiskFloorMb: 1024,
    });
  });

  it('takes card payments only when told, and WiPay only with its account number and key', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'wipay' })).toThrow(
      'PAYMENT_PROVIDER is wipay but WIPAY_ACCOUNT_NUMBER or WIPAY_API_KEY is not set; set both (from the WiPay dashboard), or PAYMENT_PROVIDER=none.',
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow('PAYMENT_PROVIDER must be none, wipay or sandbox.');
    const site = { PUBLIC_URL: 'https://rent.example.com' };
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'wipay', WIPAY_ACCOUNT_NUMBER: '1234567890', WIPAY_API_KEY: 'k' })).toThrow(
      "PAYMENT_PROVIDER is wipay but PUBLIC_URL is not set; set PUBLIC_URL to the site's address (such as https://rent.example.com), where WiPay sends customers back after they pay.",
    );
    expect(() =>
      loadConfig({ ...site, PAYMENT_PROVIDER: 'wipay', WIPAY_ACCOUNT_NUMBER: '1234567890', WIPAY_API_KEY: 'k', WIPAY_ENVIRONMENT: 'production' }),
    ).toThrow('WIPAY_ENVIRONMENT must be sandbox or live.');
    expect(loadConfig({ ...site, PAYMENT_PROVIDER: 'wipay', WIPAY_ACCOUNT_NUMBER: '1234567890', WIPAY_API_KEY: 'k' }).wipay).toEqual({
      accountNumber: '1234567890',
      apiKey: 'k',
      environment: 'sandbox',
      url: 'https://jm.wipayfinancial.com',
    });
    const live = loadConfig({
      ...site,
      PAYMENT_PROVIDER: 'wipay',
      WIPAY_ACCOUNT_NUMBER: '1234567890',
      WIPAY_API_KEY: 'k',
      WIPAY_ENVIRONMENT: 'live',
      WIPAY_URL: 'http://127.0.0.1:4000/',
    });
    expect(live.wipay).toMatchObject({ environment: 'live', url: 'http://127.0.0.1:4000' });
    // The sandbox needs no account: it is WiPay's sandbox account (1234567890, key 123), on this machine.
    expect(loadConfig({ PAYMENT_PROVIDER: 'sandbox', PAYMENT_SANDBOX_PORT: '4001' })).toMatchObject({
      paymentProvider: 'sandbox',
      wipay: undefined,
      paymentSandboxPort: 4001,
    });
    expect(() => loadConfig({ PAYMENT_SANDBOX_PORT: 'x' })).toThrow('PAYMENT_SANDBOX_PORT must be a whole number between 1 and 65535.');
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/rental',
      DATABASE_URL: 'postgres://rental@db:5432/rental',
      JWT_SECRET: 'x'.repeat(40),
      OWNER_EMAIL: 'Boss@Example.com',
      OWNER_PASSWORD: 'long-enough',
      REDIS_URL: 'redis://cache:6379',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', ownerEmail: 'boss@example.com', logLevel: 'warn', trustProxy: 1 });
    // true is one trusted hop (the address the nearest proxy saw), not every X-Forwarded-For entry.
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    expect(loadConfig({ PUBLIC_URL: 'https://rent.example.com/' }).publicUrl).toBe('https://rent.example.com');
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example.com, http://localhost:5173/' }).corsOrigins).toEqual([
      'https://a.example.com',
      'http://localhost:5173',
    ]);
    expect(loadConfig({}).corsOrigins).toEqual([]);
    // An empty variable is the same as an unset one.
    expect(loadConfig({ DATABASE_URL: '', JWT_SECRET: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number between 0 and 65535.'],
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535.'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres:// or postgresql://.'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters long.'],
    [{ OWNER_EMAIL: 'boss' }, 'OWNER_EMAIL must be a valid e-mail address.'],
    [{ OWNER_EMAIL: 'boss@example.com', OWNER_PASSWORD: 'short' }, 'OWNER_PASSWORD must be at least 8 characters long.'],
    [{ OWNER_PASSWORD: 'long-enough' }, 'OWNER_PASSWORD is set but OWNER_EMAIL is not; set both.'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL must start with redis:// or rediss://.'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.'],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT must be json, pretty or auto.'],
    [{ PUBLIC_URL: 'rent.example.com' }, "PUBLIC_URL must be the site's address, such as https://rent.example.com."],
    [{ CORS_ORIGINS: 'https://a.example.com, *' }, 'CORS_ORIGINS: "*" is not an origin'],
    [{ CORS_ORIGINS: 'https://a.example.com/app' }, 'CORS_ORIGINS: "https://a.example.com/app" is not an origin'],
  ])('refuses %o with a sentence naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
