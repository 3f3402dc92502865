import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ACCOUNT_TYPES, BOOKING_STATUSES, CAR_CATEGORIES, FUEL_TYPES, MIN_CAR_YEAR, PAYMENT_METHODS, TRANSMISSIONS } from './constants';
import { DEFAULT_COMPANY } from './company';
import {
  bankDetails,
  carFormFields,
  changeStatusBody,
  checkAvailabilityBody,
  createBookingBody,
  firstIssueMessage,
  loginBody,
  registerBody,
  responses,
  storedBankDetails,
} from './schemas';

const nonBlank = (max: number) => fc.string({ minLength: 1, maxLength: max }).filter((s) => s.trim().length > 0);
const wholeIn = (min: number, max: number) => fc.oneof(fc.integer({ min, max }), fc.integer({ min, max }).map(String));

const validCarForm = fc.record({
  brand: nonBlank(60),
  model: nonBlank(60),
  year: wholeIn(MIN_CAR_YEAR, new Date().getUTCFullYear()),
  pricePerDay: wholeIn(1, 1_000_000),
  category: fc.constantFrom(...CAR_CATEGORIES),
  transmission: fc.constantFrom(...TRANSMISSIONS),
  fuel_type: fc.constantFrom(...FUEL_TYPES),
  seating_capacity: wholeIn(1, 60),
  location: fc.constantFrom(...DEFAULT_COMPANY.locations),
  description: nonBlank(2000),
});

const validBank = fc.record({
  bankName: nonBlank(100),
  accountHolderName: nonBlank(100),
  branch: nonBlank(100),
  accountNumber: fc
    .stringMatching(/^[0-9]{5,20}$/)
    .chain((digits) => fc.constantFrom(digits, digits.replace(/(\d{3})(?=\d)/g, '$1-'), digits.replace(/(\d{4})(?=\d)/g, '$1 '))),
  accountType: fc.constantFrom(...ACCOUNT_TYPES),
});

const validBooking = fc.record({
  car: fc.uuid(),
  pickupDate: fc.constant('2026-05-01'),
  returnDate: fc.constant('2026-05-04'),
  paymentMethod: fc.constantFrom(...PAYMENT_METHODS),
});

/** The keys an attacker would try to slip in (the original server copied them onto records). */
const hostileKey = fc.oneof(
  fc.constantFrom(
    '_id',
    'id',
    'owner',
    'role',
    'price',
    'status',
    'isAvaliable',
    'isAvailable',
    'userId',
    'user',
    '__proto__',
    'constructor',
    'deletedAt',
    'imageId',
  ),
  fc.string({ minLength: 1, maxLength: 12 }),
);
const extras = fc.dictionary(hostileKey, fc.anything(), { maxKeys: 6 });

/** Values of a type the field does not take. */
const notText = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }), fc.object({ maxDepth: 1 }));
const notWholeNumber = fc.oneof(
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.object({ maxDepth: 1 }),
  fc.double({ noInteger: true, noNaN: true }),
  fc.constantFrom('twelve', '12.5', '-3', '1e3', '', ' ', '0x10'),
);
const notInList = (values: readonly string[]) =>
  fc.oneof(
    notText,
    fc.string({ maxLength: 20 }).filter((s) => !values.includes(s)),
  );

/** How each form (and each message) names a field: the words people read, never the API's key. */
const LABELS: Record<string, RegExp> = {
  brand: /Brand/,
  model: /Model/,
  year: /Year/,
  pricePerDay: /Price per day/,
  category: /category/,
  transmission: /transmission/,
  fuel_type: /fuel type/,
  seating_capacity: /Seating capacity/,
  location: /Location|location/,
  description: /Description/,
  bankName: /Bank name/,
  accountHolderName: /Account holder name/,
  branch: /Branch/,
  accountNumber: /Account number/,
  accountType: /account type/,
  car: /the car/,
  carId: /the car/,
  bookingId: /the booking/,
  status: /status/,
  pickupDate: /pickup date/,
  returnDate: /return date/,
  paymentMethod: /how to pay/,
  name: /Name/,
  email: /E-mail address|e-mail address/,
  password: /Password/,
  doors: /Doors/,
  distancePerDay: /Daily distance allowance/,
};

