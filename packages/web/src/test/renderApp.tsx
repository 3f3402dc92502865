import { TOKEN_STORAGE_KEY } from '@rental/contract/constants';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, parsePath, useLocation } from 'react-router';
import App from '../App';
import { CappedToaster } from '../components/CappedToaster';
import { toastQueryError } from '../lib/queryClient';
import { SessionProvider } from '../session/SessionProvider';

/** Shows the current route, as the address bar would. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * The whole app at a route, against the real API server, optionally logged in with a token, and
 * with the state a link or a navigate() would give the page (location.state).
 */
export function renderApp(route: string, options: { token?: string; state?: unknown } = {}) {
  if (options.token) localStorage.setItem(TOKEN_STORAGE_KEY, options.token);
  const queryClient = new QueryClient({ queryCache: new QueryCache({ onError: toastQueryError }), defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.state === undefined ? route : { ...parsePath(route), state: options.state }]}>
        <SessionProvider>
          <App />
          <LocationProbe />
        </SessionProvider>
      </MemoryRouter>
      <CappedToaster />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
