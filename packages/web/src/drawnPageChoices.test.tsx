/**
 * What a visitor does in a page drawn on the server before its code has arrived (decision 086):
 * the real pages drawn as the server draws them, fields changed in the HTML as a browser changes
 * them (no React yet, so no events reach it), then taken over as main.tsx does. The choices must
 * be the form's own from then on: shown, kept through the next render and sent.
 */
import { addDays, companyToday } from '@rental/contract/rentalDates';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { noteDrawnFields } from './lib/drawnField';
import { BrowserRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppRoot } from './AppRoot';
import { pageQueries, ready, renderPage } from './entry-server';
import { formatCalendarDate } from './lib/dates';
import { createQueryClient } from './lib/queryClient';
import { fillQueryCache, type ServerQuery } from './lib/serverState';
import { addCar, serverUrl, uniqueWord } from './test/api';

// React's act() outside Testing Library's render: tell React this is a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

/**
 * The page as the server sends it, in #root; `visitor` then acts on the bare HTML; then the
 * browser's code takes it over. Returns what React reported as wrong on the way (nothing, we hope).
 */
async function drawnThenTakenOver(url: string, visitor: () => void): Promise<unknown[]> {
  await ready;
  const queries = pageQueries(url) ?? [];
  const fetched = await Promise.all(queries.map(async ({ queryKey, path }) => ({ queryKey, answer: await (await fetch(`${serverUrl()}${path}`)).json() })));
  const { html, state } = await renderPage(url, fetched);
  window.history.replaceState(null, '', url);
  document.body.innerHTML = `<div id="root">${html}</div>`;
  visitor();

  const root = document.getElementById('root')!;
  const queryClient = createQueryClient();
  fillQueryCache(queryClient, JSON.parse(state) as ServerQuery[]);
  const problems: unknown[] = [];
  const consoleError = console.error;
  console.error = (...args: unknown[]) => problems.push(args.map(String).join(' '));
  cleanups.push(() => {
    console.error = consoleError;
    queryClient.clear();
  });
  noteDrawnFields(root);
  await act(async () => {
    const app = hydrateRoot(root, <AppRoot queryClient={queryClient} Router={BrowserRouter} />, {
      onRecoverableError: (error) => problems.push(error),
    });
    cleanups.push(() => app.unmount());
  });
  return problems;
}

/** What a browser does to a field the visitor fills in: its value changes, nothing else. */
function fillDrawn(label: string, value: string): void {
  const field = screen.getByLabelText(label);
  if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) throw new Error(`${label} is not a field`);
  field.value = value;
  expect(field.value).toBe(value);
}

describe('a drawn page taken over by its code', () => {
  it('keeps the car type and days chosen on the home page before, and Book now sends them', async () => {
    const pickupDate = addDays(companyToday(), 20);
    const returnDate = addDays(companyToday(), 23);
    const problems = await drawnThenTakenOver('/', () => {
      fillDrawn('Car type', 'SUV');
      fillDrawn('Pickup date', pickupDate);
      fillDrawn('Return date', returnDate);
    });
    expect(problems).toEqual([]);

    // The form has them: it writes the chosen days out beneath the fields, as it does for a choice made later.
    expect(await screen.findByText(formatCalendarDate(pickupDate))).toBeInTheDocument();
    expect(screen.getByText(formatCalendarDate(returnDate))).toBeInTheDocument();
    expect(screen.getByLabelText<HTMLSelectElement>('Car type').value).toBe('SUV');
    expect(screen.getByLabelText<HTMLInputElement>('Pickup date').value).toBe(pickupDate);

    fireEvent.click(screen.getByRole('button', { name: 'Book now' }));
    await waitFor(() => expect(window.location.pathname).toBe('/cars'));
    const params = new URLSearchParams(window.location.search);
    expect([params.get('category'), params.get('pickupDate'), params.get('returnDate')]).toEqual(['SUV', pickupDate, returnDate]);
  });

  it('keeps the words typed in the car list search before, and filters the cars by them', async () => {
    const brand = uniqueWord('Typed');
    const other = uniqueWord('Other');
    await addCar({ brand, model: 'Fielder', pricePerDay: 6900 });
    await addCar({ brand: other, model: 'Fielder', pricePerDay: 6900 });
    const problems = await drawnThenTakenOver('/cars', () => fillDrawn('Search vehicles', brand));
    expect(problems).toEqual([]);

    // Asked of the server once the typing has settled.
    expect(await screen.findByText('Showing 1 Cars', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(`${brand} Fielder`)).toBeInTheDocument();
    expect(screen.queryByText(`${other} Fielder`)).not.toBeInTheDocument();
    // The search is the page's own: its clear button is there and empties it, and the fleet is back.
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search vehicles' }).value).toBe(''));
    expect(await screen.findByText(`${other} Fielder`)).toBeInTheDocument();
  });

  it('keeps the days chosen in the car list before, and Show free cars sends them', async () => {
    const pickupDate = addDays(companyToday(), 31);
    const returnDate = addDays(companyToday(), 33);
    const problems = await drawnThenTakenOver('/cars', () => {
      fillDrawn('Pickup date', pickupDate);
      fillDrawn('Return date', returnDate);
    });
    expect(problems).toEqual([]);

    // The form has them: it writes the chosen days out beneath the fields.
    expect(await screen.findByText(formatCalendarDate(pickupDate))).toBeInTheDocument();
    expect(screen.getByText(formatCalendarDate(returnDate))).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show free cars' }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('pickupDate')).toBe(pickupDate));
    expect(new URLSearchParams(window.location.search).get('returnDate')).toBe(returnDate);
  });

  it('a page nobody touched is taken over as it was drawn', async () => {
    const problems = await drawnThenTakenOver('/', () => undefined);
    expect(problems).toEqual([]);
    expect(screen.getByLabelText<HTMLSelectElement>('Car type').value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Book now' }));
    expect(await screen.findByText('Please choose a car type.')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });
});
