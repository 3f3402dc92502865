import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../lib/lazyPage';
import { CHUNK_FAILED_MESSAGE, ErrorBoundary, RENDER_FAILED_MESSAGE } from './ErrorBoundary';

function Broken(): never {
  throw new Error('a bug in a page');
}

describe('a page that cannot be shown', () => {
  // React reports the caught error on the console; it is expected here.
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
  afterEach(() => quiet.mockClear());

  it('shows a friendly page with a reload button instead of a blank screen', () => {
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Sorry, this page did not load' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(RENDER_FAILED_MESSAGE);
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });

  it('asks for a reload when a page’s code is gone after a new release', async () => {
    const Gone = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/CarsPage-old.js')));
    render(
      <ErrorBoundary>
        <Gone />
      </ErrorBoundary>,
    );
    expect(await screen.findByText(CHUNK_FAILED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });
});
