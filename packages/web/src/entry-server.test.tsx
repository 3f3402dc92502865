/**
 * The server's drawing of the public pages (decision 075) with the real components and the real
 * API's answers: the HTML holds the cars and their prices before any script runs, and the
 * browser's code takes that HTML over (hydration) without redrawing it, refetching or mismatching.
 */
import { HOME_FEATURED_CARS } from '@rental/contract/constants';
import { formatMoney } from '@rental/contract/format';
import { CARS_PAGE_SIZE, type CarsPageResponse } from '@rental/contract/schemas';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { noteDrawnFields } from './lib/drawnField';
import { BrowserRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppRoot } from './AppRoot';
import { type FetchedQuery, pageQueries, ready, renderPage } from './entry-server';
import { createQueryClient } from './lib/queryClient';
import { answersCheckedAt, fillQueryCache, scriptSafeJson, type ServerQuery } from './lib/serverState';
import { addCar, serverUrl, testApi, uniqueWord } from './test/api';

/** What the server does for a page: the API answers it needs, fetched as the server would. */
async function answersFor(pathname: string): Promise<FetchedQuery[]> {
  const queries = pageQueries(pathname);
  if (!queries) throw new Error(`${pathname} is not drawn on the server`);
  return Promise.all(queries.map(async ({ queryKey, path }) => ({ queryKey, answer: await (await fetch(`${serverUrl()}${path}`)).json() })));
}

/** What the HTML reads as, before any script (React's <!-- --> text separators gone). */
function textOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/**
 * Drawn whole on the server: no part left for the browser to draw (<!--$!-->), and no inline
 * script to put a part in place (the Content-Security-Policy, script-src 'self', refuses them).
 */
function expectWhole(html: string): void {
  expect(html).not.toContain('<!--$!-->');
  expect(html).not.toContain('<script');
}

/** Counts the API calls the page makes from now on. */
function watchApiCalls(): string[] {
  const calls: string[] = [];
  const realFetch = window.fetch;
  window.fetch = (input, init) => {
    calls.push(String(input instanceof Request ? input.url : input));
    return realFetch(input, init);
  };
  cleanups.push(() => {
    window.fetch = realFetch;
  });
  return calls;
}

// React's act() outside Testing Library's render: tell React this is a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

/** The browser's side, as main.tsx does it: the server's HTML in #root, the cache filled from its state, hydrateRoot. */
async function hydrate(url: string, html: string, state: string, checkedAt?: number): Promise<unknown[]> {
  window.history.replaceState(null, '', url);
  document.body.innerHTML = `<div id="root">${html}</div>`;
  const root = document.getElementById('root')!;
  const queryClient = createQueryClient();
  fillQueryCache(queryClient, JSON.parse(state) as ServerQuery[], checkedAt);
  const problems: unknown[] = [];
  const consoleError = console.error;
  console.error = (...args: unknown[]) => problems.push(args.map(String).join(' '));
  cleanups.push(() => {
    console.error = consoleError;
  });
  noteDrawnFields(root);
  await act(async () => {
    hydrateRoot(root, <AppRoot queryClient={queryClient} Router={BrowserRouter} />, {
      onRecoverableError: (error) => problems.push(error),
    });
  });
  cleanups.push(() => queryClient.clear());
  return problems;
}

