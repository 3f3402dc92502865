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
