/**
 * Every message a customer or staff member can read says what is wrong in plain words: no API
 * keys (pickupDate, fuel_type), no formats (YYYY-MM-DD, JSON), no zod or JavaScript words. This
 * walks MESSAGES, the date rules' sentences and every message the request schemas can produce.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { depositNotice, DEFAULT_COMPANY } from './company';
import { ENDPOINTS, MESSAGE_BAD_IMAGE_WIDTH } from './endpoints';
import { BLOCK_MESSAGES, MESSAGES } from './messages';
import { addDays, companyToday, rentalDatesProblem } from './rentalDates';
import { carFormFields } from './schemas';

/** What a developer would write and a customer should never read. */
const NOT_PLAIN = [
  [/\b[a-z]+[A-Z][A-Za-z]*\b/, 'a camelCase key'],
  [/\b[a-z]+_[a-z_]+\b/, 'a snake_case key'],
  [/YYYY|MM-DD|\bJSON\b|multipart|\bnull\b|\bundefined\b|\bNaN\b|\bstring\b|\bboolean\b|\barray\b|\bobject\b/i, 'a format or a type'],
  [/^(Invalid (input|option|string|number|type)|Too (big|small)|Unrecognized key|Expected)\b/, "zod's own wording"],
] as const;

function expectPlain(message: string, where: string) {
  for (const [pattern, what] of NOT_PLAIN) expect(message, `${where}: ${what} in "${message}"`).not.toMatch(pattern);
  // SPEC's own short toasts ("You have been logged out", "No cars available") end without a full stop.
  expect(message, `${where}: starts with a capital`).toMatch(/^[A-Z"]/);
}

/** Values no field takes: missing, of another type, empty, blank, far too long, hidden characters, odd numbers. */
const BAD_VALUES: unknown[] = [
  undefined,
  null,
  42,
  4.5,
  -1,
  true,
  [],
  {},
  '',
  '   ',
  'x'.repeat(5000),
  'a\u202eb',
  'a\u0000b',
  'a\nb',
  'not right',
  '2026-02-30',
  '99999999',
  'http://x',
];

function messagesOf(schema: z.ZodObject, where: string): [string, string][] {
  const found: [string, string][] = [];
  for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    for (const value of BAD_VALUES) {
      const result = field.safeParse(value);
      if (!result.success) for (const issue of result.error.issues) found.push([`${where}.${key} = ${JSON.stringify(value)?.slice(0, 20)}`, issue.message]);
    }
  }
  return found;
}

describe('messages in plain words', () => {
  it('MESSAGES', () => {
    for (const [key, message] of Object.entries(MESSAGES)) expectPlain(message, key);
    // The service blocks' sentences, kept apart from the public pages' MESSAGES
    for (const [key, message] of Object.entries(BLOCK_MESSAGES)) expectPlain(message, key);
  });

  it('the date rules, the deposit notice and the picture width', () => {
    const today = companyToday();
    for (const [pickup, ret] of [
      ['2026-02-30', today],
      [today, 'soon'],
      [addDays(today, -1), today],
      [addDays(today, 400), addDays(today, 401)],
      [addDays(today, 3), addDays(today, 2)],
      [today, addDays(today, 100)],
    ]) {
      const problem = rentalDatesProblem(pickup!, ret!);
      expect(problem, `${pickup}..${ret}`).not.toBeNull();
      expectPlain(problem!.message, `dates ${pickup}..${ret}`);
    }
    expectPlain(depositNotice(DEFAULT_COMPANY), 'deposit notice');
    expectPlain(MESSAGE_BAD_IMAGE_WIDTH, 'picture width');
  });

  it('every message a request schema of the endpoint table (and the car form) can give', () => {
    const schemas: [string, z.ZodObject][] = [['carData', carFormFields]];
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      // Path parameters are always text (they are part of the address), so they refuse nothing;
      // multipart fields are read by the handlers (carData above).
      for (const part of ['body', 'query'] as const) {
        const schema = (endpoint as Record<string, unknown>)[part] as z.ZodObject | undefined;
        if (schema) schemas.push([`${name}.${part}`, schema]);
      }
    }
    let checked = 0;
    for (const [where, schema] of schemas) {
      for (const [case_, message] of messagesOf(schema, where)) {
        expectPlain(message, case_);
        checked += 1;
      }
    }
    // Enough cases that every field met a few bad values.
    expect(checked).toBeGreaterThan(300);
  });
});