function expectRefusalNaming(schema: z.ZodType, input: unknown, field: string) {
  const result = schema.safeParse(input);
  expect(result.success, `${field} = ${JSON.stringify((input as Record<string, unknown>)[field])}`).toBe(false);
  if (result.success) return;
  const message = firstIssueMessage(result.error);
  const label = LABELS[field];
  expect(label, `a label for ${field}`).toBeDefined();
  expect(message).toMatch(label!);
  // The sentence is the schema's own, worded for people: a key like pricePerDay or fuel_type never shows.
  if (/[A-Z_]/.test(field)) expect(message).not.toContain(field);
}

describe('carFormFields', () => {
  it('accepts the form and reads only its fields, whatever else carData holds', () => {
    fc.assert(
      fc.property(validCarForm, extras, (form, extra) => {
        const input = { ...extra, ...form };
        const result = carFormFields.safeParse(input);
        expect(result.success).toBe(true);
        if (!result.success) return;
        expect(Object.keys(result.data).sort()).toEqual(Object.keys(form).sort());
        expect(result.data.year).toBe(Number(form.year));
        expect(result.data.pricePerDay).toBe(Number(form.pricePerDay));
        expect(result.data.brand).toBe(form.brand.trim());
        expect(Object.getPrototypeOf(result.data)).toBe(Object.prototype);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a wrong type in any field with a message naming that field', () => {
    const wrongValue: Record<string, fc.Arbitrary<unknown>> = {
      brand: notText,
      model: notText,
      description: notText,
      year: notWholeNumber,
      pricePerDay: fc.oneof(notWholeNumber, fc.integer({ max: 0 }), fc.integer({ min: 1_000_001 })),
      seating_capacity: fc.oneof(notWholeNumber, fc.integer({ max: 0 })),
      category: notInList(CAR_CATEGORIES),
      transmission: notInList(TRANSMISSIONS),
      fuel_type: notInList(FUEL_TYPES),
      // Any text names a location here: the company's list lives in its settings, and the server checks it.
      location: notText,
      // Optional (null = the usual), but never anything else.
      doors: fc.oneof(fc.boolean(), fc.constantFrom('four', '2.5', '', ' ', '0x4'), fc.integer({ max: 0 }), fc.integer({ min: 7 })),
      distancePerDay: fc.oneof(fc.boolean(), fc.constantFrom('300 km', '', '1e3', '-5'), fc.integer({ max: 0 }), fc.integer({ min: 5001 })),
    };
    const broken = fc
      .constantFrom(...Object.keys(wrongValue))
      .chain((field) => fc.tuple(fc.constant(field), validCarForm, wrongValue[field] as fc.Arbitrary<unknown>));
    fc.assert(
      fc.property(broken, ([field, form, value]) => {
        expectRefusalNaming(carFormFields, { ...form, [field]: value }, field);
      }),
      { numRuns: 500 },
    );
  });

  it('names a missing field', () => {
    fc.assert(
      // Doors, the distance allowance, the plate, the odometer and its correction may be left out: SPEC's client never sends them.
      fc.property(
        validCarForm,
        fc.constantFrom(
          ...Object.keys(carFormFields.shape).filter((f) => !['doors', 'distancePerDay', 'plate', 'odometerKm', 'odometerCorrection'].includes(f)),
        ),
        (form, field) => {
          const input: Record<string, unknown> = { ...form };
          delete input[field];
          expectRefusalNaming(carFormFields, input, field);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('bankDetails', () => {
  it('keeps only the five fields of the form', () => {
    fc.assert(
      fc.property(validBank, extras, (bank, extra) => {
        const result = bankDetails.safeParse({ ...extra, ...bank });
        expect(result.success).toBe(true);
        if (result.success) expect(Object.keys(result.data).sort()).toEqual(Object.keys(bank).sort());
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a wrong type with a message naming the field', () => {
    const wrongValue: Record<string, fc.Arbitrary<unknown>> = {
      bankName: notText,
      accountHolderName: notText,
      branch: notText,
      accountNumber: fc.oneof(notText, fc.constantFrom('12<script>', '1;DROP', '12\n34')),
      accountType: notInList(ACCOUNT_TYPES),
    };
    const broken = fc
      .constantFrom(...Object.keys(wrongValue))
      .chain((field) => fc.tuple(fc.constant(field), validBank, wrongValue[field] as fc.Arbitrary<unknown>));
    fc.assert(
      fc.property(broken, ([field, bank, value]) => expectRefusalNaming(bankDetails, { ...bank, [field]: value }, field)),
      { numRuns: 200 },
    );
  });

  describe('the account number customers pay into', () => {
    const bank = { bankName: 'NCB', accountHolderName: 'Waterford', branch: 'Portmore', accountType: 'Savings' };
    const answer = (accountNumber: unknown) => {
      const result = bankDetails.safeParse({ ...bank, accountNumber });
      return result.success ? result.data.accountNumber : firstIssueMessage(result.error);
    };

    it('takes 5 to 20 digits, grouped by spaces or dashes as people write them', () => {
      for (const number of ['12345', '354-1027-889', '0071 556 9012', '12345678901234567890', ' 404-118-2207 ']) {
        expect(answer(number)).toBe(number.trim());
      }
    });

    it.each([
      ['abc', 'Account number may hold only digits, spaces and dashes.'],
      ['12AB3456', 'Account number may hold only digits, spaces and dashes.'],
      ['１２３４５', 'Account number may hold only digits, spaces and dashes.'],
      ['123.456.789', 'Account number may hold only digits, spaces and dashes.'],
      ['1234', 'Account number must have at least 5 digits.'],
      ['12-34', 'Account number must have at least 5 digits.'],
      ['---- ----', 'Account number must have at least 5 digits.'],
      ['123456789012345678901', 'Account number can have at most 20 digits.'],
      [`1${' -'.repeat(20)}2345`, 'Account number can be at most 40 characters long.'],
      ['   ', 'Account number is required.'],
    ])('refuses %j: %s', (number, message) => {
      expect(answer(number)).toBe(message);
    });

    it('any text of other characters is refused, with a sentence naming the account number', () => {
      fc.assert(
        fc.property(
          fc.string({ minLength: 1, maxLength: 30 }).filter((s) => /[^0-9 -]/.test(s.trim())),
          (number) => {
            expect(answer(number)).toMatch(/^Account number /);
          },
        ),
        { numRuns: 300 },
      );
    });

    it('a number stored before the rule is still read back as it is', () => {
      const stored = { ...bank, accountNumber: 'abc' };
      // Without other accounts (an answer from before them): none.
      expect(storedBankDetails.parse(stored)).toEqual({ ...stored, otherAccounts: [] });
      expect(responses.publicBankDetails.parse({ success: true, bankDetails: stored }).bankDetails).toEqual({ ...stored, otherAccounts: [] });
      const withOther = { ...stored, otherAccounts: [{ ...bank, accountNumber: 'old-number' }] };
      expect(storedBankDetails.parse(withOther)).toEqual(withOther);
    });
  });
});

describe('createBookingBody', () => {
  it('drops price, status, user and other fields a client must not set', () => {
    fc.assert(
      fc.property(validBooking, extras, (booking, extra) => {
        const result = createBookingBody.safeParse({ ...extra, ...booking });
        expect(result.success).toBe(true);
        if (result.success) expect(Object.keys(result.data).sort()).toEqual(['car', 'paymentMethod', 'pickupDate', 'returnDate']);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses impossible dates and unknown payment methods, naming the field', () => {
    const wrongValue: Record<string, fc.Arbitrary<unknown>> = {
      car: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.constant(''), fc.object({ maxDepth: 1 })),
      pickupDate: fc.oneof(notText, fc.constantFrom('2026-02-30', '2026-13-01', '2025-02-29', '01/05/2026', '2026-5-1', '')),
      returnDate: fc.oneof(notText, fc.constantFrom('2026-02-30', '2026-13-01', '2025-02-29', 'tomorrow')),
      paymentMethod: notInList(PAYMENT_METHODS),
    };
    const broken = fc
      .constantFrom(...Object.keys(wrongValue))
      .chain((field) => fc.tuple(fc.constant(field), validBooking, wrongValue[field] as fc.Arbitrary<unknown>));
    fc.assert(
      fc.property(broken, ([field, booking, value]) => expectRefusalNaming(createBookingBody, { ...booking, [field]: value }, field)),
      { numRuns: 300 },
    );
  });
});

describe('the other request bodies', () => {
  it('refuse a wrong type with a message naming the field', () => {
    const cases: Array<[z.ZodType, Record<string, unknown>, string, unknown]> = [
      [changeStatusBody, { bookingId: 'x', status: 'confirmed' }, 'status', 'done'],
      [changeStatusBody, { bookingId: 'x', status: 'confirmed' }, 'bookingId', 42],
      [checkAvailabilityBody, { location: DEFAULT_COMPANY.locations[0]!, pickupDate: '2026-05-01', returnDate: '2026-05-02' }, 'location', 42],
      [checkAvailabilityBody, { location: DEFAULT_COMPANY.locations[0]!, pickupDate: '2026-05-01', returnDate: '2026-05-02' }, 'pickupDate', '2026-02-30'],
      [registerBody, { name: 'Ann', email: 'ann@example.com', password: 'long enough' }, 'email', 'not-an-email'],
      [registerBody, { name: 'Ann', email: 'ann@example.com', password: 'long enough' }, 'password', 'short'],
      [registerBody, { name: 'Ann', email: 'ann@example.com', password: 'long enough' }, 'name', { $ne: null }],
      [loginBody, { email: 'ann@example.com', password: 'x' }, 'password', { $gt: '' }],
      [loginBody, { email: 'ann@example.com', password: 'x' }, 'email', ['ann@example.com']],
    ];
    for (const [schema, valid, field, value] of cases) {
      expect(schema.safeParse(valid).success).toBe(true);
      expectRefusalNaming(schema, { ...valid, [field]: value }, field);
    }
  });

  it('never lets a status outside the three through', () => {
    fc.assert(
      fc.property(fc.string(), (status) => {
        expect(changeStatusBody.safeParse({ bookingId: 'x', status }).success).toBe((BOOKING_STATUSES as readonly string[]).includes(status));
      }),
    );
  });

  it('answer a body that is not an object with a sentence, never throwing', () => {
    const schemas = [carFormFields, bankDetails, createBookingBody, changeStatusBody, checkAvailabilityBody, registerBody, loginBody];
    fc.assert(
      fc.property(
        fc.constantFrom(...schemas),
        fc.oneof(fc.constant(null), fc.constant(undefined), fc.string(), fc.integer(), fc.array(fc.anything(), { maxLength: 3 })),
        (schema, body) => {
          const result = schema.safeParse(body);
          expect(result.success).toBe(false);
          if (!result.success) expect(firstIssueMessage(result.error).length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 200 },
    );
  });
});

/** Oracle: encodeURIComponent refuses exactly the strings with a lone surrogate (they have no UTF-8 form). */
function isWellFormed(value: string): boolean {
  try {
    encodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}

/** Oracle: control characters (C0, DEL, C1) and the bidi overrides and isolates, by code point. */
function hasControlOrBidi(value: string, multiline = false): boolean {
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (multiline && (char === '\n' || char === '\r' || char === '\t')) continue;
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return true;
  }
  return false;
}

describe('text fields', () => {
  it('accept any well-formed unicode, and refuse what PostgreSQL cannot store (U+0000, lone surrogates) with a message naming the field', () => {
    const valid = { bankName: 'NCB', accountHolderName: 'Waterford', branch: 'Portmore', accountNumber: '12345', accountType: 'Savings' };
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }), (value) => {
        const result = bankDetails.safeParse({ ...valid, branch: value });
        // Control and bidi-override characters are refused too (see the next test).
        const storable = !value.includes('\u0000') && isWellFormed(value) && value.trim().length > 0 && !hasControlOrBidi(value.trim());
        expect(result.success).toBe(storable);
        if (!result.success) expect(firstIssueMessage(result.error)).toContain('Branch');
      }),
      { numRuns: 1000 },
    );
    expect(bankDetails.safeParse({ ...valid, branch: 'Zoë 🚗 عربي' }).success).toBe(true);
    expect(firstIssueMessage(carFormFields.safeParse({ brand: 'a\u0000b' }).error!)).toBe(
      'Brand contains characters that cannot be stored. Please remove them.',
    );
  });
});

describe('names and texts refuse control and bidi-override characters', () => {
  const validBank = { bankName: 'NCB', accountHolderName: 'Waterford', branch: 'Portmore', accountNumber: '12345', accountType: 'Savings' };
  const validCar = {
    brand: 'Toyota',
    model: 'Axio',
    year: 2020,
    pricePerDay: 5000,
    category: CAR_CATEGORIES[0],
    transmission: TRANSMISSIONS[0],
    fuel_type: FUEL_TYPES[0],
    seating_capacity: 5,
    location: DEFAULT_COMPANY.locations[0]!,
    description: 'A clean car.',
  };

  it.each([
    ['a right-to-left override', 'Toyota\u202eoiD'],
    ['a left-to-right embedding', '\u202aToyota'],
    ['a pop directional formatting', 'Toy\u202cota'],
    ['a right-to-left isolate', 'Toy\u2067ota'],
    ['a pop directional isolate', 'Toyota\u2069x'],
    ['an escape (terminal colours)', '\u001b[31mToyota'],
    ['a backspace', 'Toyotax\u0008'],
    ['DEL', 'Toy\u007fota'],
    ['a C1 control', 'Toy\u0085ota'],
    ['a line break', 'Toy\nota'],
    ['a tab', 'Toy\tota'],
  ])('%s in a name is refused with a message naming the field', (_label, brand) => {
    const result = carFormFields.safeParse({ ...validCar, brand });
    expect(result.success).toBe(false);
    expect(firstIssueMessage(result.error!)).toBe('Brand must be one line, without invisible control characters. Please type it again.');
    const name = registerBody.safeParse({ name: brand, email: 'ann@example.com', password: 'long enough' });
    expect(firstIssueMessage(name.error!)).toContain('Name must be one line');
    const bank = bankDetails.safeParse({ ...validBank, accountHolderName: brand });
    expect(firstIssueMessage(bank.error!)).toContain('Account holder name must be one line');
  });

  it('a description may have lines and tabs, but no other control or bidi-override character', () => {
    expect(carFormFields.safeParse({ ...validCar, description: 'Clean.\r\nAir conditioning.\n\tBluetooth.' }).success).toBe(true);
    for (const description of ['Clean\u202e.', 'Clean\u001b.', 'Clean\u2066.']) {
      const result = carFormFields.safeParse({ ...validCar, description });
      expect(firstIssueMessage(result.error!)).toBe('Description contains invisible control characters. Please type it again.');
    }
  });

  it('NUL keeps its own message; the marks real scripts need (ZWJ, RLM, combining accents) and other languages pass', () => {
    expect(firstIssueMessage(carFormFields.safeParse({ ...validCar, brand: 'a\u0000b' }).error!)).toBe(
      'Brand contains characters that cannot be stored. Please remove them.',
    );
    for (const brand of ['Zoë 🚗', 'عربي\u200f', 'e\u0301', '👨\u200d👩\u200d👧', 'שלום', '日本']) {
      expect(carFormFields.safeParse({ ...validCar, brand }).success, JSON.stringify(brand)).toBe(true);
    }
  });
});
