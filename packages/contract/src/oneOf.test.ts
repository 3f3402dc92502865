import { describe, expect, it } from 'vitest';
import { isOneOf } from './oneOf';
import { BOOKING_STATUSES } from './constants';

describe('isOneOf', () => {
  it('knows the words of its list, and no others', () => {
    expect(isOneOf(BOOKING_STATUSES, 'confirmed')).toBe(true);
    expect(isOneOf(BOOKING_STATUSES, 'Confirmed')).toBe(false);
    expect(isOneOf(BOOKING_STATUSES, '')).toBe(false);
    expect(isOneOf(BOOKING_STATUSES, undefined)).toBe(false);
  });
});