describe('pages drawn on the server', () => {
  it("/cars holds the fleet's first page with prices and the whole count in the HTML, and hydrates without a redraw or an API call", async () => {
    await ready;
    const brand = uniqueWord('Drawn');
    await addCar({ brand, model: 'Axio', pricePerDay: 7300 });
    const fetched = await answersFor('/cars');
    const pageAnswer = fetched.find(({ queryKey }) => queryKey[0] === 'cars')?.answer as CarsPageResponse | undefined;
    const cars = pageAnswer?.cars ?? [];
    // The newest car first, on the first page.
    expect(cars.some((c) => c.brand === brand)).toBe(true);
    expect(cars.length).toBeLessThanOrEqual(CARS_PAGE_SIZE);
    const { cars: fleet } = await testApi().call('cars');
    expect(pageAnswer?.total).toBe(fleet.length);

    const { html, state } = await renderPage('/cars', fetched);
    expectWhole(html);
    const text = textOf(html);
    for (const car of cars) expect(text).toContain(`${car.brand} ${car.model}${car.category}`);
    expect(text).toContain(`${brand} Axio`);
    expect(text).toContain(`${formatMoney(7300, 'JMD')} / day`);
    expect(text).toContain(`Showing ${fleet.length} Cars`);

    const calls = watchApiCalls();
    const problems = await hydrate('/cars', html, state);
    expect(problems).toEqual([]);
    expect(screen.getByText(`Showing ${fleet.length} Cars`)).toBeInTheDocument();
    expect(calls.filter((url) => url.includes('/api/user/cars') || url.includes('/api/company'))).toEqual([]);
    // The same page, now alive: the search goes into the address and asks the server (CarsPage.test.tsx has the answer shown).
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search vehicles' }), { target: { value: brand } });
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('search')).toBe(brand));
    await waitFor(() => expect(calls.some((url) => url.includes(`/api/user/cars/page?search=${brand}`))).toBe(true));
  });

  it("a car's page holds the car, its price and reserved dates, and the home page its featured cars", async () => {
    await ready;
    const car = await addCar({ brand: uniqueWord('Page'), model: 'Vitz', pricePerDay: 6100 });
    const url = `/car-details/${car._id}`;
    const { html, state } = await renderPage(url, await answersFor(url));
    expectWhole(html);
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect(page.querySelector('h1')?.textContent).toBe(`${car.brand} ${car.model}`);
    expect(page.body.textContent).toContain(formatMoney(6100, 'JMD'));
    expect(await hydrate(url, html, state)).toEqual([]);

    const home = await renderPage('/', await answersFor('/'));
    expectWhole(home.html);
    expect(textOf(home.html)).toContain('Featured vehicles');
    expect(textOf(home.html)).toContain(`${car.brand} Vitz`);
    expect(textOf(home.html)).not.toContain('Loading featured cars');
  });

  it('a page the server kept since it was drawn an hour ago comes alive without asking for its answers again', async () => {
    await ready;
    const { html, state } = await renderPage('/', await answersFor('/'));
    // As the server sends it an hour later: the same answers (the kept page is keyed by them), dated by its drawing.
    const anHourAgo = Date.now() - 60 * 60_000;
    const kept = scriptSafeJson((JSON.parse(state) as ServerQuery[]).map((query) => ({ ...query, updatedAt: anHourAgo })));
    const calls = watchApiCalls();
    expect(await hydrate('/', html, kept, answersCheckedAt({ transferSize: 900 }, Date.now()))).toEqual([]);
    expect(screen.getByText('Featured vehicles')).toBeInTheDocument();
    // The answers it was drawn with (another test's page, still settling, may ask for its own).
    expect(calls.filter((url) => url.includes(`/api/user/cars/page?size=${HOME_FEATURED_CARS}`) || url.includes('/api/company'))).toEqual([]);
  });

  it('a drawn page the browser took from its own cache asks for its answers again once they are old', async () => {
    await ready;
    const { html, state } = await renderPage('/', await answersFor('/'));
    const anHourAgo = Date.now() - 60 * 60_000;
    const kept = scriptSafeJson((JSON.parse(state) as ServerQuery[]).map((query) => ({ ...query, updatedAt: anHourAgo })));
    const calls = watchApiCalls();
    expect(await hydrate('/', html, kept, answersCheckedAt({ transferSize: 0 }, Date.now()))).toEqual([]);
    await waitFor(() => expect(calls.some((url) => url.includes('/api/user/cars/page'))).toBe(true));
    expect(calls.some((url) => url.includes('/api/company'))).toBe(true);
  });

  it('pages behind a login are left to the browser', () => {
    for (const path of ['/my-bookings', '/account', '/owner', '/payment/x/2030-01-01/2030-01-02']) expect(pageQueries(path)).toBeNull();
  });

  it('keeps the embedded data inside its script element whatever a car description says', () => {
    const value = { description: '</script><script>alert(1)</script><!-- \u2028' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/<\/script|<!--/i);
    expect(JSON.parse(json)).toEqual(value);
  });
});
