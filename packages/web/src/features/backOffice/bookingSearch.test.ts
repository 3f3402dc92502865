import { MESSAGES } from '@rental/contract/messages';
import { describe, expect, it } from 'vitest';
import { bookingQuery, emptyListText, filtersProblem, isFiltered, listedText, NO_FILTERS } from './bookingSearch';
import { downloadName } from './staffDownload';

describe('Manage Bookings’ query', () => {
  it('sends only what is set, the search trimmed', () => {
    expect(bookingQuery(NO_FILTERS)).toEqual({});
    expect(bookingQuery({ search: '  wr 7k3m ', status: 'pending', paymentStatus: '', from: '2026-12-01', to: '', owingAfterReturn: false })).toEqual({
      q: 'wr 7k3m',
      status: 'pending',
      from: '2026-12-01',
    });
    expect(isFiltered({ ...NO_FILTERS, search: '   ' })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, paymentStatus: 'paid' })).toBe(true);
    // The returned bookings still owing: a toll or ticket added after the return.
    expect(bookingQuery({ ...NO_FILTERS, owingAfterReturn: true })).toEqual({ balance: 'owing_after_return' });
  });

  it('says at once when the days are the wrong way round', () => {
    expect(filtersProblem({ ...NO_FILTERS, from: '2026-12-05', to: '2026-12-04' })).toBe(MESSAGES.bookingDatesReversed);
    expect(filtersProblem({ ...NO_FILTERS, from: '2026-12-05', to: '2026-12-05' })).toBeNull();
    expect(filtersProblem({ ...NO_FILTERS, from: '2026-12-05' })).toBeNull();
  });

  it('words an empty list for what was asked', () => {
    expect(emptyListText(NO_FILTERS)).toMatch(/^No bookings yet/);
    expect(emptyListText({ ...NO_FILTERS, status: 'cancelled' })).toBe('No booking matches these filters.');
    expect(emptyListText({ ...NO_FILTERS, search: 'Brown' })).toMatch(/^No booking matches “Brown”\. Try/);
    expect(emptyListText({ ...NO_FILTERS, search: 'Brown', to: '2026-12-01' })).toMatch(/^No booking matches “Brown” with these filters\./);
  });

  it('counts what is shown and says when there is more', () => {
    expect(listedText(0, false)).toBe('');
    expect(listedText(1, false)).toBe('Showing 1 booking, newest first.');
    expect(listedText(50, true)).toBe('Showing 50 bookings, newest first; Load more shows older ones.');
  });

  it('names the download as the server does', () => {
    expect(downloadName('attachment; filename="bookings-2026-11-23.csv"')).toBe('bookings-2026-11-23.csv');
    expect(downloadName(null)).toBe('bookings.csv');
  });
});
