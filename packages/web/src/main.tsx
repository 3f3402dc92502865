import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import App from './App';
import { CappedToaster } from './components/CappedToaster';
import { RouteErrorBoundary } from './components/ErrorBoundary';
import { createQueryClient } from './lib/queryClient';
import { SessionProvider } from './session/SessionProvider';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <BrowserRouter>
        <SessionProvider>
          <RouteErrorBoundary>
            <App />
          </RouteErrorBoundary>
        </SessionProvider>
      </BrowserRouter>
      <CappedToaster />
    </QueryClientProvider>
  </StrictMode>,
);
