/**
 * The booking life's table says which steps send a letter (contract bookingLife.ts); the letters are
 * made from the steps' events by features/mail. The two must agree: a step the table says writes
 * to someone has a maker, and a step it says is silent has none.
 */
import { BOOK_STEP, BOOKING_LIFE, type BookingEvent } from '@rental/contract';
import { describe, expect, it } from 'vitest';
import { KINDS_WITH_LETTERS } from '../src/features/mail';

describe("the booking life's letters", () => {
  it('are made exactly for the steps whose table entry names one', () => {
    const said = new Map<BookingEvent, boolean>([['book', BOOK_STEP.letter !== null]]);
    for (const steps of Object.values(BOOKING_LIFE)) {
      for (const [event, step] of Object.entries(steps) as [BookingEvent, { letter: string | null }][]) {
        // One event is one maker: the table must not say "a letter" from one status and "none" from another.
        if (said.has(event)) expect(said.get(event), event).toBe(step.letter !== null);
        said.set(event, step.letter !== null);
      }
    }
    for (const [event, letter] of said) expect(KINDS_WITH_LETTERS.has(event), `${event}: the table says ${letter ? 'a letter' : 'none'}`).toBe(letter);
  });
});
