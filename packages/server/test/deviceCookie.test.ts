/** The device cookie's rules, without a server: only a correctly signed entry counts, and only for its own account. */
import { randomBytes } from 'node:crypto';
import { parse } from 'cookie';
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE, deviceCookieFor, deviceKey, knownDevice, readDevices } from '../src/features/auth/deviceCookie';

const key = deviceKey(randomBytes(48));
const ann = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';

/** What the browser sends back after this Set-Cookie. */
const sendBack = (setCookie: string) => `${DEVICE_COOKIE}=${parse(setCookie)[DEVICE_COOKIE]}`;

describe('device cookies', () => {
  it('a browser keeps one device id per account across logins, and remembers each account it logged in to', () => {
    const first = sendBack(deviceCookieFor(key, [], ann, false));
    const annDevice = knownDevice(readDevices(key, first), ann);
    expect(annDevice).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(knownDevice(readDevices(key, first), bob)).toBeUndefined();

    const both = sendBack(deviceCookieFor(key, readDevices(key, first), bob, false));
    const again = sendBack(deviceCookieFor(key, readDevices(key, both), ann, false));
    expect(knownDevice(readDevices(key, again), ann)).toBe(annDevice);
    expect(knownDevice(readDevices(key, again), bob)).toBeDefined();
  });

  it('is HttpOnly, SameSite=Lax, sent only to the account calls, and Secure over https', () => {
    const plain = deviceCookieFor(key, [], ann, false);
    expect(plain).toMatch(/HttpOnly/);
    expect(plain).toMatch(/SameSite=Lax/);
    expect(plain).toMatch(/Path=\/api\/user\//);
    expect(plain).not.toMatch(/Secure/);
    expect(deviceCookieFor(key, [], ann, true)).toMatch(/Secure/);
  });

  it('ignores entries signed with another key, altered, or moved to another account', () => {
    const cookie = sendBack(deviceCookieFor(key, [], ann, false));
    expect(readDevices(deviceKey(randomBytes(48)), cookie)).toEqual([]);
    const [userId, deviceId, signature] = cookie.slice(DEVICE_COOKIE.length + 1).split('.');
    expect(readDevices(key, `${DEVICE_COOKIE}=${bob}.${deviceId}.${signature}`)).toEqual([]);
    expect(readDevices(key, `${DEVICE_COOKIE}=${userId}.${deviceId}x.${signature}`)).toEqual([]);
    expect(readDevices(key, `${DEVICE_COOKIE}=${userId}.${deviceId}`)).toEqual([]);
    expect(readDevices(key, `${DEVICE_COOKIE}=%zz; other=1`)).toEqual([]);
    expect(readDevices(key, undefined)).toEqual([]);
  });

  it('remembers the five latest accounts of a shared computer', () => {
    let entries = readDevices(key, undefined);
    const accounts = Array.from({ length: 7 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    for (const id of accounts) entries = readDevices(key, sendBack(deviceCookieFor(key, entries, id, false)));
    expect(entries.map((e) => e.userId)).toEqual(Array.from({ length: 5 }, (_, i) => accounts[6 - i]));
  });
});
