/** Session tokens: HS256 JWTs with the user's id as `sub`, valid for 7 days. */
import { randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import { settings } from '../../db/schema';
import type { Database } from '../../db/types';
import { eq } from 'drizzle-orm';

export const SESSION_DAYS = 7;
const ALGORITHM = 'HS256';
const JWT_SECRET_SETTING = 'jwt_secret';

export type SessionKey = Uint8Array;

export async function signSessionToken(key: SessionKey, userId: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_DAYS}d`)
    .sign(key);
}

export type TokenCheck = { ok: true; userId: string } | { ok: false; reason: 'expired' | 'invalid' };

export async function checkSessionToken(key: SessionKey, token: string): Promise<TokenCheck> {
  try {
    // Only HS256: "alg: none" and any other algorithm are refused.
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] });
    if (typeof payload.sub !== 'string' || payload.sub === '') return { ok: false, reason: 'invalid' };
    return { ok: true, userId: payload.sub };
  } catch (err) {
    if (err instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
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
