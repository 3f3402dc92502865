import { describe, expect, it } from 'vitest';
import { mapRecord, recordOf } from './records';
import { DELIVERY_PLACES } from './quote';

describe('recordOf', () => {
  it('gives each word of the list its value, in the list order', () => {
    const record = recordOf(DELIVERY_PLACES, (place, index) => `${index}:${place}`);
    expect(Object.keys(record)).toEqual([...DELIVERY_PLACES]);
    expect(Object.values(record)).toEqual(DELIVERY_PLACES.map((place, index) => `${index}:${place}`));
  });

  it('keeps a value that is undefined as a key of its own', () => {
    expect(
      Object.hasOwn(
        recordOf(['a', 'b'], () => undefined),
        'b',
      ),
    ).toBe(true);
  });
});

describe('mapRecord', () => {
  it('keeps every key and makes each value from the old one', () => {
    expect(mapRecord({ a: 1, b: 2 }, (value, key) => `${key}${value * 10}`)).toEqual({ a: 'a10', b: 'b20' });
  });
});
