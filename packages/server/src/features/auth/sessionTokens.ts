/**
 * Session tokens: HS256 JWTs with the user's id as `sub`, the account's session version as `sv`,
 * valid for 7 days. A token without `exp` is refused (it would never end), and so is one more than
 * 7 days past its `iat` whatever its `exp` says (a leaked key could otherwise mint year-long
 * sessions), or without `iat`, or with an `iat` in the future. One whose `sv` is not the account's
 * version any more (password or role changed since) is refused by the guards.
 *
 * fast-jwt rather than jose: its HMAC is node:crypto's, checked synchronously; jose goes
 * through WebCrypto, whose asynchronous job was 16% of the server's CPU in a booking storm.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { settings } from '../../db/schema';
import type { Database } from '../../db/types';

export const SESSION_DAYS = 7;
const ALGORITHM = 'HS256';
const JWT_SECRET_SETTING = 'jwt_secret';
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;
/** Instances sharing one database may disagree on the time by a little; more is a forged start. */
const CLOCK_SKEW_MS = 60 * 1000;

export type SessionKey = Uint8Array;

/**
 * sessionVersion: the account's users.session_version now (0 for a new account). A token with an
 * older version is refused, so a forgotten version fails closed.
 */
export async function signSessionToken(key: SessionKey, userId: string, sessionVersion = 0): Promise<string> {
  const sign = createSigner({ key: Buffer.from(key), algorithm: ALGORITHM, expiresIn: SESSION_MS });
  return sign({ sub: userId, sv: sessionVersion });
}

export type TokenCheck = { ok: true; userId: string; sessionVersion: number } | { ok: false; reason: 'expired' | 'invalid' };

/** A checker of this key's tokens: only HS256 ("alg: none" and any other algorithm are refused), `exp`, `iat` and `sub` required. */
export function sessionTokenChecker(key: SessionKey): (token: string) => TokenCheck {
  const verify = createVerifier({ key: Buffer.from(key), algorithms: [ALGORITHM], requiredClaims: ['exp', 'iat', 'sub'], maxAge: SESSION_MS, cache: false });
  return (token) => {
    let payload: { sub?: unknown; sv?: unknown; iat?: unknown };
    try {
      payload = verify(token);
    } catch (err) {
      return { ok: false, reason: err instanceof TokenError && err.code === TokenError.codes.expired ? 'expired' : 'invalid' };
    }
    if (typeof payload.sub !== 'string' || payload.sub === '') return { ok: false, reason: 'invalid' };
    // maxAge counts from iat: a start in the future would stretch the session past its 7 days.
    if (typeof payload.iat !== 'number' || payload.iat * 1000 > Date.now() + CLOCK_SKEW_MS) return { ok: false, reason: 'invalid' };
    // Tokens signed before session versions existed carry none: they are version 0, every account's first.
    const sv = payload.sv === undefined ? 0 : payload.sv;
    if (typeof sv !== 'number' || !Number.isSafeInteger(sv) || sv < 0) return { ok: false, reason: 'invalid' };
    return { ok: true, userId: payload.sub, sessionVersion: sv };
  };
}

/**
 * The signing key: JWT_SECRET when set, otherwise a secret generated once and kept in the
 * settings table, so tokens survive restarts and every instance shares it.
 */
export async function loadSessionKey(db: Database, configured: string | undefined): Promise<SessionKey> {
  if (configured) return new TextEncoder().encode(configured);
  // Two instances starting together may both generate one; the first insert wins and both read it back.
  await db
    .insert(settings)
    .values({ key: JWT_SECRET_SETTING, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, JWT_SECRET_SETTING));
  if (!row) throw new Error('The session secret could not be stored in the settings table.');
  return new TextEncoder().encode(row.value);
}
