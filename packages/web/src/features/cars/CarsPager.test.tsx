import { describe, expect, it } from 'vitest';
import { pageNumbers } from './CarsPager';

describe('the car list pages shown', () => {
  it('shows every page of a short list', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows the first, the last and two on each side of the current page, with gaps between', () => {
    expect(pageNumbers(1, 167)).toEqual([1, 2, 3, null, 167]);
    expect(pageNumbers(40, 167)).toEqual([1, null, 38, 39, 40, 41, 42, null, 167]);
    expect(pageNumbers(167, 167)).toEqual([1, null, 165, 166, 167]);
    // No gap where the pages meet.
    expect(pageNumbers(4, 9)).toEqual([1, 2, 3, 4, 5, 6, null, 9]);
  });
});
