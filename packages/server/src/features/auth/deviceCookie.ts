/**
 * Known browsers, as in OWASP's "device cookies" scheme: a successful login (or registration, or a
 * password reset) leaves in the browser an HttpOnly cookie naming the account and a random device
 * id, signed with a key derived from the session secret. At the next login, a browser showing a
 * valid entry for the account it opens is counted on its own (features/auth/loginLimits.ts), not
 * with strangers, so guessers elsewhere cannot lock the account's own person out.
 * An entry is only good for its own account: a forged one, or one for another account, is ignored.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse, serialize } from 'cookie';

export const DEVICE_COOKIE = 'rental_device';
/** Only the account calls read it (register, log in, reset): pages and pictures do not carry it. */
export const DEVICE_COOKIE_PATH = '/api/user/';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Accounts one browser remembers (a family computer, the office's), the latest first. */
const MAX_ACCOUNTS = 5;

export interface DeviceEntry {
  userId: string;
  deviceId: string;
}

export type DeviceKey = Buffer;

/** Its own key, so a device cookie's signature can never pass for anything else signed with the session secret. */
export function deviceKey(sessionKey: Uint8Array): DeviceKey {
  return createHmac('sha256', sessionKey).update('rental device cookie v1').digest();
}

function signature(key: DeviceKey, entry: DeviceEntry): string {
  return createHmac('sha256', key).update(`${entry.userId}.${entry.deviceId}`).digest('base64url');
}

function validSignature(key: DeviceKey, entry: DeviceEntry, given: string): boolean {
  const expected = Buffer.from(signature(key, entry));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The correctly signed entries of a request's Cookie header; anything else in it is ignored. */
export function readDevices(key: DeviceKey, cookieHeader: string | undefined): DeviceEntry[] {
  if (!cookieHeader) return [];
  const value = parse(cookieHeader)[DEVICE_COOKIE];
  if (!value) return [];
  const entries: DeviceEntry[] = [];
  for (const part of value.split('~').slice(0, MAX_ACCOUNTS)) {
    const [userId, deviceId, given, ...rest] = part.split('.');
    if (!userId || !deviceId || !given || rest.length > 0) continue;
    const entry = { userId, deviceId };
    if (validSignature(key, entry, given)) entries.push(entry);
  }
  return entries;
}

/** This browser's device id for the account, when it holds a valid entry for it. */
export function knownDevice(entries: DeviceEntry[], userId: string): string | undefined {
  return entries.find((e) => e.userId === userId)?.deviceId;
}

/**
 * The Set-Cookie header once the account's own person has shown the password (or the e-mailed
 * link): its entry first, keeping its device id, then the browser's other accounts.
 * Secure over https only: on a plain-HTTP local network a Secure cookie would never come back.
 */
export function deviceCookieFor(key: DeviceKey, entries: DeviceEntry[], userId: string, secure: boolean): string {
  const own = entries.find((e) => e.userId === userId) ?? { userId, deviceId: randomBytes(16).toString('base64url') };
  const kept = [own, ...entries.filter((e) => e.userId !== userId)].slice(0, MAX_ACCOUNTS);
  const value = kept.map((e) => `${e.userId}.${e.deviceId}.${signature(key, e)}`).join('~');
  return serialize(DEVICE_COOKIE, value, { httpOnly: true, sameSite: 'lax', secure, path: DEVICE_COOKIE_PATH, maxAge: MAX_AGE_SECONDS });
}

/** Whether the browser reached the site over https (directly, or through a trusted proxy, or PUBLIC_URL says so). */
export function overHttps(request: { protocol: string }, publicUrl: string | undefined): boolean {
  return request.protocol === 'https' || Boolean(publicUrl?.startsWith('https://'));
}
