/**
 * The whole app as both the browser (main.tsx) and the server (entry-server.tsx) render it: the
 * two trees must be the same for hydration to keep the server's HTML, so they are written once.
 */
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, StrictMode } from 'react';
import App from './App';
import { CappedToaster } from './components/CappedToaster';
import { RouteErrorBoundary } from './components/ErrorBoundary';
import { NewPageAtTop } from './components/NewPageAtTop';
import { SessionProvider } from './session/SessionProvider';

type Props = {
  queryClient: QueryClient;
  /** BrowserRouter in the browser, a StaticRouter at the requested address on the server. */
  Router: ComponentType<{ children: ReactNode }>;
};

export function AppRoot({ queryClient, Router }: Props) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Router>
          <SessionProvider>
            <NewPageAtTop />
            <RouteErrorBoundary>
              <App />
            </RouteErrorBoundary>
          </SessionProvider>
        </Router>
        <CappedToaster />
      </QueryClientProvider>
    </StrictMode>
  );
}
