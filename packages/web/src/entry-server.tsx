/**
 * Server rendering of the public pages (decision 075): the server asks which API answers a page
 * shows (pageQueries), fetches them itself, and renderPage draws the page's HTML with them and
 * returns the query cache to embed, so the browser paints before any script and hydrates.
 * Built by `vite build --ssr` into packages/web/dist-ssr; the server imports it at start.
 */
import { HOME_FEATURED_CARS, OTHER_CARS_ON_DETAIL } from '@rental/contract/constants';
import { type EndpointName, pathFor } from '@rental/contract/routes';
import type { CarsPageQuery } from '@rental/contract/schemas';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { preloadPublicPages } from './App';
import { AppRoot } from './AppRoot';
import { carsPageQueryOf, firstCarsQuery } from './features/cars/carsPageQuery';
import { createQueryClient } from './lib/queryClient';
import { queryKeys } from './lib/queryKeys';
import { fillQueryCache, type ServerQuery, scriptSafeJson } from './lib/serverState';
import { type DrawnPageMeta, DrawnPageMetaContext } from './lib/usePageMeta';

/** One API answer a page shows: where the server gets it, and the query it fills in the browser. */
export type PageQuery = { queryKey: readonly unknown[]; endpoint: EndpointName; path: string };
export type FetchedQuery = { queryKey: readonly unknown[]; answer: unknown };

const query = (queryKey: readonly unknown[], endpoint: EndpointName, params?: Record<string, string>): PageQuery => ({
  queryKey,
  endpoint,
  path: pathFor(endpoint, params),
});

/** A page of the fleet, asked as the browser's page asks it (carsPageQuery.ts). */
function carsPage(pageQuery: CarsPageQuery): PageQuery {
  const search = new URLSearchParams(pageQuery as Record<string, string>).toString();
  return { queryKey: queryKeys.carsPage(pageQuery), endpoint: 'carsPage', path: `${pathFor('carsPage')}${search ? `?${search}` : ''}` };
}

/**
 * The API answers a page needs for its first paint, or null for a page drawn in the browser only
 * (a customer's own pages, the owner's, forms behind a login: nothing to show before the session).
 * `url` is the path with the query string the page reads (the server's drawnPageUrl): /cars draws
 * the page of the fleet its address asks for; with a trip's dates it shows the free cars, asked
 * in the browser.
 */
export function pageQueries(url: string): PageQuery[] | null {
  const at = url.indexOf('?');
  const pathname = at < 0 ? url : url.slice(0, at);
  const params = new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
  const company = query(queryKeys.company, 'company');
  if (pathname === '/') return [carsPage(firstCarsQuery(HOME_FEATURED_CARS)), company];
  if (pathname === '/cars') return params.has('pickupDate') && params.has('returnDate') ? [company] : [carsPage(carsPageQueryOf(params)), company];
  const car = /^\/car-details\/([^/]+)$/.exec(pathname);
  if (car?.[1]) {
    const id = decodeURIComponent(car[1]);
    return [carsPage(firstCarsQuery(OTHER_CARS_ON_DETAIL + 1)), company, query(queryKeys.car(id), 'car', { id })];
  }
  return null;
}

/** The page's module as Vite's manifest names it, so the server can announce its chunk (modulepreload). */
export function pageModule(pathname: string): string | undefined {
  if (pathname === '/') return 'src/pages/HomePage.tsx';
  if (pathname === '/cars') return 'src/pages/CarsPage.tsx';
  if (pathname.startsWith('/car-details/')) return 'src/pages/CarDetailsPage.tsx';
  return undefined;
}

/** Every page's code is loaded once at start, so no page waits for its code on the first visit. */
export const ready: Promise<void> = preloadPublicPages();

function AtUrl(url: string) {
  return function Router({ children }: { children: ReactNode }) {
    return <StaticRouter location={url}>{children}</StaticRouter>;
  };
}

/** React's mark of a part it could not draw on the server (a lazy part still loading), left to the browser. */
const LEFT_TO_BROWSER = '<!--$!-->';
/** Enough for lazy parts nested a few deep; each pass starts the loads the previous one met. */
const MAX_PASSES = 4;

/**
 * The page at `url` (path and query) as HTML, and the query cache (JSON safe in a script) it was
 * drawn with. renderToString cannot wait for a part loaded lazily (a gallery, a chunk): the first
 * pass starts those loads and the page is drawn again once they are here, so it comes whole.
 * (The streaming renderers wait, but put late parts in place with inline scripts, which the
 * site's Content-Security-Policy refuses.)
 */
export async function renderPage(url: string, fetched: FetchedQuery[]): Promise<{ html: string; state: string } & DrawnPageMeta> {
  const queryClient = createQueryClient();
  const updatedAt = Date.now();
  const state: ServerQuery[] = fetched.map(({ queryKey, answer }) => ({ queryKey, answer, updatedAt }));
  fillQueryCache(queryClient, state);
  try {
    let html = '';
    // The page's title and description with the company's name, for the head (the built index.html's are generic).
    let meta: DrawnPageMeta = {};
    for (let pass = 1; pass <= MAX_PASSES; pass += 1) {
      meta = {};
      const tell = (drawn: DrawnPageMeta) => {
        meta = drawn;
      };
      html = renderToString(
        <DrawnPageMetaContext.Provider value={tell}>
          <AppRoot queryClient={queryClient} Router={AtUrl(url)} />
        </DrawnPageMetaContext.Provider>,
      );
      if (!html.includes(LEFT_TO_BROWSER)) break;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    return { html, state: scriptSafeJson(state), ...meta };
  } finally {
    queryClient.clear();
  }
}
