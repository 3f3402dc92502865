import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusPill } from '../bookings/StatusPill';
import { StatusBadge } from './StatusBadge';

/** The colour family a status is drawn in, read from its classes (jsdom draws no CSS). */
const hue = (element: HTMLElement) => element.className.match(/\bbg-(amber|emerald|red)-/)?.[1];

describe('a booking waiting for confirmation', () => {
  it('is amber on staff screens (dashboard, today’s pickups), in words, never the red of a cancelled one', () => {
    render(
      <>
        <StatusBadge status="pending" />
        <StatusBadge status="confirmed" />
        <StatusBadge status="cancelled" />
      </>,
    );
    expect(hue(screen.getByText('Waiting for confirmation'))).toBe('amber');
    expect(hue(screen.getByText('Confirmed'))).toBe('emerald');
    expect(hue(screen.getByText('Cancelled'))).toBe('red');
  });

  it('is amber on the customer’s pages too', () => {
    render(
      <>
        <StatusPill status="pending" reason={null} />
        <StatusPill status="cancelled" reason="customer" />
      </>,
    );
    expect(hue(screen.getByText('Waiting for confirmation'))).toBe('amber');
    expect(hue(screen.getByText('Cancelled by you'))).toBe('red');
  });
});

describe('the counter’s statuses', () => {
  it('draw a car out on rent green, a returned one grey, a no-show red, in words', () => {
    render(
      <>
        <StatusBadge status="on_rent" />
        <StatusBadge status="returned" />
        <StatusBadge status="no_show" />
        <StatusPill status="returned" reason={null} />
      </>,
    );
    expect(hue(screen.getByText('Picked up'))).toBe('emerald');
    expect(screen.getAllByText('Returned').map((element) => element.className.match(/\bbg-(slate)-/)?.[1])).toEqual(['slate', 'slate']);
    expect(hue(screen.getByText('No-show'))).toBe('red');
  });
});
