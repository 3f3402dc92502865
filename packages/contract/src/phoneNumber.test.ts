/**
 * A phone as typed, read into E.164: Jamaican numbers in every shape people write them, other
 * countries' numbers with their +, and plain words for what cannot be a phone.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phoneProblem } from './accountFields';
import { PHONE_WORDS, phoneE164, readPhone, showPhone } from './phoneNumber';

/** Digits of a North American number whose area code and exchange start with 2-9. */
const nanpDigits = fc
  .tuple(fc.integer({ min: 2, max: 9 }), fc.stringMatching(/^[0-9]{2}$/), fc.integer({ min: 2, max: 9 }), fc.stringMatching(/^[0-9]{6}$/))
  .map(([a, b, c, d]) => `${a}${b}${c}${d}`);
/** The separators people put between groups of digits. */
const separator = fc.constantFrom('', ' ', '-', ' - ');

describe('a Jamaican number, however it is typed', () => {
  it('reads every usual shape as +18765550142', () => {
    for (const typed of [
      '+1 876 555 0142',
      '(876) 555-0142',
      '876-555-0142',
      '8765550142',
      '18765550142',
      '1-876-555-0142',
      ' +1 (876) 555-0142 ',
      '555-0142',
      '5550142',
    ]) {
      expect([typed, phoneE164(typed)]).toEqual([typed, '+18765550142']);
    }
  });

  it('keeps the area code 658 when it is given', () => {
    expect(phoneE164('+1 658 555 0142')).toBe('+16585550142');
    expect(phoneE164('658-555-0142')).toBe('+16585550142');
  });

  it('reads seven digits as a number of the area code 876 (the company is in Jamaica)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }), fc.stringMatching(/^[0-9]{6}$/), separator, (first, rest, sep) => {
        const typed = `${first}${rest.slice(0, 2)}${sep}${rest.slice(2)}`;
        expect(phoneE164(typed)).toBe(`+1876${first}${rest}`);
      }),
    );
  });

  it('reads ten digits, or eleven starting with 1, with or without +1, as the same North American number', () => {
    fc.assert(
      fc.property(nanpDigits, separator, fc.constantFrom('', '1', '+1', '+1 ', '1-'), (digits, sep, prefix) => {
        const typed = `${prefix}${digits.slice(0, 3)}${sep}${digits.slice(3, 6)}${sep}${digits.slice(6)}`;
        expect(readPhone(typed)).toEqual({ kind: 'understood', e164: `+1${digits}` });
        expect(showPhone(`+1${digits}`)).toBe(`+1 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`);
      }),
    );
  });
});

describe("another country's number", () => {
  it('is kept as given, in E.164, when written with + and its country code', () => {
    expect(phoneE164('+44 20 7946 0018')).toBe('+442079460018');
    expect(phoneE164('+49 (30) 901820')).toBe('+4930901820');
    expect(showPhone('+442079460018')).toBe('+442079460018');
  });

  it('without its +, is kept as typed but not understood, saying how to write it', () => {
    for (const typed of ['0207 946 0018', '020 7946 0018 1', '01234567']) {
      expect(readPhone(typed)).toEqual({ kind: 'unsure', why: PHONE_WORDS.unsure });
      expect(phoneProblem(typed)).toBeUndefined();
    }
  });
});

describe('what cannot be a phone', () => {
  it('is refused in plain words', () => {
    const cases: [string, string][] = [
      ['call me', PHONE_WORDS.characters],
      ['876.555.0142', PHONE_WORDS.characters],
      ['876 +555 0142', PHONE_WORDS.plusFirst],
      ['555-014', PHONE_WORDS.tooFewDigits],
      ['(((---)))', PHONE_WORDS.tooFewDigits],
      ['+1 876 555 01423 9999', PHONE_WORDS.tooManyDigits],
      ['+0 876 555 0142', PHONE_WORDS.zeroCountry],
      ['+1 876 555 014', PHONE_WORDS.nanpLength],
      ['+1 876 155 0142', PHONE_WORDS.nanpShape],
      ['9'.repeat(41), PHONE_WORDS.tooLong],
    ];
    for (const [typed, words] of cases) expect([typed, readPhone(typed)]).toEqual([typed, { kind: 'wrong', problem: words }]);
  });

  it('is exactly what the forms refuse: understood and unsure numbers are kept, nothing typed is no phone', () => {
    const typed = fc.oneof(fc.string({ maxLength: 45 }), fc.stringMatching(/^\+?[0-9 ()-]{0,44}$/));
    fc.assert(
      fc.property(typed, (phone) => {
        const reading = readPhone(phone);
        expect(phoneProblem(phone) !== undefined).toBe(reading.kind === 'wrong');
        if (phone.trim() === '') expect(reading.kind).toBe('none');
      }),
      { numRuns: 1000 },
    );
  });
});

describe('the E.164 form', () => {
  it('is always + and 7 to 15 digits, never starting with 0, and reading it again gives itself', () => {
    const typed = fc.oneof(fc.stringMatching(/^\+?[0-9 ()-]{0,20}$/), nanpDigits, fc.stringMatching(/^[0-9]{7}$/));
    fc.assert(
      fc.property(typed, (phone) => {
        const e164 = phoneE164(phone);
        if (e164 === null) return;
        expect(e164).toMatch(/^\+[1-9][0-9]{6,14}$/);
        expect(phoneE164(e164)).toBe(e164);
        // The same digits the person typed, at most with the country code and Jamaica's 876 put in front.
        expect(e164.endsWith(phone.replace(/[^0-9]/g, '').replace(/^1(?=[0-9]{10}$)/, ''))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
